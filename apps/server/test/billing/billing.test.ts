// Checkout and fulfilment: the real Stripe SDK against a local HTTP endpoint, signed webhooks
// (replayed, out of order), and the built-in test checkout when Stripe is not configured.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/auth/tokens.ts';
import { useStripeClient } from '../../src/billing/stripe-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { register } from '../auth/account-helpers.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';

describe('with Stripe', () => {
  let t: TestApp;
  let stripeApi: http.Server;
  const requests: { path: string; body: URLSearchParams; authorization: string | undefined }[] = [];
  let stripe: Stripe;

  beforeAll(async () => {
    stripeApi = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        requests.push({ path: req.url ?? '', body: new URLSearchParams(body), authorization: req.headers.authorization });
        const id = `cs_test_${requests.length}`;
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, mode: 'subscription' }));
      });
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port: (stripeApi.address() as AddressInfo).port, protocol: 'http', maxNetworkRetries: 0 });
    useStripeClient(t.config, stripe);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stripeApi.close(resolve));
  });

  it('creates a subscription Checkout Session that keeps the rest of the trial and needs no card up front', async () => {
    const account = await register(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/subscribe', headers: account.headers, payload: { tier: 'growth', billingCycle: 'annual' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/) });
    const sent = requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe('Bearer sk_test_local');
    expect(sent.body.get('mode')).toBe('subscription');
    expect(sent.body.get('client_reference_id')).toBe(account.customerId);
    expect(sent.body.get('customer_email')).toBe(account.email);
    expect(sent.body.get('line_items[0][price_data][unit_amount]')).toBe('999000');
    expect(sent.body.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(sent.body.get('payment_method_collection')).toBe('if_required');
    const row = await t.db.selectFrom('accounts').select('trial_ends_at').where('id', '=', account.customerId).executeTakeFirstOrThrow();
    expect(Number(sent.body.get('subscription_data[trial_end]'))).toBe(Math.floor(Number(row.trial_ends_at) / 1000));
  });

  it('starts billing at checkout when under 2 trial days are left', async () => {
    const account = await register(t.app);
    await t.db.updateTable('accounts').set({ trial_ends_at: Date.now() + 36 * 3600 * 1000 }).where('id', '=', account.customerId).execute();
    await t.app.inject({ method: 'POST', url: '/api/auth/subscribe', headers: account.headers, payload: { tier: 'starter', billingCycle: 'monthly' } });
    const sent = requests.at(-1)!;
    expect(sent.body.has('subscription_data[trial_end]')).toBe(false);
    expect(sent.body.get('payment_method_collection')).toBe('always');
    expect(sent.body.get('line_items[0][price_data][unit_amount]')).toBe('29900');
  });

  it('refuses enterprise, unknown plans and requests without a session', async () => {
    const account = await register(t.app);
    const enterprise = await t.app.inject({ method: 'POST', url: '/api/auth/subscribe', headers: account.headers, payload: { tier: 'enterprise', billingCycle: 'monthly' } });
    expect(enterprise.statusCode).toBe(400);
    expect(enterprise.json().error).toContain("'Enterprise Plan Inquiry'");
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/subscribe', headers: account.headers, payload: { tier: 'gold' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/subscribe', payload: { tier: 'growth' } })).statusCode).toBe(401);
  });

  function signed(event: object) {
    const payload = JSON.stringify(event);
    return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) } };
  }

  it('fulfils a signed checkout.session.completed once, however often it is replayed', async () => {
    const account = await register(t.app);
    const event = {
      id: `evt_${account.customerId}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cs_1', object: 'checkout.session', client_reference_id: account.customerId, customer: 'cus_stripe_1', subscription: 'sub_1', payment_status: 'no_payment_required', metadata: { accountId: account.customerId, plan: 'growth', billingCycle: 'monthly' } } },
    };
    const results = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', ...signed(event) });
      expect(response.statusCode).toBe(200);
      results.push(response.json().result);
    }
    expect(results).toEqual(['applied', 'duplicate', 'duplicate']);
    const row = await t.db.selectFrom('accounts').selectAll().where('id', '=', account.customerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ plan: 'growth', plan_status: 'trialing', billing_cycle: 'monthly', stripe_customer_id: 'cus_stripe_1', stripe_subscription_id: 'sub_1' });
    expect(await t.db.selectFrom('billing_events').selectAll().where('event_id', '=', event.id).execute()).toHaveLength(1);
    const me = await t.app.inject({ url: '/api/account', headers: account.headers });
    expect(me.json().plan).toMatchObject({ id: 'growth', name: 'Growth', status: 'trialing' });
  });

  it('ignores an event older than the one that set the plan', async () => {
    const account = await register(t.app);
    const now = Math.floor(Date.now() / 1000) + 60;
    const subscription = (id: string, created: number, status: string, plan: string) => ({
      id,
      object: 'event',
      type: 'customer.subscription.updated',
      created,
      data: { object: { id: 'sub_2', object: 'subscription', status, customer: 'cus_stripe_2', metadata: { accountId: account.customerId, plan, billingCycle: 'monthly' } } },
    });
    const newer = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', ...signed(subscription(`evt_new_${account.customerId}`, now + 10, 'active', 'starter')) });
    const older = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', ...signed(subscription(`evt_old_${account.customerId}`, now, 'trialing', 'growth')) });
    expect([newer.json().result, older.json().result]).toEqual(['applied', 'stale']);
    const row = await t.db.selectFrom('accounts').select(['plan', 'plan_status']).where('id', '=', account.customerId).executeTakeFirstOrThrow();
    expect(row).toEqual({ plan: 'starter', plan_status: 'active' });
  });

  it('refuses an unsigned or wrongly signed webhook', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', created: 1, data: { object: {} } });
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }) },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'Invalid Stripe signature' });
    expect(await t.db.selectFrom('billing_events').selectAll().where('event_id', '=', 'evt_forged').execute()).toEqual([]);
  });
});

describe('without Stripe: the built-in test checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://bytebound.test' });
  });
  afterAll(async () => t.close());

  it('shows a test-mode page whose confirmation activates the plan once', async () => {
    const account = await register(t.app);
    const subscribe = await t.app.inject({ method: 'POST', url: '/api/auth/subscribe', headers: account.headers, payload: { tier: 'starter', billingCycle: 'annual' } });
    const { checkoutUrl } = subscribe.json() as { checkoutUrl: string };
    expect(checkoutUrl).toMatch(/^\/billing\/test-checkout\/[A-Za-z0-9_-]{43}$/);
    const path = checkoutUrl;
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Test mode — no card is charged');
    expect(page.body).toContain('Starter');
    expect(page.body).toContain('$2,990 per year');
    const confirm = await t.app.inject({ method: 'POST', url: `${path}/confirm`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/account?checkout=success');
    const again = await t.app.inject({ method: 'POST', url: `${path}/confirm`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(again.statusCode).toBe(303);
    const row = await t.db.selectFrom('accounts').select(['plan', 'plan_status', 'billing_cycle']).where('id', '=', account.customerId).executeTakeFirstOrThrow();
    expect(row).toEqual({ plan: 'starter', plan_status: 'trialing', billing_cycle: 'annual' });
    expect(await t.db.selectFrom('billing_events').selectAll().execute()).toHaveLength(1);
    // The secret in the address is kept only as its hash, in the checkout and its billing event.
    const secret = path.split('/').at(-1)!;
    const stored = JSON.stringify([await t.db.selectFrom('checkouts').selectAll().execute(), await t.db.selectFrom('billing_events').selectAll().execute()]);
    expect(stored).not.toContain(secret);
    expect(stored).toContain(hashToken(secret));
    // A checkout that does not exist is a page saying so, opened or confirmed.
    for (const missing of [
      await t.app.inject({ url: '/billing/test-checkout/not-a-checkout' }),
      await t.app.inject({ method: 'POST', url: '/billing/test-checkout/not-a-checkout/confirm', payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    ]) {
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(missing.body).toContain('<h1>Checkout not found</h1>');
    }
  });

  it('answers 503 to webhooks when Stripe is not configured', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)' });
  });
});
