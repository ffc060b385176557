// Sign-in throttling per account and per IP, kept in the database so every instance sees it: a few
// failures are free, then each further failure doubles the wait before the next attempt. Unknown
// emails are throttled exactly like known ones, so the throttle tells nothing about who has an account.
// A password asked again of a signed-in account (a password change, an erasure) shares its account's count.
import { SIGNIN_BASE_DELAY_MS, SIGNIN_FAILURE_WINDOW_MS, SIGNIN_FREE_FAILURES_PER_ACCOUNT, SIGNIN_MAX_DELAY_MS } from './account-constants.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { verifyPassword } from './passwords.ts';

export type ThrottleKey = { key: string; freeFailures: number };

/** The failures of one account's password, wherever it is asked for. */
export const accountThrottle = (email: string): ThrottleKey => ({ key: `account:${email}`, freeFailures: SIGNIN_FREE_FAILURES_PER_ACCOUNT });

/** Milliseconds until the next attempt is allowed for any of the keys; 0 when allowed now. */
export async function waitBeforeAttempt(db: Database, keys: ThrottleKey[], now = Date.now()): Promise<number> {
  const rows = await db.selectFrom('auth_throttle').select(['blocked_until']).where('key', 'in', keys.map((k) => k.key)).execute();
  return Math.max(0, ...rows.map((r) => Number(r.blocked_until) - now));
}

export function delayAfter(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(SIGNIN_MAX_DELAY_MS, SIGNIN_BASE_DELAY_MS * 2 ** (failures - freeFailures));
}

export async function recordFailure(db: Database, keys: ThrottleKey[], now = Date.now()): Promise<void> {
  for (const { key, freeFailures } of keys) {
    const row = await db.selectFrom('auth_throttle').selectAll().where('key', '=', key).executeTakeFirst();
    const previous = row && now - Number(row.updated_at) < SIGNIN_FAILURE_WINDOW_MS ? row.failures : 0;
    const failures = previous + 1;
    const values = { failures, blocked_until: now + delayAfter(failures, freeFailures), updated_at: now };
    if (row) await db.updateTable('auth_throttle').set(values).where('key', '=', key).execute();
    else await db.insertInto('auth_throttle').values({ key, ...values }).onConflict((c) => c.column('key').doUpdateSet(values)).execute();
  }
}

export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}

/**
 * Checks the password of a signed-in account before an action that asks for it again (a password
 * change, an erasure): true when it is right. A wrong one counts as a failed sign-in of the account,
 * and while the account waits nothing is checked and the answer is a 429 with Retry-After: a session
 * alone (a device left signed in) guesses no faster than the sign-in form.
 */
export async function checkAccountPassword(db: Database, account: { email: string; password_hash: string }, password: string): Promise<boolean> {
  const throttle = accountThrottle(account.email);
  const wait = await waitBeforeAttempt(db, [throttle]);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new HttpError(429, `Too many attempts with a wrong password. Please wait ${seconds} seconds and try again.`, undefined, { 'retry-after': String(seconds) });
  }
  if (!(await verifyPassword(account.password_hash, password))) {
    await recordFailure(db, [throttle]);
    return false;
  }
  await clearFailures(db, throttle.key);
  return true;
}
