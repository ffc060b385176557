// The customer account API: plan and trial, API keys through the api-keys module, usage of real
// decisions against the plan's quota, recent decisions with proof bundles, change of password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accountRow, lateSession, outboxMessage, register, signIn } from '../auth/account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const decide = (key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/decide',
    headers: { authorization: `Bearer ${key}` },
    payload: { arbiters: ['gdpr'], request: { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } } },
  });

describe('account', () => {
  it('shows the profile, the trial with its days left and the plan limits', async () => {
    const account = await register(t.app, { companyName: 'Difference Engines' });
    const response = await t.app.inject({ url: '/api/account', headers: account.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      profile: { customerId: account.customerId, email: account.email, companyName: 'Difference Engines' },
      plan: { id: 'trial', name: 'Trial', status: 'trialing', trialDaysLeft: 14, trialExpired: false },
      usage: { calls: 0, limit: 1000 },
      entitlements: { customArbiters: 0, auditRetentionDays: 90, webhooks: false },
    });
    expect((await t.app.inject({ url: '/api/account' })).statusCode).toBe(401);
  });

  it('creates a key shown once, counts its decisions as usage, lists them with proof bundles, and revokes it', async () => {
    const account = await register(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/account/keys', headers: account.headers, payload: { name: 'CI pipeline' } });
    expect(created.statusCode).toBe(201);
    const key = created.json().key as { id: string; key: string; name: string };
    expect(key.key).toMatch(/^bb_live_[0-9a-f]{16}_[0-9a-f]{64}$/);
    const listed = (await t.app.inject({ url: '/api/account/keys', headers: account.headers })).json().keys;
    expect(listed).toEqual([expect.objectContaining({ id: key.id, name: 'CI pipeline', lastUsedAt: null, revokedAt: null })]);
    expect(JSON.stringify(listed)).not.toContain(key.key.slice(-64));

    expect((await decide(key.key)).statusCode).toBe(200);
    expect((await decide(key.key)).statusCode).toBe(200);
    const usage = (await t.app.inject({ url: '/api/account', headers: account.headers })).json().usage;
    expect(usage).toEqual({ calls: 2, limit: 1000 });
    const decisions = (await t.app.inject({ url: '/api/account/decisions', headers: account.headers })).json().decisions;
    expect(decisions).toHaveLength(2);
    expect(decisions[0]).toMatchObject({ exitCode: expect.any(Number), proofBundle: expect.stringMatching(/^\/api\/v1\/audit\/bundles\//) });
    expect((await t.app.inject({ url: decisions[0].proofBundle, headers: account.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/account/keys', headers: account.headers })).json().keys[0].lastUsedAt).not.toBeNull();

    const stranger = await register(t.app);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/keys/${key.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/keys/${key.id}`, headers: account.headers })).json()).toEqual({ revoked: true });
    expect((await decide(key.key)).statusCode).toBe(401);
  });

  it('lists custom arbiters against the plan: none on the trial, up to 3 on Growth', async () => {
    const account = await register(t.app);
    const { key } = (await t.app.inject({ method: 'POST', url: '/api/account/keys', headers: account.headers, payload: { name: 'arbiters' } })).json() as { key: { key: string } };
    const save = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/arbiters',
        headers: { authorization: `Bearer ${key.key}` },
        payload: { name: 'Erasure', legalText: 'The controller shall erase personal data without undue delay where the data subject withdraws consent.' },
      });
    expect((await t.app.inject({ url: '/api/account/arbiters', headers: account.headers })).json()).toEqual({ allowed: 0, rulesPerArbiter: 0, arbiters: [] });
    expect((await save()).statusCode).toBe(403);
    await t.db.updateTable('accounts').set({ plan: 'growth', plan_status: 'active' }).where('id', '=', account.customerId).execute();
    expect((await save()).statusCode).toBe(201);
    const listed = (await t.app.inject({ url: '/api/account/arbiters', headers: account.headers })).json();
    expect(listed).toMatchObject({ allowed: 3, rulesPerArbiter: 100, arbiters: [{ name: 'Erasure', version: 1, rules: expect.any(Number) }] });
    expect(listed.arbiters[0].rules).toBeGreaterThan(0);
  });

  it('changes the password, signing out every other device and emailing a notice', async () => {
    const account = await register(t.app);
    const other = await signIn(t.app, account.email, account.password);
    const otherHeaders = { authorization: `Bearer ${other.json().token}`, cookie: `bytebound_session=${other.cookies.find((c) => c.name === 'bytebound_session')!.value}` };
    const wrong = await t.app.inject({ method: 'POST', url: '/api/account/password', headers: account.headers, payload: { currentPassword: 'nope-nope-nope', newPassword: 'Fresh-Passphrase-31' } });
    expect(wrong.json()).toEqual({ error: 'The current password is not correct' });
    const common = await t.app.inject({ method: 'POST', url: '/api/account/password', headers: account.headers, payload: { currentPassword: account.password, newPassword: 'iloveyou' } });
    expect(common.statusCode).toBe(400);
    const readBeforeChange = await accountRow(t, account.customerId);
    const done = await t.app.inject({ method: 'POST', url: '/api/account/password', headers: account.headers, payload: { currentPassword: account.password, newPassword: 'Fresh-Passphrase-31' } });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/account', headers: account.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/account', headers: otherHeaders })).statusCode).toBe(401);
    // A sign-in that checked the old password before the change and started its session after it: refused too.
    expect((await t.app.inject({ url: '/api/account', headers: (await lateSession(t, readBeforeChange))! })).statusCode).toBe(401);
    expect((await signIn(t.app, account.email, 'Fresh-Passphrase-31')).statusCode).toBe(200);
    await outboxMessage(t.db, account.email, /password was changed/);
  });

  it('answers a sign-in whose account is deleted while its password is checked as a wrong password, not a 500', async () => {
    const account = await register(t.app);
    const readBeforeDeletion = await accountRow(t, account.customerId);
    const deleted = await t.app.inject({ method: 'POST', url: '/api/gdpr/delete', headers: account.headers, payload: { password: account.password } });
    expect(deleted.statusCode).toBe(200);
    expect(await lateSession(t, readBeforeDeletion)).toBeNull();
  });

  it('counts a wrong current password as a failed sign-in: a session alone guesses no faster than the sign-in form', async () => {
    const account = await register(t.app);
    const change = (currentPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/password', headers: account.headers, payload: { currentPassword, newPassword: 'Fresh-Passphrase-31' } });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}-guess`)).json()).toEqual({ error: 'The current password is not correct' });
    // After five wrong guesses the account waits, whatever is sent.
    const held = await change(account.password);
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toMatch(/^Too many attempts with a wrong password\. Please wait \d+ seconds and try again\.$/);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // The same wait holds for the sign-in form, and the password is unchanged.
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(429);
    await t.db.deleteFrom('auth_throttle').where('key', '=', `account:${account.email}`).execute();
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(200);
  });
});
