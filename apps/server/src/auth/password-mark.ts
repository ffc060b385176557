// A session's mark of the password it was signed in with (sessions.ts). Its own module, free of the
// password hashing: the database migrations mark sessions too, and the agent hook bundles them.
import crypto from 'node:crypto';

/**
 * Which password a session was signed in with: a digest of the account's password hash then. A
 * session whose mark is not that of the account's hash now was signed in with a password since
 * changed, even by a sign-in checked just before the change and finished just after it.
 */
export function passwordMark(passwordHash: string): string {
  return crypto.createHash('sha256').update(passwordHash, 'utf8').digest('hex').slice(0, 32);
}
