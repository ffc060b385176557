import { describe, expect, it } from 'vitest';
import { STREAM_DECISION_MAX_AGE_MS, STREAM_DECISIONS_KEPT, STREAM_PROOF_BUNDLES_KEPT } from '../../../config/constants.ts';
import { type StreamCheckpoint, type StreamDecision, averageExecutionTime, complianceRate, emptyStream, rateTier, reconnectDelay, streamReducer } from './stream-state.ts';

const decision = (i: number, at = Date.now()): StreamDecision => ({ id: `d${i}`, timestamp: new Date(at).toISOString(), action: 'CREATE', field: 'email', exitCode: 0, article: 'GDPR Art. 6', executionTimeUs: 3 });
const checkpoint = (i: number): StreamCheckpoint => ({ id: `c${i}`, timestamp: new Date().toISOString(), treeSize: i * 10, rootHash: 'a'.repeat(64), signature: 's', keyId: 'k', decisions: [], decisionCount: 10 });

describe('the stream state', () => {
  it('keeps the newest 50 decisions, newest first, without duplicates', () => {
    let state = emptyStream;
    for (let i = 0; i < STREAM_DECISIONS_KEPT + 15; i++) state = streamReducer(state, { type: 'decision', decision: decision(i) });
    state = streamReducer(state, { type: 'decision', decision: decision(STREAM_DECISIONS_KEPT + 14) });
    expect(state.decisions).toHaveLength(STREAM_DECISIONS_KEPT);
    expect(state.decisions[0]!.id).toBe(`d${STREAM_DECISIONS_KEPT + 14}`);
    expect(new Set(state.decisions.map((d) => d.id)).size).toBe(STREAM_DECISIONS_KEPT);
  });

  it('drops decisions older than an hour when pruned', () => {
    const now = Date.now();
    let state = streamReducer(emptyStream, { type: 'decision', decision: decision(1, now - STREAM_DECISION_MAX_AGE_MS - 1000) });
    state = streamReducer(state, { type: 'decision', decision: decision(2, now - 1000) });
    state = streamReducer(state, { type: 'prune', now });
    expect(state.decisions.map((d) => d.id)).toEqual(['d2']);
  });

  it('keeps 20 checkpoints, largest tree first after hello', () => {
    let state = streamReducer(emptyStream, { type: 'hello', checkpoints: [checkpoint(1), checkpoint(3), checkpoint(2)], counters: { total: 30, allowed: 27, blocked: 3, averageExecutionTimeUs: 5 }, uptimeStartedAt: '2026-01-01T00:00:00.000Z' });
    expect(state.checkpoints.map((c) => c.id)).toEqual(['c3', 'c2', 'c1']);
    expect(state.uptimeStartedAt).toBe(Date.parse('2026-01-01T00:00:00.000Z'));
    for (let i = 4; i < 30; i++) state = streamReducer(state, { type: 'checkpoint', checkpoint: checkpoint(i) });
    expect(state.checkpoints).toHaveLength(STREAM_PROOF_BUNDLES_KEPT);
    expect(state.checkpoints[0]!.id).toBe('c29');
  });
});

describe('metrics', () => {
  it('rates allowed over total with the colour tiers at 90, 70 and 50, and gives no average before the first decision', () => {
    expect(complianceRate({ total: 0, allowed: 0, blocked: 0, averageExecutionTimeUs: 0 })).toBeNull();
    expect(complianceRate({ total: 8, allowed: 6, blocked: 2, averageExecutionTimeUs: 0 })).toBe(75);
    expect(averageExecutionTime({ total: 0, allowed: 0, blocked: 0, averageExecutionTimeUs: 0 })).toBeNull();
    expect(averageExecutionTime({ total: 8, allowed: 6, blocked: 2, averageExecutionTimeUs: 41.5 })).toBe(41.5);
    expect([95, 90, 89.9, 70, 69, 50, 49].map(rateTier)).toEqual(['excellent', 'excellent', 'good', 'good', 'fair', 'fair', 'poor']);
  });

  it('backs off reconnects up to the maximum', () => {
    expect([0, 1, 2, 3, 10].map((n) => reconnectDelay(n, 500, 10_000))).toEqual([500, 1000, 2000, 4000, 10_000]);
  });
});
