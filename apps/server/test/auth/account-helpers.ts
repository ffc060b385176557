// Helpers of the account tests: register and sign in through the real API, read the outbox.
import type { FastifyInstance, FastifyReply, LightMyRequestResponse } from 'fastify';
import { startSession } from '../../src/auth/sessions.ts';
import type { Database } from '../../src/db/database.ts';
import type { AccountsTable } from '../../src/db/tables.ts';
import type { TestApp } from '../helpers/test-app.ts';

export const STRONG_PASSWORD = 'Correct-Horse-Battery-9';

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${Math.random().toString(36).slice(2)}@example.com`,
    companyName: 'Analytical Engines Ltd',
    password: STRONG_PASSWORD,
    subscribeNewsletter: false,
    acceptTerms: true,
    termsVersion: '2026-01',
    ...overrides,
  };
}

export type Signed = { token: string; customerId: string; cookie: string; headers: Record<string, string> };

export function sessionOf(response: LightMyRequestResponse): Signed {
  const body = response.json() as { token: string; customerId: string };
  const binder = response.cookies.find((c) => c.name === 'bytebound_session');
  if (!binder) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  const cookie = `bytebound_session=${binder.value}`;
  return { token: body.token, customerId: body.customerId, cookie, headers: { authorization: `Bearer ${body.token}`, cookie } };
}

export async function register(app: FastifyInstance, overrides: Record<string, unknown> = {}, remoteAddress = '127.0.0.1') {
  const body = registration(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { ...sessionOf(response), email: body.email as string, password: body.password as string };
}

export function signIn(app: FastifyInstance, email: string, password: string, rememberMe = false, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password, rememberMe }, remoteAddress });
}

/** Waits for a message to `to` in the development outbox whose subject matches. */
export async function outboxMessage(db: Database, to: string, subject: RegExp, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db.selectFrom('outbox').selectAll().where('recipient', '=', to).orderBy('id', 'desc').execute();
    const found = rows.find((r) => subject.test(r.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email "${subject}" to ${to}; outbox has: ${rows.map((r) => r.subject).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function resetTokenIn(text: string): string {
  const match = /\/auth\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

/**
 * The account's row as a sign-in reads it before checking the password: `lateSession` then finishes
 * that sign-in, as one that checked the password before a change and starts its session after it.
 */
export function accountRow(t: TestApp, id: string): Promise<AccountsTable> {
  return t.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Starts the session of a sign-in that read `account` earlier; its headers, or null when no session started. */
export async function lateSession(t: TestApp, account: Pick<AccountsTable, 'id' | 'password_hash'>): Promise<Record<string, string> | null> {
  let binder = '';
  const reply = { setCookie: (_name: string, value: string) => (binder = value) } as unknown as FastifyReply;
  const token = await startSession(t.db, t.config, reply, account, false);
  return token ? { authorization: `Bearer ${token}`, cookie: `bytebound_session=${binder}` } : null;
}
