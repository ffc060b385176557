// The Rust format checked by the real rustc: the module compiles (edition 2021, std only) with a
// generated harness, and one build per policy decides every hand-built case as the semantics say.
import { describe, expect, it } from 'vitest';
import { describeProperties } from './toolchains/property-checks.ts';
import { emitRust } from '../src/emit/rust.ts';
import { DEFAULT_COMPILE_OPTIONS } from '../src/policy-model.ts';
import { ENFORCEMENT_LEVELS, handBuiltPolicy, handCases } from './toolchains/hand-built-policies.ts';
import { rustDecisions, rustRunner, rustTest } from './toolchains/rust.ts';
import { decide } from '../src/evaluate.ts';

const options = { ...DEFAULT_COMPILE_OPTIONS, includeTests: false };

describe('rust emitter under rustc', () => {
  for (const level of ENFORCEMENT_LEVELS) {
    it(`decides every hand-built case under ${level}`, async () => {
      const policy = handBuiltPolicy(level);
      const decisions = await rustRunner.decideAll(emitRust(policy, options), policy, handCases.map((c) => c.request));
      expect(decisions).toEqual(handCases.map((c) => c.expected[level]));
    });
  }

  it('words every reason as the reference evaluator does, in its order', async () => {
    for (const level of ENFORCEMENT_LEVELS) {
      const policy = handBuiltPolicy(level);
      const decisions = await rustDecisions(emitRust(policy, options), handCases.map((c) => c.request));
      expect(decisions.map((d) => d.texts)).toEqual(handCases.map((c) => decide(policy, c.request).reasons.map((r) => r.text)));
    }
  });

  it('is deterministic and lists the rules in decision order with their articles and quotes', () => {
    const policy = handBuiltPolicy('strict');
    const output = emitRust(policy, options);
    expect(emitRust(handBuiltPolicy('strict'), options)).toBe(output);
    const positions = ['ccpa-opt-out', 'gdpr-art-8-child', 'gdpr-art-44-transfer', 'pci-pan-encrypted', 'gdpr-art-6-lawful-basis'].map((id) =>
      output.indexOf(`id: "${id}"`),
    );
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(output).toContain('//   "Processing shall be lawful only if');
    expect(output).toContain('REVIEW (condition not mapped to a request attribute): only if the conditions');
  });

  it('compiles with the development trace too', async () => {
    const policy = handBuiltPolicy('moderate');
    const output = emitRust(policy, { ...options, targetEnvironment: 'development' });
    expect(output).toContain('pub fn trace(');
    const decisions = await rustRunner.decideAll(output, policy, handCases.map((c) => c.request));
    expect(decisions).toEqual(handCases.map((c) => c.expected.moderate));
  });
});

describe('rust emitter with includeTests', () => {
  it("emits #[test]s that pass under rustc --test, one per test vector", async () => {
    const policy = handBuiltPolicy('strict');
    const output = emitRust(policy, { ...options, includeTests: true });
    const report = await rustTest(output);
    const vectors = output.match(/#\[test\]/g)?.length ?? 0;
    expect(vectors).toBeGreaterThan(10);
    expect(report).toContain(`test result: ok. ${vectors} passed; 0 failed`);
  });
});

describeProperties(rustRunner, emitRust, 2);
