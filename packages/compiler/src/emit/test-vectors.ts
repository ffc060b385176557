// Test vectors for the formats' own tests (includeTests): for each rule, a request that makes it
// hold and one with default attributes, each with the reference evaluator's expected decision.
import { decide } from '../evaluate.ts';
import {
  DEFAULT_ATTRIBUTES,
  ENUM_ATTRIBUTES,
  decodeOpcode,
  type Attributes,
  type CompleteRequest,
  type Condition,
  type Decision,
  type Policy,
} from '../policy-model.ts';
import { rulesInDecisionOrder } from './escape.ts';

export type TestVector = { name: string; request: CompleteRequest; expected: Pick<Decision, 'decision' | 'article' | 'applied_policies'> };

/** At most this many vectors per policy, so the emitted tests stay readable and quick. */
export const MAX_TEST_VECTORS = 48;

function satisfy(attributes: Attributes, c: Condition, holds: boolean): void {
  const a = attributes as Record<string, unknown>;
  if ('equals' in c) a[c.attribute] = holds ? c.equals : !c.equals;
  else if ('greaterThan' in c) a[c.attribute] = holds ? Math.max(0, Math.floor(c.greaterThan) + 1) : 0;
  else {
    const values = ENUM_ATTRIBUTES[c.attribute] as readonly string[];
    const pick = values.find((v) => c.in.includes(v) === holds);
    if (pick === undefined) delete a[c.attribute];
    else a[c.attribute] = pick;
  }
}

export function testVectors(policy: Policy): TestVector[] {
  const vectors: TestVector[] = [];
  for (const rule of rulesInDecisionOrder(policy)) {
    const first = rule.opcodes[0];
    if (first === undefined) continue;
    const { action, timing, target } = decodeOpcode(first);
    const holding: Attributes = { ...DEFAULT_ATTRIBUTES };
    for (const c of rule.unless) satisfy(holding, c, false);
    for (const c of rule.when) satisfy(holding, c, true);
    const regulation = policy.regulations.find((r) => r.id === rule.regulation);
    if (regulation && holding.jurisdiction === undefined) holding.jurisdiction = regulation.jurisdiction;
    const requests: [string, CompleteRequest][] = [
      [`${rule.id} holds`, { action, timing, targets: [target], attributes: holding }],
      [`${rule.id} with default attributes`, { action, timing, targets: [target], attributes: { ...DEFAULT_ATTRIBUTES } }],
    ];
    for (const [name, request] of requests) {
      if (vectors.length >= MAX_TEST_VECTORS) return vectors;
      const { decision, article, applied_policies } = decide(policy, request);
      vectors.push({ name, request, expected: { decision, article, applied_policies } });
    }
  }
  return vectors;
}
