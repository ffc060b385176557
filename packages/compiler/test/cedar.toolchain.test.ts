// The Cedar format checked by @cedar-policy/cedar-wasm: the policy set parses, validates against
// the emitted schema without errors, and isAuthorized (one call per target, combined by the
// documented host wrapper cedarDecide) decides every hand-built case as the semantics say.
import { describe, expect, it } from 'vitest';
import { describeProperties } from './toolchains/property-checks.ts';
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import { VECTOR_PREFIX, cedarDecide, cedarPolicyMeta, emitCedar, extractCedarSchema, type CedarAnswer, type CedarCall } from '../src/emit/cedar.ts';
import { DEFAULT_COMPILE_OPTIONS, type CompleteRequest } from '../src/policy-model.ts';
import type { TestVector } from '../src/emit/test-vectors.ts';
import { cedarRunner, loadCedar } from './toolchains/cedar.ts';
import { decide } from '../src/evaluate.ts';
import type { FormatDecision } from './toolchains/types.ts';
import { ENFORCEMENT_LEVELS, handBuiltPolicy, handCases } from './toolchains/hand-built-policies.ts';

const options = { ...DEFAULT_COMPILE_OPTIONS, includeTests: false };
const pickDecision = ({ decision, article, applied_policies }: FormatDecision): FormatDecision => ({ decision, article, applied_policies });

describe('cedar emitter under cedar-wasm', () => {
  for (const level of ENFORCEMENT_LEVELS) {
    it(`decides every hand-built case under ${level}`, async () => {
      const policy = handBuiltPolicy(level);
      const decisions = await cedarRunner.decideAll(emitCedar(policy, options), policy, handCases.map((c) => c.request));
      expect(decisions).toEqual(handCases.map((c) => c.expected[level]));
    });
  }

  it('sends contexts that validate against the schema', () => {
    for (const level of ENFORCEMENT_LEVELS) {
      const loaded = loadCedar(emitCedar(handBuiltPolicy(level), options), true);
      expect(handCases.map((c) => pickDecision(loaded.decide(c.request)))).toEqual(handCases.map((c) => c.expected[level]));
    }
  });

  it('words every reason as the reference evaluator does, in its order', () => {
    for (const level of ENFORCEMENT_LEVELS) {
      const policy = handBuiltPolicy(level);
      const loaded = loadCedar(emitCedar(policy, options));
      expect(handCases.map((c) => loaded.decide(c.request).reasons)).toEqual(
        handCases.map((c) => decide(policy, c.request).reasons.map(({ ruleId, article, text }) => ({ ruleId, article, text }))),
      );
    }
  });

  it('decides with plain isAuthorized on the whole policy set, as docs/formats/cedar.md shows', () => {
    const policy = handBuiltPolicy('moderate');
    const output = emitCedar(policy, options);
    const parts = cedar.policySetTextToParts(output);
    if (parts.type !== 'success') throw new Error('the policy set does not parse');
    const staticPolicies = Object.fromEntries(parts.policies.map((p, i) => [`p${i}`, p]));
    const meta = new Map(
      parts.policies.map((p, i) => {
        const json = cedar.policyToJson(p);
        if (json.type !== 'success') throw new Error(`policy ${i} does not convert`);
        return [`p${i}`, cedarPolicyMeta(json.json.annotations ?? {})];
      }),
    );
    const schema = extractCedarSchema(output);
    const authorize = (call: CedarCall): CedarAnswer => {
      const a = cedar.isAuthorized({ ...call, policies: { staticPolicies }, entities: [], schema, validateRequest: true });
      return a.type === 'success'
        ? { decision: a.response.decision, reason: a.response.diagnostics.reason, errors: a.response.diagnostics.errors.map((e) => e.error.message) }
        : { decision: 'deny', reason: [], errors: a.errors.map((e) => e.message) };
    };
    const decisions = handCases.map((c) => pickDecision(cedarDecide(c.request, authorize, (id) => meta.get(id)!)));
    expect(decisions).toEqual(handCases.map((c) => c.expected.moderate));
  });

  it('rejects a policy set that does not validate against the schema', () => {
    const output = emitCedar(handBuiltPolicy('strict'), options).replace('context.optedOut == true', 'context.optedOut == "yes"');
    expect(() => loadCedar(output)).toThrow(/Cedar validation errors/);
  });

  it('is deterministic and lists the rules in decision order with @id, @article, @priority and @reason', () => {
    const output = emitCedar(handBuiltPolicy('strict'), options);
    expect(emitCedar(handBuiltPolicy('strict'), options)).toBe(output);
    const positions = ['ccpa-opt-out', 'gdpr-art-8-child', 'gdpr-art-44-transfer', 'pci-pan-encrypted', 'gdpr-art-6-lawful-basis'].map((id) =>
      output.indexOf(`@id("${id}")`),
    );
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(output).toContain('@article("GDPR Art. 44")\n@priority("90")\n@reason("transfer to a third country without safeguards")');
    expect(output).toContain('//   "Processing shall be lawful only if');
  });
});

describe('cedar emitter with includeTests', () => {
  it('lists test vectors in a comment block that Cedar decides as stated', () => {
    const output = emitCedar(handBuiltPolicy('permissive'), { ...options, includeTests: true });
    const loaded = loadCedar(output);
    const vectors = output
      .split('\n')
      .filter((line) => line.startsWith(VECTOR_PREFIX))
      .map((line) => JSON.parse(line.slice(VECTOR_PREFIX.length)) as TestVector & { request: CompleteRequest });
    expect(vectors.length).toBeGreaterThan(10);
    for (const vector of vectors) {
      const { decision, article, applied_policies } = loaded.decide(vector.request);
      expect({ decision, article, applied_policies }, vector.name).toEqual(vector.expected);
    }
  });
});

describeProperties(cedarRunner, emitCedar, 3);
