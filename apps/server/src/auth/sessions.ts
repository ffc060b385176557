// Sessions: a bearer token (kept by the browser in localStorage, as the spec's client does) bound
// to a second secret in an HttpOnly, SameSite=Strict cookie. Both are needed; the server keeps
// only their hashes. 'Remember me' keeps a session 30 days, otherwise 12 hours and a browser-session cookie.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { isForeignKeyViolation } from '../db/constraint-errors.ts';
import type { Database } from '../db/database.ts';
import type { AccountsTable } from '../db/tables.ts';
import { HttpError } from '../http/errors.ts';
import { REMEMBER_ME_MS, SESSION_COOKIE, SESSION_MS } from './account-constants.ts';
import { checkCredentials } from './failed-credentials.ts';
import { passwordMark } from './password-mark.ts';
import { hashToken, newToken } from './tokens.ts';

export type Session = { tokenHash: string; account: AccountsTable };

export const SESSION_MESSAGES = {
  missing: 'Please sign in.',
  invalid: 'Your session has ended. Please sign in again.',
} as const;

/**
 * Starts a session for `account`, signed in with its password hash of now (passwordMark), and sets
 * its cookie; the session's bearer token, or null when the account was deleted meanwhile.
 */
export async function startSession(
  db: Database,
  config: Config,
  reply: FastifyReply,
  account: Pick<AccountsTable, 'id' | 'password_hash'>,
  remember: boolean,
  now = Date.now(),
): Promise<string | null> {
  const token = newToken();
  const binder = newToken();
  const lifetime = remember ? REMEMBER_ME_MS : SESSION_MS;
  try {
    await db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        account_id: account.id,
        binder_hash: hashToken(binder),
        remember: remember ? 1 : 0,
        created_at: now,
        expires_at: now + lifetime,
        password_mark: passwordMark(account.password_hash),
      })
      .execute();
  } catch (error) {
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
  // A sign-in keeps the account from being deleted as inactive (account-retention.ts).
  await db.updateTable('accounts').set({ last_active_at: now }).where('id', '=', account.id).execute();
  reply.setCookie(SESSION_COOKIE, binder, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https:'),
    ...(remember ? { maxAge: Math.floor(REMEMBER_ME_MS / 1000) } : {}),
  });
  return token;
}

export function clearSessionCookie(config: Config, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: config.publicUrl.startsWith('https:') });
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The signed-in session of a request (bearer token plus its cookie), or null. A token and cookie
 * that match no live session count against the request's address, which is refused with a 429
 * after too many (failed-credentials.ts).
 */
export async function findSession(db: Database, request: FastifyRequest, now = Date.now()): Promise<Session | null> {
  const sent = sentCredentials(request);
  return sent ? checkCredentials(db, request, () => sessionOf(db, sent, now)) : null;
}

/**
 * The session sign-out ends, or null. Sign-out answers the same whether or not the credentials
 * match, so a miss tells a guesser nothing: it is not counted, and a refused address can still sign out.
 */
export async function sessionToEnd(db: Database, request: FastifyRequest, now = Date.now()): Promise<Session | null> {
  const sent = sentCredentials(request);
  return sent ? sessionOf(db, sent, now) : null;
}

function sentCredentials(request: FastifyRequest): { token: string; binder: string } | null {
  const token = bearerOf(request);
  const binder = request.cookies?.[SESSION_COOKIE];
  return token && binder ? { token, binder } : null;
}

async function sessionOf(db: Database, { token, binder }: { token: string; binder: string }, now: number): Promise<Session | null> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .selectAll('accounts')
    .select(['sessions.binder_hash', 'sessions.expires_at', 'sessions.password_mark'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now || !sameHash(row.binder_hash, hashToken(binder))) return null;
  // Signed in with a password changed since: ended, even when the change's sign-out of every session
  // missed it (its sign-in checked the old password just before the change and started just after),
  // and deleted, as the change would have deleted it, rather than kept until it expires.
  if (row.password_mark !== passwordMark(row.password_hash)) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  const { binder_hash: _binder, expires_at: _expires, password_mark: _mark, ...account } = row;
  return { tokenHash, account };
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** A preValidation hook (credentials before the body's shape): 401 unless the request carries a live session; sets request.session. */
export function requireSession(db: Database) {
  return async (request: FastifyRequest) => {
    const session = await findSession(db, request);
    if (!session) throw new HttpError(401, bearerOf(request) ? SESSION_MESSAGES.invalid : SESSION_MESSAGES.missing);
    request.session = session;
  };
}

export async function revokeSession(db: Database, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function revokeAllSessions(db: Database, accountId: string): Promise<void> {
  await db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
}
