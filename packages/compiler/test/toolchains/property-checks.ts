// Property checks shared by the Rego, Cedar, Rust and WebAssembly toolchain tests: fast-check
// requests biased to a policy's opcodes, policies whose texts are hostile to every comment and
// string syntax, and the comparison of a format's decisions with the reference evaluator's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Emitter } from '../../src/emit/emitter.ts';
import { decide } from '../../src/evaluate.ts';
import { buildPolicy } from '../../src/policy/build-policy.ts';
import {
  ACTIONS,
  BOOLEAN_ATTRIBUTES,
  DEFAULT_COMPILE_OPTIONS,
  ENUM_ATTRIBUTES,
  REGULATIONS,
  TARGETS,
  TIMINGS,
  decodeOpcode,
  type Attributes,
  type CompleteRequest,
  type EnforcementLevel,
  type Policy,
  type Target,
} from '../../src/policy-model.ts';
import { handBuiltPolicy, handCases } from './hand-built-policies.ts';
import type { FormatDecision, FormatRunner } from './types.ts';

/** Complete requests: most of them on an opcode some rule of the policy matches, near its thresholds. */
export function requestArbitrary(policy: Policy): fc.Arbitrary<CompleteRequest> {
  const codes = [...new Set(policy.rules.flatMap((r) => r.opcodes))];
  const thresholds = policy.rules.flatMap((r) => [...r.when, ...r.unless]).flatMap((c) => ('greaterThan' in c ? [c.greaterThan] : []));
  const pattern = fc.oneof(
    { weight: 3, arbitrary: codes.length > 0 ? fc.constantFrom(...codes).map(decodeOpcode) : fc.constant(decodeOpcode(0)) },
    { weight: 1, arbitrary: fc.record({ action: fc.constantFrom(...ACTIONS), timing: fc.constantFrom(...TIMINGS), target: fc.constantFrom(...TARGETS) }) },
  );
  const elapsed = fc.oneof(
    fc.constant(0),
    fc.double({ min: 0, max: 1e8, noNaN: true, noDefaultInfinity: true }),
    ...(thresholds.length > 0 ? [fc.constantFrom(...thresholds).chain((t) => fc.constantFrom(t, t + 0.5, t + 1, Math.max(0, t - 1)))] : []),
  );
  const attributes: fc.Arbitrary<Attributes> = fc
    .record({
      principalRole: fc.constantFrom(...ENUM_ATTRIBUTES.principalRole),
      legalBasis: fc.constantFrom(...ENUM_ATTRIBUTES.legalBasis),
      destination: fc.constantFrom(...ENUM_ATTRIBUTES.destination),
      subjectRequest: fc.oneof(fc.constant('none' as const), fc.constantFrom(...ENUM_ATTRIBUTES.subjectRequest)),
      jurisdiction: fc.option(fc.constantFrom(...ENUM_ATTRIBUTES.jurisdiction), { nil: undefined }),
      elapsed,
      ...Object.fromEntries(BOOLEAN_ATTRIBUTES.map((b) => [b, fc.boolean()])),
    })
    .map((a) => {
      const complete = { ...a } as Attributes;
      if (complete.jurisdiction === undefined) delete complete.jurisdiction;
      return complete;
    });
  return fc.record({ pattern, more: fc.subarray([...TARGETS]), attributes }).map(({ pattern: p, more, attributes: a }) => ({
    action: p.action,
    timing: p.timing,
    targets: [...new Set<Target>([p.target, ...more])],
    attributes: a,
  }));
}

const pick = ({ decision, article, applied_policies }: FormatDecision): FormatDecision => ({ decision, article, applied_policies });

/** The format's decisions for a batch (one toolchain call) equal the reference evaluator's. */
export async function expectSameAsEvaluator(runner: FormatRunner, emit: Emitter, policy: Policy, requests: CompleteRequest[]): Promise<void> {
  const output = emit(policy, { ...DEFAULT_COMPILE_OPTIONS, includeTests: false });
  const got = await runner.decideAll(output, policy, requests);
  expect(got.length).toBe(requests.length);
  requests.forEach((request, i) => {
    expect(pick(got[i]!), `${runner.format} on ${JSON.stringify(request)}`).toEqual(pick(decide(policy, request)));
  });
}

