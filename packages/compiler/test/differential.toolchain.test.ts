// Differential test: every template and every corpus provision is compiled, fast-check generates
// random complete requests (every action, timing, target list and attribute, biased towards the
// policy's own opcodes and thresholds), and every toolchain runner must give the reference
// evaluator's verdict, article and applied_policies. The seed is printed; BYTEBOUND_SEED replays it.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compile } from '../src/compile.ts';
import { decide } from '../src/evaluate.ts';
import {
  ACTIONS,
  BOOLEAN_ATTRIBUTES,
  ENUM_ATTRIBUTES,
  TARGETS,
  TIMINGS,
  decodeOpcode,
  type Attributes,
  type CompileOptions,
  type CompleteRequest,
  type Policy,
} from '../src/policy-model.ts';
import { TEMPLATES } from '../src/templates.ts';
import { runners } from './toolchains/runners.ts';

const REQUESTS_PER_POLICY = 120;
const seed = Number(process.env.BYTEBOUND_SEED ?? Date.now() % 2 ** 31);

/** Complete requests biased towards the policy's opcodes and the thresholds of its conditions. */
function requests(policy: Policy): fc.Arbitrary<CompleteRequest> {
  const codes = [...new Set(policy.rules.flatMap((r) => r.opcodes))];
  const thresholds = [...new Set(policy.rules.flatMap((r) => [...r.when, ...r.unless]).flatMap((c) => ('greaterThan' in c ? [c.greaterThan] : [])))];
  const pattern = fc.oneof(
    { weight: 3, arbitrary: codes.length > 0 ? fc.constantFrom(...codes).map(decodeOpcode) : fc.constant(decodeOpcode(0)) },
    { weight: 1, arbitrary: fc.record({ action: fc.constantFrom(...ACTIONS), timing: fc.constantFrom(...TIMINGS), target: fc.constantFrom(...TARGETS) }) },
  );
  const elapsed = fc.oneof(
    fc.constant(0),
    fc.nat({ max: 400 * 86400 }),
    fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }),
    ...(thresholds.length > 0 ? [fc.constantFrom(...thresholds).chain((t) => fc.constantFrom(t, t + 1, t + 0.25, Math.max(0, t - 1)))] : []),
  );
  const enumOf = <K extends keyof typeof ENUM_ATTRIBUTES>(k: K) => fc.constantFrom(...(ENUM_ATTRIBUTES[k] as readonly string[]));
  const attributes = fc
    .record({
      principalRole: enumOf('principalRole'),
      legalBasis: enumOf('legalBasis'),
      destination: enumOf('destination'),
      subjectRequest: fc.oneof({ weight: 2, arbitrary: fc.constant('none') }, { weight: 1, arbitrary: enumOf('subjectRequest') }),
      jurisdiction: fc.option(enumOf('jurisdiction'), { nil: undefined }),
      elapsed,
      flags: fc.tuple(...BOOLEAN_ATTRIBUTES.map(() => fc.boolean())),
    })
    .map(({ flags, jurisdiction, ...rest }) => {
      const a = { ...rest, ...Object.fromEntries(BOOLEAN_ATTRIBUTES.map((b, i) => [b, flags[i]])) } as unknown as Attributes;
      if (jurisdiction !== undefined) a.jurisdiction = jurisdiction as Attributes['jurisdiction'];
      return a;
    });
  return fc
    .record({ pattern, extra: fc.subarray([...TARGETS]), attributes })
    .map(({ pattern: p, extra, attributes: a }) => ({
      action: p.action,
      timing: p.timing,
      targets: [...new Set([p.target, ...extra])],
      attributes: a,
    }));
}

function corpusProvisions(): { name: string; text: string }[] {
  const dir = path.resolve(import.meta.dirname, 'corpus');
  if (!fs.existsSync(dir)) return [];
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.(txt|md)$/.test(f)).sort();
  return files.map((f) => ({ name: `corpus/${f}`, text: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

const sources = [...Object.entries(TEMPLATES).map(([key, t]) => ({ name: `template ${key}`, text: t.content })), ...corpusProvisions()];

// Each source runs under one of these, in turn, so every option reaches every runner.
const OPTION_SETS: CompileOptions[] = [
  { enforcementLevel: 'strict', includeTests: false, optimizationLevel: 'maximum', targetEnvironment: 'production' },
  { enforcementLevel: 'moderate', includeTests: true, optimizationLevel: 'none', targetEnvironment: 'development' },
  { enforcementLevel: 'permissive', includeTests: false, optimizationLevel: 'basic', targetEnvironment: 'production' },
];

let checked = 0;

describe(`every format decides as the reference evaluator (seed ${seed})`, () => {
  afterAll(() => {
    console.log(`differential: ${checked} request decisions checked across ${runners.length} runners and ${sources.length} sources (seed ${seed})`);
  });

  sources.forEach(({ name, text }, n) => {
    const options = OPTION_SETS[n % OPTION_SETS.length]!;
    it(`${name} (${options.enforcementLevel}, ${options.optimizationLevel}, ${options.targetEnvironment})`, async () => {
      const reference = compile(text, { format: 'bytebound', options });
      if (!reference.ok) throw new Error(`${name} did not compile: ${reference.error}`);
      const policy = reference.policy;
      const batch = fc.sample(requests(policy), { numRuns: REQUESTS_PER_POLICY, seed: seed + n });
      const expected = batch.map((r) => {
        const { decision, article, applied_policies } = decide(policy, r);
        return { decision, article, applied_policies };
      });
      for (const runner of runners) {
        const result = compile(text, { format: runner.format, options });
        if (!result.ok) throw new Error(`${name} did not compile to ${runner.format}: ${result.error}`);
        expect(result.policy).toEqual(policy);
        const got = await runner.decideAll(result.output, policy, batch);
        const wrong = got.findIndex((d, i) => JSON.stringify(d) !== JSON.stringify(expected[i]));
        if (wrong >= 0) {
          expect({ runner: runner.format, request: batch[wrong], decision: got[wrong] }).toEqual({ runner: runner.format, request: batch[wrong], decision: expected[wrong] });
        }
        checked += batch.length;
      }
    });
  });
});
