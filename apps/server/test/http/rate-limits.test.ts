// Routes an attacker would hammer answer 429 past their limit, counted per address or per account
// as the route says, and tell every caller their allowance (X-RateLimit-Limit): the audit log's
// public reads, the pages behind a token in a link (past the limit, a page too), and every call of a
// signed-in account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REQUESTS_PER_MINUTE, AUDIT_READS_PER_MINUTE, LINK_PAGES_PER_MINUTE } from '../../src/constants.ts';
import { OPERATOR_ROLE } from '../../src/operators/operator-roles.ts';
import { register } from '../auth/account-helpers.ts';
import { clientAddresses } from '../helpers/client-addresses.ts';
import { awayFromWindowEnd } from '../helpers/rate-limit-window.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A client address no other test of this file uses. */
const newAddress = clientAddresses(77);

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

/** Sends `call` `times` times from `remoteAddress`; the status codes in order. */
async function statuses(call: Call, times: number, remoteAddress: string, headers: Record<string, string> = {}) {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push((await t.app.inject({ ...call, headers, remoteAddress })).statusCode);
  return codes;
}

describe(`rate limits (${testDialect})`, { timeout: 120_000 }, () => {
  it('limits the audit log’s public reads per address', async () => {
    const reads: Call[] = [
      { method: 'GET', url: '/api/v1/audit/checkpoint' },
      { method: 'GET', url: '/api/v1/audit/consistency?from=0' },
      { method: 'GET', url: '/api/v1/audit/proof/no-such-bundle' },
      { method: 'GET', url: '/api/v1/audit/bundles/no-such-bundle' },
    ];
    for (const call of reads) {
      const response = await t.app.inject({ ...call, remoteAddress: newAddress() });
      expect(response.headers['x-ratelimit-limit'], call.url).toBe(String(AUDIT_READS_PER_MINUTE));
    }
    await awayFromWindowEnd();
    const hammering = newAddress();
    const codes = await statuses(reads[0]!, AUDIT_READS_PER_MINUTE + 1, hammering);
    expect(codes.slice(0, -1).every((code) => code === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await t.app.inject({ ...reads[0]!, remoteAddress: newAddress() })).statusCode).toBe(200);
  });

  it('limits the pages behind a token in a link per address: data-rights requests and the built-in test checkout', async () => {
    const links: Call[] = [
      { method: 'GET', url: '/api/gdpr/requests/not-a-real-token-at-all' },
      { method: 'POST', url: '/api/gdpr/requests/not-a-real-token-at-all' },
      { method: 'GET', url: '/billing/test-checkout/not-a-checkout' },
      { method: 'POST', url: '/billing/test-checkout/not-a-checkout/confirm' },
    ];
    await awayFromWindowEnd();
    for (const call of links) {
      const address = newAddress();
      const codes = await statuses(call, LINK_PAGES_PER_MINUTE, address);
      expect(codes.includes(429), `${call.method} ${call.url}`).toBe(false);
      // A person who opened the link in a browser reads a page that says when to come back.
      const refused = await t.app.inject({ ...call, remoteAddress: address });
      expect(refused.statusCode, `${call.method} ${call.url}`).toBe(429);
      expect(refused.headers['content-type'], `${call.method} ${call.url}`).toBe('text/html; charset=utf-8');
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(refused.body).toContain('<h1>Too many requests</h1>');
      expect(refused.body).toContain(`Please try again in ${seconds} seconds.`);
    }
  });

  it('limits every call of a signed-in account per account, not per address', async () => {
    const first = await register(t.app);
    const second = await register(t.app);
    await t.db.updateTable('accounts').set({ role: OPERATOR_ROLE }).where('id', '=', first.customerId).execute();
    const calls: Call[] = [
      { method: 'GET', url: '/api/account' },
      { method: 'GET', url: '/api/account/keys' },
      { method: 'POST', url: '/api/account/keys', payload: { name: 'ci' } },
      { method: 'DELETE', url: '/api/account/keys/0123456789abcdef' },
      { method: 'GET', url: '/api/account/decisions' },
      { method: 'GET', url: '/api/account/arbiters' },
      { method: 'GET', url: '/api/account/webhook' },
      { method: 'PUT', url: '/api/account/webhook', payload: { url: 'https://hooks.example.com/bytebound' } },
      { method: 'DELETE', url: '/api/account/webhook' },
      { method: 'POST', url: '/api/account/password', payload: { currentPassword: first.password, newPassword: first.password } },
      { method: 'POST', url: '/api/auth/subscribe', payload: { tier: 'growth', billingCycle: 'monthly' } },
      { method: 'GET', url: '/api/operator/leads' },
      { method: 'GET', url: '/api/operator/leads.csv?kind=bookings' },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: first.headers, remoteAddress: newAddress() });
      expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBeLessThan(429);
      expect(response.headers['x-ratelimit-limit'], `${call.method} ${call.url}`).toBe(String(ACCOUNT_REQUESTS_PER_MINUTE));
    }
    // One address, two accounts: the first spends its allowance, the second still has its own.
    await awayFromWindowEnd();
    const office = newAddress();
    const webhook: Call = { method: 'GET', url: '/api/account/webhook' };
    const codes = await statuses(webhook, ACCOUNT_REQUESTS_PER_MINUTE, office, first.headers);
    expect(codes.at(-1)).toBe(429);
    expect((await t.app.inject({ ...webhook, headers: second.headers, remoteAddress: office })).statusCode).toBe(200);
  });
});
