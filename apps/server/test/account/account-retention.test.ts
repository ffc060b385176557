// Retention of accounts: an account nobody signed in to, and whose keys nobody used, for
// ACCOUNT_RETENTION_DAYS is told by email, then deleted at least 30 days later unless it is used
// meanwhile; paying and contracted accounts are kept. The job runs as the server runs it, at
// chosen moments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetentionPolicy } from '../../src/retention/retention.ts';
import { DAY_MS } from '../../src/retention/retention-periods.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { newKey } from '../api-keys/key-helpers.ts';
import { register, signIn } from '../auth/account-helpers.ts';

let t: TestApp;
let policy: RetentionPolicy;
beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_RETENTION_DAYS: '400' });
  policy = t.app.retention.list().find((p) => p.name === 'inactive accounts')!;
});
afterAll(async () => t.close());

const PERIOD = 400 * DAY_MS;
const NOTICE = 30 * DAY_MS;
const SUBJECT = /^Your Bytebound account will be deleted on /;

/** Runs the job at `now`, as the retention registry does. */
const runAt = (now: number) => policy.purge(t.db, now - PERIOD, now);
const notices = async (email: string) => (await t.db.selectFrom('outbox').select(['subject', 'text_body']).where('recipient', '=', email).execute()).filter((m) => SUBJECT.test(m.subject));
const exists = async (id: string) => (await t.db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
const day = (at: number) => new Date(at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A registered account last used `days` ago (registration and last sign-in moved back). */
async function idleFor(days: number) {
  const account = await register(t.app);
  const at = Date.now() - days * DAY_MS;
  await t.db.updateTable('accounts').set({ created_at: at, last_active_at: at }).where('id', '=', account.customerId).execute();
  return { ...account, at };
}

describe(`retention of inactive accounts (${testDialect})`, () => {
  it('tells an inactive account first, deletes it no sooner than 30 days later, and keeps accounts in use, paying or under contract', async () => {
    const now = Date.now();
    const idle = await idleFor(410);
    const soon = await idleFor(380);
    const keyInUse = await idleFor(410);
    const key = await newKey(t, keyInUse.customerId);
    await t.db.updateTable('api_keys').set({ last_used_at: now - 10 * DAY_MS }).where('id', '=', key.id).execute();
    const paying = await idleFor(410);
    await t.db.updateTable('accounts').set({ plan: 'growth', plan_status: 'active' }).where('id', '=', paying.customerId).execute();
    const contracted = await idleFor(410);
    await t.db.updateTable('accounts').set({ contract: 'custom' }).where('id', '=', contracted.customerId).execute();
    const recent = await idleFor(100);

    expect(await runAt(now)).toBe(0);
    const [told] = await notices(idle.email);
    // Past the period already: the 30 days of notice start now.
    expect(told!.subject).toBe(`Your Bytebound account will be deleted on ${day(now + NOTICE)}`);
    expect(told!.text_body).toContain(`since ${day(idle.at)}`);
    expect(told!.text_body).toContain('http://localhost:2002/auth/sign-in');
    // Inside the last 30 days of the period: its end is 20 days away, but the notice gives 30.
    expect((await notices(soon.email))[0]!.subject).toBe(`Your Bytebound account will be deleted on ${day(now + NOTICE)}`);
    for (const kept of [keyInUse, paying, contracted, recent]) expect(await notices(kept.email), kept.email).toEqual([]);

    // Told once, and nothing is deleted before the notice has run its course.
    expect(await runAt(now + 29 * DAY_MS)).toBe(0);
    expect(await notices(idle.email)).toHaveLength(1);
    expect(await exists(idle.customerId)).toBe(true);

    expect(await runAt(now + 31 * DAY_MS)).toBe(2);
    expect(await exists(idle.customerId)).toBe(false);
    expect(await exists(soon.customerId)).toBe(false);
    expect(await t.db.selectFrom('sessions').select('account_id').where('account_id', '=', idle.customerId).execute()).toEqual([]);
    expect((await signIn(t.app, idle.email, idle.password)).statusCode).toBe(401);
    for (const kept of [keyInUse, paying, contracted, recent]) expect(await exists(kept.customerId), kept.email).toBe(true);
  });

  it('keeps an account signed in to after its notice, and tells it again when it lies unused once more', async () => {
    const now = Date.now();
    const owner = await idleFor(420);
    await runAt(now);
    expect(await notices(owner.email)).toHaveLength(1);
    expect((await signIn(t.app, owner.email, owner.password)).statusCode).toBe(200);

    await runAt(now + 31 * DAY_MS);
    expect(await exists(owner.customerId)).toBe(true);
    expect(await notices(owner.email)).toHaveLength(1);

    // Unused again since that sign-in: a new notice, counted from it, before any deletion.
    const later = now + PERIOD - NOTICE + DAY_MS;
    await runAt(later);
    expect(await notices(owner.email)).toHaveLength(2);
    expect(await exists(owner.customerId)).toBe(true);
    await runAt(later + NOTICE + DAY_MS);
    expect(await exists(owner.customerId)).toBe(false);
  });
});
