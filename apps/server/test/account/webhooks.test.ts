// Decision webhooks: a blocked decision made through the real decision API reaches the customer's
// URL signed with their secret, a failed delivery is retried later, and plans without webhooks
// cannot set one.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchWebhooks, WEBHOOK_POLL_MS, WEBHOOK_RETRY_BASE_MS, webhookUrlProblem } from '../../src/account/decision-webhooks.ts';
import { isPublicAddress, postToPublicAddress, WebhookAddressError } from '../../src/account/webhook-address.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { register } from '../auth/account-helpers.ts';

let t: TestApp;
let receiver: http.Server;
let url: string;
const received: { body: string; signature: string }[] = [];
let failNext = 0;

beforeAll(async () => {
  t = await createTestApp();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (failNext > 0) {
        failNext--;
        res.writeHead(503).end();
        return;
      }
      received.push({ body, signature: String(req.headers['x-bytebound-signature']) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const blockedRequest = { arbiters: ['gdpr'], request: { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country' } } };

describe('decision webhooks', () => {
  it('are refused on plans without them, and need https', async () => {
    const trial = await register(t.app);
    const refused = await t.app.inject({ method: 'PUT', url: '/api/account/webhook', headers: trial.headers, payload: { url } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Decision webhooks are part of the Growth and Enterprise plans; your plan is Trial.');
    await t.db.updateTable('accounts').set({ plan: 'growth', plan_status: 'active' }).where('id', '=', trial.customerId).execute();
    const plain = await t.app.inject({ method: 'PUT', url: '/api/account/webhook', headers: trial.headers, payload: { url: 'http://example.com/hook' } });
    expect(plain.json()).toEqual({ error: 'The webhook URL must use https' });
  });

  it('deliver each blocked decision once, signed, retrying a failed delivery later', async () => {
    const account = await register(t.app);
    await t.db.updateTable('accounts').set({ plan: 'growth', plan_status: 'active' }).where('id', '=', account.customerId).execute();
    const saved = await t.app.inject({ method: 'PUT', url: '/api/account/webhook', headers: account.headers, payload: { url } });
    expect(saved.statusCode).toBe(200);
    const { secret } = saved.json() as { secret: string };
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const { key } = (await t.app.inject({ method: 'POST', url: '/api/account/keys', headers: account.headers, payload: { name: 'hooks' } })).json() as { key: { key: string } };

    const decision = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: { authorization: `Bearer ${key.key}` }, payload: blockedRequest });
    expect(decision.statusCode).toBe(200);
    const decided = decision.json() as { exitCode?: number; exit_code?: number; id?: string };
    expect(decided.exitCode ?? decided.exit_code).toBe(2);

    // The app's own dispatcher (every 2 s) makes the first attempt, which the receiver fails.
    failNext = 1;
    const delivery = () => t.db.selectFrom('webhook_deliveries').selectAll().where('customer_id', '=', account.customerId).execute();
    await expect.poll(async () => (await delivery()).map((d) => [d.attempts, d.delivered_at, d.last_status]), { timeout: 4 * WEBHOOK_POLL_MS }).toEqual([[1, null, '503']]);
    expect(received).toHaveLength(0);
    // It is retried once its delay has passed, not before, however often a pass runs.
    const now = Date.now();
    await dispatchWebhooks(t.db, t.config, now);
    expect((await delivery())[0]!.attempts).toBe(1);
    expect(await dispatchWebhooks(t.db, t.config, now + WEBHOOK_RETRY_BASE_MS + 1_000)).toMatchObject({ delivered: 1 });
    expect(await dispatchWebhooks(t.db, t.config, now + 10 * WEBHOOK_RETRY_BASE_MS)).toMatchObject({ queued: 0, delivered: 0 });
    expect((await delivery()).map((d) => [d.attempts, d.last_status])).toEqual([[2, '204']]);
    expect(received).toHaveLength(1);
    const { body, signature } = received[0]!;
    const payload = JSON.parse(body) as { type: string; decision: { customerId: string; exitCode: number; proofBundle: string } };
    expect(payload).toMatchObject({ type: 'decision.blocked', decision: { customerId: account.customerId, exitCode: 2 } });
    expect(payload.decision.proofBundle).toMatch(/\/api\/v1\/audit\/bundles\//);
    const [, ts, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
    expect(mac).toBe(crypto.createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex'));

    const status = (await t.app.inject({ url: '/api/account/webhook', headers: account.headers })).json();
    expect(status).toMatchObject({ allowed: true, webhook: { url }, deliveries: { delivered: 1, failed: 0, pending: 0 } });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/account/webhook', headers: account.headers, payload: {} })).json()).toEqual({ deleted: true });
  });
});

describe('concurrent dispatch passes', () => {
  it('deliver a blocked decision once: each delivery is claimed before it is sent', async () => {
    const account = await register(t.app);
    await t.db.updateTable('accounts').set({ plan: 'growth', plan_status: 'active' }).where('id', '=', account.customerId).execute();
    expect((await t.app.inject({ method: 'PUT', url: '/api/account/webhook', headers: account.headers, payload: { url } })).statusCode).toBe(200);
    const { key } = (await t.app.inject({ method: 'POST', url: '/api/account/keys', headers: account.headers, payload: { name: 'hooks' } })).json() as { key: { key: string } };
    const before = received.length;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: { authorization: `Bearer ${key.key}` }, payload: blockedRequest })).statusCode).toBe(200);
    // Three passes at once, as from three server instances on one database (the app's own may join).
    const passes = await Promise.all([1, 2, 3].map(() => dispatchWebhooks(t.db, t.config)));
    const delivered = passes.reduce((sum, pass) => sum + pass.delivered, 0);
    expect(delivered).toBeLessThanOrEqual(1);
    await expect.poll(() => received.length, { timeout: 4 * WEBHOOK_POLL_MS }).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, WEBHOOK_POLL_MS + 500));
    expect(received).toHaveLength(before + 1);
    const rows = await t.db.selectFrom('webhook_deliveries').select(['attempts', 'last_status']).where('customer_id', '=', account.customerId).execute();
    expect(rows).toEqual([{ attempts: 1, last_status: '204' }]);
  });
});

describe('webhook addresses', () => {
  const production = () => ({ ...t.config, publicUrl: 'https://bytebound.example' });
  const PUBLIC_ONLY = 'The webhook URL must point to a public internet address, not a private, loopback or link-local one';

  it('refuses URLs that point into private, loopback, link-local or metadata networks', () => {
    for (const url of [
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/hook',
      'https://192.168.1.20/hook',
      'https://172.16.0.1/hook',
      'https://100.64.0.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://localhost/hook',
      'https://db.internal/hook',
      'https://printer.local/hook',
      'https://localhost./hook',
      'https://db.internal../hook',
    ]) {
      expect({ url, problem: webhookUrlProblem(production(), url) }).toEqual({ url, problem: PUBLIC_ONLY });
    }
    expect(webhookUrlProblem(production(), 'https://user:secret@hooks.example.com/x')).toBe('The webhook URL must not contain a user name or password');
    expect(webhookUrlProblem(production(), 'http://127.0.0.1:8080/hook')).toBe('The webhook URL must use https');
    expect(webhookUrlProblem(production(), 'https://hooks.example.com/bytebound')).toBeNull();
    expect(webhookUrlProblem(production(), 'https://93.184.215.14/hook')).toBeNull();
  });

  it('classifies addresses', () => {
    expect(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'].map(isPublicAddress)).toEqual([true, true, true, true]);
    expect(['0.0.0.0', '10.1.2.3', '127.0.0.1', '169.254.169.254', '224.0.0.1', '::', '::1', 'fc00::1', '::ffff:10.0.0.1', 'not-an-ip'].map(isPublicAddress)).toEqual(Array(10).fill(false));
  });

  it('refuses at delivery a name that resolves to a private address, before anything is sent', async () => {
    const before = received.length;
    const port = (receiver.address() as AddressInfo).port;
    await expect(postToPublicAddress(`http://localhost:${port}/hook`, {}, '{}', { allowLocal: false, timeoutMs: 2_000 })).rejects.toBeInstanceOf(WebhookAddressError);
    await expect(postToPublicAddress(`http://127.0.0.1:${port}/hook`, {}, '{}', { allowLocal: false, timeoutMs: 2_000 })).rejects.toBeInstanceOf(WebhookAddressError);
    expect(received.length).toBe(before);
    // Development (the server on http) may deliver to this machine.
    await expect(postToPublicAddress(`http://localhost:${port}/hook`, {}, '{}', { allowLocal: true, timeoutMs: 2_000 })).resolves.toEqual({ status: 204 });
    expect(received.length).toBe(before + 1);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      await expect(postToPublicAddress(`http://127.0.0.1:${port}/hook`, {}, '{}', { allowLocal: true, timeoutMs: 300 })).rejects.toMatchObject({ name: 'TimeoutError' });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
