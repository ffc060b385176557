// What a customer's plan allows the decision API (DESIGN section 8): the monthly quota and the end
// of the trial answer 429, built-in arbiters outside the plan and custom arbiters beyond it 403.
// Keys of customers without an account (made by an operator) are not limited.
import { printPolicy } from '@bytebound/compiler/bytebound-format';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInArbiter, builtInPolicy } from '../../src/arbiters/built-in-arbiters.ts';
import { applyPlanChange } from '../../src/billing/fulfilment.ts';
import { PLANS } from '../../src/billing/plans.ts';
import { decisionUsage } from '../../src/decide/decision-recorder.ts';
import { usagePeriodStart } from '../../src/decide/decision-writer.ts';
import { admitDecision } from '../../src/decide/entitlements-check.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import type { HttpError } from '../../src/http/errors.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { register } from '../auth/account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const request = { action: 'read', timing: 'pre-action', target: 'general' };
const gdpr = builtInPolicy(builtInArbiter('gdpr')!);
const decide = (key: string, arbiters: string[]) => t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(key), payload: { arbiters, request } });
const save = (key: string, name: string, policy = gdpr) =>
  t.app.inject({ method: 'POST', url: '/api/v1/arbiters', headers: bearer(key), payload: { name, source: printPolicy(policy) } });

async function accountKey(plan?: 'growth') {
  const account = await register(t.app);
  if (plan) await t.db.updateTable('accounts').set({ plan, plan_status: 'active' }).where('id', '=', account.customerId).execute();
  return { customerId: account.customerId, key: (await newKey(t, account.customerId)).key };
}

