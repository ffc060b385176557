// Decisions arriving together are committed together (one transaction per batch), and each still
// gets its own place in the log, its rows and its counts, exactly as if committed one by one.
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_COUNTERS_ID } from '../../src/decide/decision-counters.ts';
import { decisionUsage, recordDecision } from '../../src/decide/decision-recorder.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const requests = [
  { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } },
  { action: 'read', timing: 'pre-action', target: 'general' },
];

describe(`decisions committed in batches (${testDialect})`, () => {
  it('gives 45 concurrent decisions 45 consecutive log entries, their rows, counters and a log that verifies', async () => {
    const keys = [(await newKey(t, 'cust-batch-a')).key, (await newKey(t, 'cust-batch-b')).key];
    const before = await t.db.selectFrom('decision_counters').selectAll().where('id', '=', GLOBAL_COUNTERS_ID).executeTakeFirst();
    const responses = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(keys[i % 2]!), payload: { arbiters: ['gdpr'], request: requests[i % 2] } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 45 }, () => 200));
    const bodies = responses.map((r) => r.json());
    const start = Math.min(...bodies.map((b) => b.auditIndex));
    expect(bodies.map((b) => b.auditIndex).sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => start + i));

    const logged = await t.db.selectFrom('decision_logs').select(['id', 'bundle_id', 'customer_id']).where('id', 'in', bodies.map((b) => b.decisionId)).execute();
    expect(logged).toHaveLength(45);
    expect(new Set(logged.map((l) => l.bundle_id))).toEqual(new Set(bodies.map((b) => b.bundleId)));
    const results = await t.db.selectFrom('arbiter_results').select('decision_id').where('decision_id', 'in', bodies.map((b) => b.decisionId)).execute();
    expect(results).toHaveLength(45);

    const after = await t.db.selectFrom('decision_counters').selectAll().where('id', '=', GLOBAL_COUNTERS_ID).executeTakeFirstOrThrow();
    expect(Number(after.total) - Number(before?.total ?? 0)).toBe(45);
    const denied = bodies.filter((b) => b.decision === 'DENY').length;
    expect(Number(after.blocked) - Number(before?.blocked ?? 0)).toBe(denied);
    expect(await decisionUsage(t.db, 'cust-batch-a')).toBe(23);
    expect(await decisionUsage(t.db, 'cust-batch-b')).toBe(22);

    const keyRing = keyRingFromJwks((await t.app.inject('/api/v1/keys')).json());
    const log = (await t.app.inject('/api/v1/audit/export')).json();
    expect(verifyFile(log, keyRing)).toMatchObject({ ok: true, failures: [] });
    expect(log.checkpoints.map((c: { size: number }) => c.size)).toEqual(expect.arrayContaining([10, 20, 30, 40]));
  });

  it('when a batch fails, commits its decisions one by one: only the one that cannot be recorded fails', async () => {
    const decision = { decision: 'ALLOW' as const, exitCode: 0 as const, reasons: [], applied_policies: [], article: null };
    const input = (customerId: string, source: string) => ({ customerId, apiKeyId: null, source, decision, outcomes: [], latencyNs: 1_000, request: { action: 'read' } });
    const sizeBefore = Number((await t.db.selectFrom('audit_state').select('size').executeTakeFirstOrThrow()).size);
    // Made in one tick, the three are one batch; the middle one breaks a NOT NULL constraint.
    const settled = await Promise.allSettled([
      recordDecision(t.db, t.app.signingKey, input('cust-alone-a', 'api')),
      recordDecision(t.db, t.app.signingKey, input('cust-alone-b', null as unknown as string)),
      recordDecision(t.db, t.app.signingKey, input('cust-alone-c', 'api')),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const recorded = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const logged = await t.db.selectFrom('decision_logs').select('customer_id').where('id', 'in', recorded.map((r) => r.decisionId)).orderBy('customer_id').execute();
    expect(logged.map((l) => l.customer_id)).toEqual(['cust-alone-a', 'cust-alone-c']);
    // The log holds the two, in consecutive places, and nothing of the failed one.
    expect(recorded.map((r) => r.auditIndex).sort((a, b) => a - b)).toEqual([sizeBefore, sizeBefore + 1]);
    expect(Number((await t.db.selectFrom('audit_state').select('size').executeTakeFirstOrThrow()).size)).toBe(sizeBefore + 2);
  });
});
