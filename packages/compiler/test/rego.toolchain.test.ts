// The Rego format checked by the real OPA: the package compiles under `opa check --strict` and
// one `opa eval` per policy decides every hand-built case as docs/policy-semantics.md says.
import { describe, expect, it } from 'vitest';
import { describeProperties } from './toolchains/property-checks.ts';
import { emitRego } from '../src/emit/rego.ts';
import { DEFAULT_COMPILE_OPTIONS } from '../src/policy-model.ts';
import { ENFORCEMENT_LEVELS, handBuiltPolicy, handCases } from './toolchains/hand-built-policies.ts';
import { opaTest, regoDecisions, regoRunner } from './toolchains/rego.ts';
import { decide } from '../src/evaluate.ts';

const options = { ...DEFAULT_COMPILE_OPTIONS, includeTests: false };

describe('rego emitter under OPA', () => {
  for (const level of ENFORCEMENT_LEVELS) {
    it(`decides every hand-built case under ${level}`, async () => {
      const policy = handBuiltPolicy(level);
      const decisions = await regoRunner.decideAll(emitRego(policy, options), policy, handCases.map((c) => c.request));
      expect(decisions).toEqual(handCases.map((c) => c.expected[level]));
    });
  }

  it("words every reason as the reference evaluator does, in its order", async () => {
    for (const level of ENFORCEMENT_LEVELS) {
      const policy = handBuiltPolicy(level);
      const decisions = await regoDecisions(emitRego(policy, options), handCases.map((c) => c.request));
      expect(decisions.map((d) => d.reasons)).toEqual(handCases.map((c) => decide(policy, c.request).reasons));
    }
  });

  it('is deterministic and lists the rules in decision order with their articles and quotes', () => {
    const policy = handBuiltPolicy('strict');
    const output = emitRego(policy, options);
    expect(emitRego(handBuiltPolicy('strict'), options)).toBe(output);
    const positions = ['ccpa-opt-out', 'gdpr-art-8-child', 'gdpr-art-44-transfer', 'pci-pan-encrypted', 'gdpr-art-6-lawful-basis'].map((id) =>
      output.indexOf(`{"id": "${id}"`),
    );
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(output).toContain('#   "Processing shall be lawful only if');
    expect(output).toContain('REVIEW (condition not mapped to a request attribute): only if the conditions');
  });

  it('gives decision traces in development only', () => {
    const policy = handBuiltPolicy('strict');
    expect(emitRego(policy, { ...options, targetEnvironment: 'development' })).toContain('"trace": outcomes');
    expect(emitRego(policy, options)).not.toContain('"trace"');
  });
});

describe('rego emitter with includeTests', () => {
  it('emits test_ rules that pass under opa test, one per test vector', async () => {
    const policy = handBuiltPolicy('permissive');
    const output = emitRego(policy, { ...options, includeTests: true });
    const report = await opaTest(output);
    const vectors = output.match(/^test_vector_\d+ if/gm)?.length ?? 0;
    expect(vectors).toBeGreaterThan(10);
    expect(report).toContain(`PASS: ${vectors}/${vectors}`);
  });
});

describeProperties(regoRunner, emitRego, 3);