describe(`plan limits of the decision API (${testDialect})`, () => {
  it("allows a trial the GDPR and CCPA arbiters only, and saying which plan does", async () => {
    const { key } = await accountKey();
    expect((await decide(key, ['gdpr', 'ccpa'])).statusCode).toBe(200);
    const hipaa = await decide(key, ['gdpr', 'hipaa']);
    expect(hipaa.statusCode).toBe(403);
    expect(hipaa.json().error).toBe('The HIPAA arbiter is not part of your Trial plan, which includes GDPR and CCPA. Upgrade your plan to use it.');
  });

  it('applies a plan bought through checkout to the very next decision', async () => {
    const { customerId, key } = await accountKey();
    expect((await decide(key, ['hipaa'])).statusCode).toBe(403);
    const change = { eventId: `evt_${customerId}`, eventType: 'checkout.session.completed', eventAt: Date.now(), accountId: customerId, plan: 'growth' as const, status: 'active' as const, billingCycle: 'monthly' as const };
    expect(await applyPlanChange(t.db, change)).toBe('applied');
    expect((await decide(key, ['hipaa'])).statusCode).toBe(200);
  });

  it('answers 429 once the monthly quota is used, counting each recorded decision, and after the trial has ended', async () => {
    const { customerId, key } = await accountKey();
    const limit = PLANS.trial.entitlements.apiCallsPerMonth;
    const now = Date.now();
    const month = usagePeriodStart(now);
    // Last month's use does not count; this month's counter stands two calls below the quota.
    await t.db
      .insertInto('decision_usage')
      .values([
        { customer_id: customerId, period_start: usagePeriodStart(month - 1), calls: limit },
        { customer_id: customerId, period_start: month, calls: limit - 2 },
      ])
      .execute();
    expect((await decide(key, ['gdpr'])).statusCode).toBe(200);
    expect(await decisionUsage(t.db, customerId, now)).toBe(limit - 1);
    expect((await decide(key, ['gdpr'])).statusCode).toBe(200);
    expect(await decisionUsage(t.db, customerId, now)).toBe(limit);
    const over = await decide(key, ['gdpr']);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toBe(
      `Monthly quota reached: your Trial plan includes 1,000 API calls a month and 1,000 were made. Upgrade your plan or wait for next month.`,
    );
    expect(await decisionUsage(t.db, customerId, now)).toBe(limit);

    const ended = await accountKey();
    await t.db.updateTable('accounts').set({ trial_ends_at: now - 1_000 }).where('id', '=', ended.customerId).execute();
    const afterTrial = await decide(ended.key, ['gdpr']);
    expect(afterTrial.statusCode).toBe(429);
    expect(afterTrial.json().error).toMatch(/trial has ended/);
  });

  it('admits no more decisions sent together than the quota has left', async () => {
    const { customerId, key } = await accountKey();
    const limit = PLANS.trial.entitlements.apiCallsPerMonth;
    const now = Date.now();
    await t.db.insertInto('decision_usage').values({ customer_id: customerId, period_start: usagePeriodStart(now), calls: limit - 5 }).execute();
    const statuses = await Promise.all(Array.from({ length: 40 }, () => decide(key, ['gdpr']).then((r) => r.statusCode)));
    expect(statuses.filter((s) => s === 200).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(35);
    expect(await decisionUsage(t.db, customerId, now)).toBe(limit);
    // A refused or failed decision leaves nothing counted: with one call freed, exactly one more is admitted.
    await t.db.updateTable('decision_usage').set({ calls: limit - 1 }).where('customer_id', '=', customerId).execute();
    const again = await Promise.all(Array.from({ length: 10 }, () => decide(key, ['gdpr']).then((r) => r.statusCode)));
    expect(again.filter((s) => s === 200).length).toBe(1);
  });

  it('says no more calls were made than the quota when a decision just recorded is still counted as admitted', async () => {
    const { customerId, key } = await accountKey();
    const limit = PLANS.trial.entitlements.apiCallsPerMonth;
    const month = usagePeriodStart(Date.now());
    await t.db.insertInto('decision_usage').values({ customer_id: customerId, period_start: month, calls: limit - 1 }).execute();
    const admitted = await admitDecision(t.db, customerId, ['gdpr']);
    // Its commit lands before the request that made it releases it.
    await t.db.updateTable('decision_usage').set({ calls: limit }).where('customer_id', '=', customerId).where('period_start', '=', month).execute();
    const over = await decide(key, ['gdpr']);
    admitted();
    expect([over.statusCode, over.json().error]).toEqual([
      429,
      'Monthly quota reached: your Trial plan includes 1,000 API calls a month and 1,000 were made. Upgrade your plan or wait for next month.',
    ]);
  });

  it('admits none past the quota when a decision is recorded while another check reads the month’s use', async () => {
    const { customerId, key } = await accountKey();
    const limit = PLANS.trial.entitlements.apiCallsPerMonth;
    const month = usagePeriodStart(Date.now());
    await t.db.insertInto('decision_usage').values({ customer_id: customerId, period_start: month, calls: limit - 1 }).execute();
    const admitted = await admitDecision(t.db, customerId, ['gdpr']);
    // The second check reads the month's use before the first decision's commit lands, and goes on
    // only after that decision is recorded and released.
    const others = openDatabase(t.app.config.database);
    const usageReads = new WeakSet<object>();
    let recordedMeanwhile = false;
    const plugin: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('"decision_usage"')) usageReads.add(queryId);
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        if (usageReads.has(queryId) && !recordedMeanwhile) {
          recordedMeanwhile = true;
          await others.updateTable('decision_usage').set({ calls: limit }).where('customer_id', '=', customerId).where('period_start', '=', month).execute();
          admitted();
        }
        return result;
      },
    };
    const checking = Object.assign(t.db.withPlugin(plugin), { dialect: t.db.dialect }) as Database;
    const second = await admitDecision(checking, customerId, ['gdpr'])
      .then(
        (release) => (release(), 'admitted'),
        (error: HttpError) => error.statusCode,
      )
      .finally(() => others.destroy());
    expect(recordedMeanwhile).toBe(true);
    expect(second).toBe(429);
    expect((await decide(key, ['gdpr'])).statusCode).toBe(429);
  });

  it('limits custom arbiters to the plan: none on a trial, three of up to 100 rules on Growth', async () => {
    const trial = await accountKey();
    expect((await save(trial.key, 'Mine')).json().error).toMatch(/Trial plan includes no custom arbiters/);

    const growth = await accountKey('growth');
    for (const name of ['One', 'Two', 'Three']) expect((await save(growth.key, name)).statusCode).toBe(201);
    const fourth = await save(growth.key, 'Four');
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error).toMatch(/includes 3 custom arbiters, and all are in use/);
    expect((await save(growth.key, 'Two')).statusCode).toBe(200);
    const big = { ...gdpr, rules: Array.from({ length: 101 }, (_, i) => ({ ...gdpr.rules[i % gdpr.rules.length]!, id: `rule-${i}` })) };
    const tooBig = await save(growth.key, 'One', big);
    expect(tooBig.statusCode).toBe(403);
    expect(tooBig.json().error).toBe('This policy has 101 rules; your Growth plan allows up to 100 rules per custom arbiter.');
  });

  it('does not limit the keys of customers without an account', async () => {
    const { key } = await newKey(t, 'operator-made');
    expect((await decide(key, ['hipaa', 'sox', 'pci-dss'])).statusCode).toBe(200);
    for (const name of ['A', 'B', 'C', 'D']) expect((await save(key, name)).statusCode).toBe(201);
  });
});