/** The baseline profiles of every regulation the compiler knows: a large real policy. */
export function baselinePolicy(enforcementLevel: EnforcementLevel): Policy {
  return buildPolicy([], { enforcementLevel, regulations: [...REGULATIONS] });
}

/** Text that tries to break out of every comment and string syntax of the formats. */
export const hostileText: fc.Arbitrary<string> = fc.string({
  unit: fc.constantFrom('*/', '/*', '(;', ';)', '"', "'", '\\', '\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '#', '--', '//', ';;', '}', '{', ')', '(', ';', '`', '${', '\u202e', '\0', '\t', 'a', ' ', '§', 'é', '\u{1f600}'),
  maxLength: 24,
});

/** The hand-built policy with every rule's id, quote, reason, article and review text hostile. */
export const hostilePolicy = (level: EnforcementLevel): fc.Arbitrary<Policy> =>
  fc
    .array(fc.record({ id: hostileText, quote: hostileText, reason: hostileText, article: hostileText, review: fc.array(hostileText, { maxLength: 2 }) }), {
      minLength: handBuiltPolicy(level).rules.length,
      maxLength: handBuiltPolicy(level).rules.length,
    })
    .map((texts) => {
      const policy = handBuiltPolicy(level);
      policy.rules = policy.rules.map((rule, i) => ({ ...rule, ...texts[i]!, id: `${texts[i]!.id}#${i}` }));
      return policy;
    });

/** The hand-built cases' requests: every step of the semantics on the hand-built policy's rules. */
export const handRequests: CompleteRequest[] = handCases.map((c) => c.request);

const LEVELS: EnforcementLevel[] = ['strict', 'moderate', 'permissive'];

/**
 * The property tests of one format: fast-check requests decided in one toolchain call per batch
 * give the reference evaluator's verdict, article and applied_policies (hand-built policy and
 * every regulation's baseline, each enforcement level), and hostile texts neither break the output
 * nor change a decision. `runs` is the number of batches (toolchain builds) per property.
 */
export function describeProperties(runner: FormatRunner, emit: Emitter, runs: number, batch = 120): void {
  describe(`${runner.format} agrees with the reference evaluator`, () => {
    for (const level of LEVELS) {
      for (const [name, policy] of [
        ['the hand-built policy', handBuiltPolicy(level)],
        ["every regulation's baseline", baselinePolicy(level)],
      ] as const) {
        it(`on random requests, ${name}, ${level}`, async () => {
          await fc.assert(
            fc.asyncProperty(fc.array(requestArbitrary(policy), { minLength: batch, maxLength: batch }), (requests) =>
              expectSameAsEvaluator(runner, emit, policy, requests),
            ),
            { numRuns: runs, endOnFailure: true },
          );
        });
      }
    }
  });

  describe(`${runner.format} on degenerate policies`, () => {
    it('decides as the evaluator with no regulation, and with a regulation but no rule', async () => {
      const empty: Policy = { formatVersion: 1, enforcementLevel: 'strict', destinations: [], regulations: [], rules: [] };
      await expectSameAsEvaluator(runner, emit, empty, handRequests);
      await expectSameAsEvaluator(runner, emit, { ...empty, regulations: [{ id: 'GDPR', jurisdiction: 'EU', covers: ['personal'] }] }, handRequests);
    });
  });

  describe(`${runner.format} with hostile quotes, reasons, articles and ids`, () => {
    it('still builds under its toolchain and decides as the evaluator does', async () => {
      await fc.assert(
        fc.asyncProperty(hostilePolicy('strict'), fc.constantFrom(...LEVELS), async (policy, level) => {
          policy.enforcementLevel = level;
          await expectSameAsEvaluator(runner, emit, policy, handRequests);
        }),
        { numRuns: runs, endOnFailure: true },
      );
    });
  });
}
