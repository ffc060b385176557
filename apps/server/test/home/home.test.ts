// GET /api/home/features and GET /api/home/live-demo: public, and the summary moves with real decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe(`homepage endpoints (${testDialect})`, () => {
  it('lists the features without credentials, cacheable', async () => {
    const response = await t.app.inject({ url: '/api/home/features' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age=');
    const { features } = response.json() as { features: Array<{ id: string; title: string; description: string }> };
    expect(features.map((f) => f.id)).toContain('compiler');
    for (const feature of features) expect(feature.title.length * feature.description.length).toBeGreaterThan(0);
  });

  it('summarises the real decisions: nothing before the first, then the allowed share and mean time', async () => {
    const live = async () => (await t.app.inject({ url: '/api/home/live-demo' })).json();
    expect(await live()).toEqual({ totalDecisions: 0, complianceRate: null, averageLatencyUs: null });
    const { key } = await newKey(t, 'cust-home');
    const decide = (request: object) => t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(key), payload: { arbiters: ['gdpr'], request } });
    await decide({ action: 'read', timing: 'pre-action', target: 'general' });
    await decide({ action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country' } });
    await decide({ action: 'read', timing: 'pre-action', target: 'general' });
    await decide({ action: 'read', timing: 'pre-action', target: 'general' });
    const after = await live();
    expect(after.totalDecisions).toBe(4);
    expect(after.complianceRate).toBe(75);
    expect(after.averageLatencyUs).toBeGreaterThan(0);
  });
});
