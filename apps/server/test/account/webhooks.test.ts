// Decision webhooks: a blocked decision made through the real decision API reaches the customer's
// URL signed with their secret, a failed delivery is retried later, and plans without webhooks
// cannot set one.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchWebhooks, WEBHOOK_RETRY_BASE_MS } from '../../src/account/decision-webhooks.ts';
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

    // The app's own dispatcher also runs every 2 s at the real time; the checks below hold whichever pass ran.
    failNext = 1;
    const delivery = () => t.db.selectFrom('webhook_deliveries').selectAll().where('customer_id', '=', account.customerId).execute();
    const now = Date.now() + 1;
    await dispatchWebhooks(t.db, t.config, now);
    expect((await delivery()).map((d) => [d.attempts, d.delivered_at, d.last_status])).toEqual([[1, null, '503']]);
    expect(received).toHaveLength(0);
    await dispatchWebhooks(t.db, t.config, now + 1);
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
