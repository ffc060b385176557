// Combining arbiters: any DENY denies, the deciding side's reasons by priority with each rule once,
// and an arbiter that fails or times out denies with a reason that says so.
import { completeRequest } from '@bytebound/compiler/request';
import { buildPolicy } from '@bytebound/compiler/policy/build-policy';
import type { Decision } from '@bytebound/compiler/policy-model';
import { loadPolicy } from '@bytebound/engine/loaded-policy';
import { describe, expect, it } from 'vitest';
import { type ArbiterOutcome, combineOutcomes, consultArbiters } from './consult-arbiters.ts';

const outcome = (arbiter: string, decision: Decision): ArbiterOutcome => ({
  arbiter,
  id: arbiter,
  version: 1,
  digest: null,
  outcome: decision.decision,
  decision,
  latencyNs: 1,
});
const reason = (ruleId: string | null, priority: number, article: string | null = ruleId) => ({ ruleId, article, text: `because ${ruleId}`, priority });
const deny = (...reasons: ReturnType<typeof reason>[]): Decision => ({ decision: 'DENY', exitCode: 2, reasons, applied_policies: [], article: null });
const allow = (...reasons: ReturnType<typeof reason>[]): Decision => ({ decision: 'ALLOW', exitCode: 0, reasons, applied_policies: [], article: null });

describe('combineOutcomes', () => {
  it('denies when any arbiter denies, with only the denying reasons, by priority then arbiter order', () => {
    const combined = combineOutcomes([
      outcome('a', deny(reason('a-50', 50), reason(null, 0, null))),
      outcome('b', allow(reason('b-99', 99))),
      outcome('c', deny(reason('c-90', 90), reason('a-50', 50), reason('c-50', 50))),
    ]);
    expect(combined).toMatchObject({ decision: 'DENY', exitCode: 2, article: 'c-90' });
    expect(combined.applied_policies).toEqual(['c-90', 'a-50', 'c-50']);
    expect(combined.reasons.at(-1)!.ruleId).toBeNull();
  });

  it('allows only when every arbiter allows', () => {
    const combined = combineOutcomes([outcome('a', allow(reason('a-10', 10))), outcome('b', allow(reason('b-20', 20)))]);
    expect(combined).toMatchObject({ decision: 'ALLOW', exitCode: 0, applied_policies: ['b-20', 'a-10'], article: 'b-20' });
  });
});

describe('consultArbiters', () => {
  const request = completeRequest({ action: 'read', timing: 'pre-action', target: 'general' });
  if (!request.ok) throw new Error(request.error);
  const policy = { loaded: loadPolicy(buildPolicy([], { enforcementLevel: 'strict', regulations: ['GDPR'] })), digest: 'sha256:ok', rules: 0, destinations: [] };

  it('turns a failing or silent arbiter into a DENY that says so, without holding up the others', async () => {
    const outcomes = await consultArbiters(
      [
        { ref: 'ok', ready: () => ({ id: 'ok', version: 1, policy }), load: async () => ({ id: 'ok', version: 1, policy }) },
        { ref: 'broken', load: async () => Promise.reject(new Error('disk on fire')) },
        { ref: 'silent', load: () => new Promise(() => {}) },
      ],
      request.request,
      20,
    );
    expect(outcomes.map((o) => o.outcome)).toEqual(['ALLOW', 'ERROR', 'TIMEOUT']);
    expect(outcomes[1]!.decision.reasons[0]!.text).toBe('arbiter broken failed: disk on fire');
    expect(outcomes[2]!.decision.reasons[0]!.text).toBe('arbiter silent did not answer within the 20 ms arbiter timeout');
    expect(combineOutcomes(outcomes).decision).toBe('DENY');
  });
});
