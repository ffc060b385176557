// The engine decides exactly as the compiler's reference evaluator (docs/policy-semantics.md):
// same verdict, article, applied policies and reason texts, for random policies and random requests.
import { decide as referenceDecide } from '@bytebound/compiler/evaluate';
import type { Policy } from '@bytebound/compiler/policy-model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, decideEncoded, newDecisionBuffer, toDecision } from '../src/decide.ts';
import { encodeRequest, loadPolicy } from '../src/loaded-policy.ts';
import { completeRequest, policy } from './arbitraries.ts';

const opcodesOf = (p: Policy) => [...new Set(p.rules.flatMap((r) => r.opcodes))];
const scenario = policy.chain((p) => fc.tuple(fc.constant(p), fc.array(completeRequest(opcodesOf(p)), { minLength: 1, maxLength: 20 })));

describe('engine decisions', () => {
  it('match the reference evaluator on random policies and requests', () => {
    fc.assert(
      fc.property(scenario, ([p, requests]) => {
        const loaded = loadPolicy(p);
        for (const request of requests) {
          const ours = decide(loaded, request);
          const reference = referenceDecide(p, request);
          expect({ decision: ours.decision, exitCode: ours.exitCode, article: ours.article, applied: ours.applied_policies, reasons: ours.reasons.map((r) => r.text) }).toEqual({
            decision: reference.decision,
            exitCode: reference.exitCode,
            article: reference.article,
            applied: reference.applied_policies,
            reasons: reference.reasons.map((r) => r.text),
          });
        }
      }),
      { numRuns: 400 },
    );
    // 400 random policies take about 2 s on an idle core; a busy shared machine needs more.
  }, 30_000);

  it('give the same decision from reused buffers as from fresh ones', () => {
    fc.assert(
      fc.property(scenario, ([p, requests]) => {
        const loaded = loadPolicy(p);
        const buffer = newDecisionBuffer(loaded);
        const encoded = encodeRequest(requests[0]!);
        for (const request of requests) {
          encodeRequest(request, encoded);
          decideEncoded(loaded, encoded, buffer);
          expect(toDecision(loaded, encoded, buffer)).toEqual(decide(loaded, request));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('order and merge the reasons of a request on which many rules hold for every target, as the reference does', () => {
    const [sample] = fc.sample(completeRequest(), { numRuns: 1, seed: 7 });
    const request = {
      ...sample!,
      action: 'create' as const,
      timing: 'session-start' as const,
      targets: ['general', 'financial', 'sensitive', 'personal'] as const,
      attributes: { ...sample!.attributes, jurisdiction: 'EU' as const },
    };
    // A few rules (sorted in place) and many (more reasons than the in-place sort takes).
    for (const count of [5, 30]) {
      const rules = Array.from({ length: count }, (_, i) => ({
        id: `r${i}`,
        effect: 'permit' as const,
        regulation: 'GDPR' as const,
        opcodes: [0, 1, 2, 3],
        when: [],
        unless: [],
        priority: (i * 37) % 101,
        article: `GDPR Art. ${i + 1}`,
        reason: `reason ${i}`,
        quote: '',
        review: [],
        origin: 'text' as const,
      }));
      const p: Policy = { formatVersion: 1, regulations: [{ id: 'GDPR', jurisdiction: 'EU', covers: ['personal', 'sensitive', 'financial', 'general'] }], enforcementLevel: 'strict', destinations: [], rules };
      const ours = decide(loadPolicy(p), { ...request, targets: [...request.targets] });
      const reference = referenceDecide(p, { ...request, targets: [...request.targets] });
      expect(ours.applied_policies).toHaveLength(count);
      expect({ applied: ours.applied_policies, reasons: ours.reasons.map((r) => r.text) }).toEqual({ applied: reference.applied_policies, reasons: reference.reasons.map((r) => r.text) });
    }
  });

  it('refuse to load an unsound policy with a readable error', () => {
    const base: Policy = { formatVersion: 1, regulations: [{ id: 'GDPR', jurisdiction: 'EU', covers: ['personal'] }], enforcementLevel: 'strict', destinations: [], rules: [] };
    const rule = { id: 'r', effect: 'permit' as const, regulation: 'GDPR' as const, opcodes: [0], when: [], unless: [], priority: 50, article: 'GDPR Art. 6', reason: 'x', quote: '', review: [], origin: 'text' as const };
    expect(() => loadPolicy({ ...base, rules: [rule, rule] })).toThrow(/appears twice/);
    expect(() => loadPolicy({ ...base, rules: [{ ...rule, opcodes: [168] }] })).toThrow(/outside 0..167/);
    expect(() => loadPolicy({ ...base, rules: [{ ...rule, priority: 101 }] })).toThrow(/priority/);
  });
});
