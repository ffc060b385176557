// The Rego, Cedar, Rust and WebAssembly emitters are pure and deterministic: for any policy (here
// with hostile texts and every option), the same input gives byte-identical output and the policy
// is left untouched.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostilePolicy } from '../../test/toolchains/property-checks.ts';
import type { CompileOptions } from '../policy-model.ts';
import { emitCedar } from './cedar.ts';
import { emitRego } from './rego.ts';
import { emitRust } from './rust.ts';
import { emitWasm } from './wasm.ts';

const options: fc.Arbitrary<CompileOptions> = fc.record({
  enforcementLevel: fc.constantFrom('strict', 'moderate', 'permissive'),
  includeTests: fc.boolean(),
  optimizationLevel: fc.constantFrom('none', 'basic', 'maximum'),
  targetEnvironment: fc.constantFrom('development', 'production'),
});

describe.each([
  ['rego', emitRego],
  ['cedar', emitCedar],
  ['rust', emitRust],
  ['wasm', emitWasm],
] as const)('%s emitter', (_name, emit) => {
  it('gives byte-identical output for the same policy and options, and does not change the policy', () => {
    fc.assert(
      fc.property(hostilePolicy('strict'), options, (policy, opts) => {
        const before = structuredClone(policy);
        const first = emit(policy, opts);
        expect(policy).toEqual(before);
        expect(emit(structuredClone(before), { ...opts })).toBe(first);
      }),
      { numRuns: 25 },
    );
  });
});
