// Data rights: export and deletion for a signed-in account (the database checked afterwards) and
// the single-use emailed link for anyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { outboxMessage, register, signIn } from '../auth/account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://bytebound.test' });
});
afterAll(async () => t.close());

const linkIn = (text: string) => new URL(/http:\/\/bytebound\.test\/api\/gdpr\/requests\/[A-Za-z0-9_-]+/.exec(text)![0]).pathname;
const form = { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } };

describe('data rights', () => {
  it('exports everything an account holds, without secrets', async () => {
    const account = await register(t.app, { lastName: 'Byron' });
    await t.app.inject({ method: 'POST', url: '/api/account/keys', headers: account.headers, payload: { name: 'prod' } });
    const response = await t.app.inject({ method: 'POST', url: '/api/gdpr/access', headers: account.headers, payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json();
    expect(data.records.account.profile).toMatchObject({ email: account.email, lastName: 'Byron', terms: { version: '2026-01' } });
    expect(data.records.account.apiKeys).toEqual([expect.objectContaining({ name: 'prod' })]);
    expect(data.records.outbox).toEqual(expect.arrayContaining([expect.objectContaining({ subject: 'Welcome to Bytebound' })]));
    expect(response.body).not.toMatch(/argon2|password_hash|secret_hash|token_hash/);
    // A signed-in account needs to send nothing: no body at all gives the same export.
    const bodiless = await t.app.inject({ method: 'POST', url: '/api/gdpr/access', headers: account.headers });
    expect(bodiless.statusCode).toBe(200);
    expect(bodiless.json().records.account.profile.email).toBe(account.email);
  });

  it('deletes the account with its sessions, keys, use and emails after the password is confirmed', async () => {
    const account = await register(t.app);
    const { key } = (await t.app.inject({ method: 'POST', url: '/api/account/keys', headers: account.headers, payload: { name: 'prod' } })).json().key as { key: string };
    const request = { action: 'read', timing: 'pre-action', target: 'general' };
    const decided = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: { authorization: `Bearer ${key}` }, payload: { arbiters: ['gdpr'], request } });
    expect(decided.statusCode).toBe(200);
    // The month's count of decisions is the account's data too: exported, then erased.
    const exported = (await t.app.inject({ method: 'POST', url: '/api/gdpr/access', headers: account.headers })).json();
    expect(exported.records.account.decisionsPerMonth).toEqual([{ month: new Date().toISOString().slice(0, 7), decisions: 1 }]);
    await outboxMessage(t.db, account.email, /Welcome/);
    const noPassword = await t.app.inject({ method: 'POST', url: '/api/gdpr/delete', headers: account.headers, payload: {} });
    expect(noPassword.json()).toEqual({ error: 'Enter your password to delete your account.' });
    const deleted = await t.app.inject({ method: 'POST', url: '/api/gdpr/delete', headers: account.headers, payload: { password: account.password } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().erased.account).toBeGreaterThan(0);
    expect(await t.db.selectFrom('accounts').selectAll().where('id', '=', account.customerId).execute()).toEqual([]);
    expect(await t.db.selectFrom('sessions').selectAll().where('account_id', '=', account.customerId).execute()).toEqual([]);
    expect(await t.db.selectFrom('api_keys').selectAll().where('customer_id', '=', account.customerId).execute()).toEqual([]);
    expect(await t.db.selectFrom('decision_usage').selectAll().where('customer_id', '=', account.customerId).execute()).toEqual([]);
    expect(await t.db.selectFrom('outbox').selectAll().where('recipient', '=', account.email).execute()).toEqual([]);
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(401);
  });

  it('counts a wrong password as a failed sign-in of the account: after five the erasure waits, and nothing is deleted', async () => {
    const account = await register(t.app);
    const erase = (password: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/gdpr/delete', headers: account.headers, payload: { password }, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await erase(`guess-${i}-guess`, '10.9.0.1')).json()).toEqual({ error: 'The password is not correct.' });
    const held = await erase(account.password, '10.9.0.2');
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toMatch(/^Too many attempts with a wrong password\. Please wait \d+ seconds and try again\.$/);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.selectFrom('accounts').select('id').where('id', '=', account.customerId).execute()).toHaveLength(1);
  });

  it('sends people without a session a single-use link, and answers the same for any email', async () => {
    const account = await register(t.app);
    const known = await t.app.inject({ method: 'POST', url: '/api/gdpr/access', payload: { email: account.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/gdpr/access', payload: { email: `nobody.${Date.now()}@example.com` } });
    expect(known.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    const path = linkIn((await outboxMessage(t.db, account.email, /data export/)).text_body);
    const page = await t.app.inject({ url: path });
    expect(page.body).toContain('Download my data');
    const exported = await t.app.inject({ method: 'POST', url: path, ...form });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().records.account.profile.email).toBe(account.email);
    expect((await t.app.inject({ method: 'POST', url: path, ...form })).statusCode).toBe(410);

    await t.app.inject({ method: 'POST', url: '/api/gdpr/delete', payload: { email: account.email } });
    const deletePath = linkIn((await outboxMessage(t.db, account.email, /Confirm the deletion/)).text_body);
    const done = await t.app.inject({ method: 'POST', url: deletePath, ...form });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your data has been deleted');
    expect(await t.db.selectFrom('accounts').selectAll().where('email', '=', account.email).execute()).toEqual([]);
  });

  it('answers a link that is not one of ours (mistyped, cut short or too long) with the page a used link gets', async () => {
    for (const token of ['x', 'made-up-token', 'y'.repeat(500)]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url: `/api/gdpr/requests/${token}`, ...(method === 'POST' ? form : {}) });
        expect(response.statusCode, `${method} ${token.length}`).toBe(410);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('This link is invalid, expired or already used. Please make a new request.');
      }
    }
  });
});
