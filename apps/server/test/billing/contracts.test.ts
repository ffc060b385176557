// Enterprise contracts (DESIGN section 8) as an operator sets them from the command line and the
// customer then meets them: the decision API under the contract's terms (no trial end, every
// built-in arbiter, its custom arbiters), the account's terms, and checkout refused while it holds.
import { printPolicy } from '@bytebound/compiler/bytebound-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { builtInArbiter, builtInPolicy } from '../../src/arbiters/built-in-arbiters.ts';
import { CONTRACTS } from '../../src/billing/plans.ts';
import { loadConfig } from '../../src/config.ts';
import { RECENT_READ_TTL_MS } from '../../src/constants.ts';
import { register } from '../auth/account-helpers.ts';
import { bearer } from '../api-keys/key-helpers.ts';
import { runCli } from '../helpers/cli.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-app.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb.drop());

const contracts = (...args: string[]) => runCli(testDb, ['contracts', ...args]);

const gdpr = builtInPolicy(builtInArbiter('gdpr')!);
const small = (id: string) => printPolicy({ ...gdpr, rules: gdpr.rules.slice(0, 5).map((r, i) => ({ ...r, id: `${id}-${i}` })) });

describe(`bytebound contracts (${testDialect})`, { timeout: 120_000 }, () => {
  it('puts an account under a contract: its terms apply to decisions, arbiters, the account and checkout, until it is cleared', async () => {
    const config = { ...loadConfig({ DATA_DIR: testDb.dataDir, LOG_LEVEL: 'silent' }), database: testDb.database };
    const app = await buildApp(config, { db: testDb.db });
    try {
      const account = await register(app, { firstName: 'Katherine', lastName: 'Johnson' });
      const created = await app.inject({ method: 'POST', url: '/api/account/keys', headers: account.headers, payload: { name: 'prod' } });
      const key = bearer(created.json().key.key);
      const decide = (arbiters: string[]) =>
        app.inject({ method: 'POST', url: '/api/v1/decide', headers: key, payload: { arbiters, request: { action: 'read', timing: 'pre-action', target: 'general' } } });
      const saveArbiter = (name: string) => app.inject({ method: 'POST', url: '/api/v1/arbiters', headers: key, payload: { name, source: small(name) } });
      // A trial that has ended: no decision, no HIPAA arbiter, no custom arbiter.
      await testDb.db.updateTable('accounts').set({ trial_ends_at: Date.now() - 1_000 }).where('id', '=', account.customerId).execute();
      expect((await decide(['gdpr'])).statusCode).toBe(429);
      expect((await saveArbiter('claims')).json().error).toBe('Your Trial plan includes no custom arbiters. Upgrade your plan to keep your own policies.');

      const set = contracts('set', account.email.toUpperCase(), 'premium-enterprise');
      expect(set).toMatchObject({ code: 0, stdout: `${account.email.toUpperCase()} is now under the Premium Enterprise contract.\n` });
      // The decision API reads the change within a second (it keeps the plan it read that long).
      await expect.poll(async () => (await decide(['gdpr', 'hipaa', 'sox'])).statusCode, { timeout: RECENT_READ_TTL_MS * 5 }).toBe(200);
      expect((await saveArbiter('claims')).statusCode).toBe(201);
      const second = await saveArbiter('refunds');
      expect(second.statusCode).toBe(403);
      expect(second.json().error).toBe('Your Premium Enterprise contract includes 1 custom arbiter, and it is in use. Save a new version of it, or ask us to extend your contract.');

      const terms = (await app.inject({ url: '/api/account', headers: account.headers })).json();
      expect(terms.plan).toMatchObject({ contract: 'premium-enterprise', name: 'Premium Enterprise', status: 'active', trialExpired: false, billingCycle: null });
      expect(terms.entitlements).toEqual(CONTRACTS['premium-enterprise'].entitlements);
      expect(terms.entitlements).toMatchObject({ apiCallsPerMonth: -1, auditRetentionDays: -1, customArbiters: 1, rulesPerArbiter: 100 });
      expect(terms.usage).toEqual({ calls: 1, limit: -1 });
      const checkout = await app.inject({ method: 'POST', url: '/api/auth/subscribe', headers: account.headers, payload: { tier: 'growth', billingCycle: 'monthly' } });
      expect(checkout.statusCode).toBe(409);
      expect(checkout.json().error).toMatch(/^Your account is on the Premium Enterprise contract, which stands over any plan chosen here\. To change it, email /);

      expect(JSON.parse(contracts('list', '--json').stdout)).toEqual([expect.objectContaining({ email: account.email, contract: 'premium-enterprise', name: 'Premium Enterprise' })]);
      expect(contracts('clear', account.email)).toMatchObject({ code: 0, stdout: `${account.email} is under no contract: its own plan applies again.\n` });
      expect(contracts('list').stdout).toBe('No account is under a contract.\n');
      await expect.poll(async () => (await decide(['gdpr'])).statusCode, { timeout: RECENT_READ_TTL_MS * 5 }).toBe(429);
      expect((await app.inject({ url: '/api/account', headers: account.headers })).json().plan).toMatchObject({ contract: null, name: 'Trial', trialExpired: true });
    } finally {
      await app.close();
    }
  });

  it('says what is wrong with a command, and lists every tier in its help', () => {
    expect(contracts('set', 'nobody@example.com', 'custom')).toMatchObject({ code: 1, stderr: 'bytebound contracts set: no account with the email nobody@example.com\n' });
    expect(contracts('set', 'someone@example.com', 'platinum')).toMatchObject({ code: 1, stderr: expect.stringMatching(/unknown tier 'platinum': one of enterprise, premium-enterprise/) });
    expect(contracts('set', 'someone@example.com')).toMatchObject({ code: 1, stderr: expect.stringMatching(/missing the tier/) });
    expect(contracts('clear')).toMatchObject({ code: 1, stderr: expect.stringMatching(/missing the email/) });
    expect(contracts('renew')).toMatchObject({ code: 1, stderr: expect.stringMatching(/unknown subcommand 'renew'/) });
    const help = contracts('--help');
    expect(help.code).toBe(0);
    for (const tier of Object.keys(CONTRACTS)) expect(help.stdout).toMatch(new RegExp(`^ +${tier} `, 'm'));
  });
});
