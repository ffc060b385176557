// GET /api/v1/analytics/metrics: public anonymous counters that move with real decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const metrics = async () => {
  const response = await t.app.inject({ url: '/api/v1/analytics/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
};

describe(`public metrics (${testDialect})`, () => {
  it('starts at zero and counts every allowed and blocked decision of the API', async () => {
    expect(await metrics()).toMatchObject({ totalDecisions: 0, allowedDecisions: 0, blockedDecisions: 0, averageExecutionTime: 0 });
    const { key } = await newKey(t, 'cust-metrics');
    const decide = (request: object) => t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(key), payload: { arbiters: ['gdpr'], request } });
    const verdicts: string[] = [];
    verdicts.push((await decide({ action: 'read', timing: 'pre-action', target: 'general' })).json().decision);
    verdicts.push((await decide({ action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country' } })).json().decision);
    verdicts.push((await decide({ action: 'fly', timing: 'pre-action', target: 'personal' })).json().decision);
    expect(verdicts).toEqual(['ALLOW', 'DENY', 'DENY']);
    // Refused requests are no decisions.
    await t.app.inject({ method: 'POST', url: '/api/v1/decide', payload: { arbiters: ['gdpr'], request: {} } });
    const after = await metrics();
    expect(after).toMatchObject({ totalDecisions: 3, allowedDecisions: 1, blockedDecisions: 2 });
    expect(after.averageExecutionTime).toBeGreaterThan(0);
    const logged = await t.db.selectFrom('decision_logs').select(['latency_ns']).execute();
    const mean = logged.reduce((sum, row) => sum + Number(row.latency_ns), 0) / logged.length / 1000;
    expect(after.averageExecutionTime).toBeCloseTo(mean, 1);
    expect(Number.isInteger(after.uptime) && after.uptime >= 0).toBe(true);
  });

  it('needs no credentials and names no customer', async () => {
    const body = await metrics();
    expect(Object.keys(body).sort()).toEqual(['allowedDecisions', 'averageExecutionTime', 'blockedDecisions', 'totalDecisions', 'uptime']);
  });
});
