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
import { byteboundRunner } from './toolchains/bytebound.ts';
import { javascriptRunner } from './toolchains/javascript.ts';
import { runners } from './toolchains/runners.ts';
import { sqliteRunner } from './toolchains/sql.ts';
import type { FormatRunner } from './toolchains/types.ts';

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

type Source = { name: string; text: string; all: boolean };

/** The corpus entries (JSON files with a `text`), sorted by file name. */
function corpusProvisions(): { name: string; text: string }[] {
  const dir = path.resolve(import.meta.dirname, 'corpus');
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir) as string[])
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      const entry = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { text?: unknown };
      return typeof entry.text === 'string' ? [{ name: `corpus ${f.replace(/\.json$/, '')}`, text: entry.text }] : [];
    });
}

// Runners that decide in this process take every corpus provision; the ones that build or spawn a
// toolchain (rustc, OPA, wabt, Cedar, PostgreSQL) take the templates and a seed-chosen sample of
// CORPUS_SAMPLE provisions per run, so the file stays near two minutes and every run covers others.
const IN_PROCESS = new Set<FormatRunner>([javascriptRunner, byteboundRunner, sqliteRunner]);
const CORPUS_SAMPLE = 3;

const corpus = corpusProvisions();
const sampled = new Set(fc.sample(fc.shuffledSubarray(corpus.map((_, i) => i), { minLength: Math.min(CORPUS_SAMPLE, corpus.length), maxLength: Math.min(CORPUS_SAMPLE, corpus.length) }), { numRuns: 1, seed })[0]);
const sources: Source[] = [
  ...Object.entries(TEMPLATES).map(([key, t]) => ({ name: `template ${key}`, text: t.content, all: true })),
  ...corpus.map((c, i) => ({ ...c, all: sampled.has(i) })),
];

// Each source runs under one of these, in turn, so every option reaches every runner.
const OPTION_SETS: CompileOptions[] = [
  { enforcementLevel: 'strict', includeTests: false, optimizationLevel: 'maximum', targetEnvironment: 'production' },
  { enforcementLevel: 'moderate', includeTests: true, optimizationLevel: 'none', targetEnvironment: 'development' },
  { enforcementLevel: 'permissive', includeTests: false, optimizationLevel: 'basic', targetEnvironment: 'production' },
];

let checked = 0;
let policies = 0;

describe(`every format decides as the reference evaluator (seed ${seed})`, () => {
  afterAll(() => {
    console.log(`differential: ${checked} request decisions checked, ${policies} policies, ${runners.length} runners (all of them on ${sources.filter((x) => x.all).length} sources), seed ${seed}`);
  });

  sources.forEach(({ name, text, all }, n) => {
    const options = OPTION_SETS[n % OPTION_SETS.length]!;
    const chosen = all ? runners : runners.filter((r) => IN_PROCESS.has(r));
    it(`${name} (${options.enforcementLevel}, ${options.optimizationLevel}, ${options.targetEnvironment}; ${all ? 'every runner' : 'in-process runners'})`, async () => {
      const reference = compile(text, { format: 'bytebound', options });
      if (!reference.ok) throw new Error(`${name} did not compile: ${reference.error}`);
      policies++;
      const policy = reference.policy;
      const batch = fc.sample(requests(policy), { numRuns: REQUESTS_PER_POLICY, seed: seed + n });
      const expected = batch.map((r) => {
        const { decision, article, applied_policies } = decide(policy, r);
        return { decision, article, applied_policies };
      });
      // The runners wait on different toolchains (rustc, OPA, PostgreSQL, in-process engines): run them side by side.
      const results = await Promise.all(
        chosen.map(async (runner) => {
          const result = compile(text, { format: runner.format, options });
          if (!result.ok) throw new Error(`${name} did not compile to ${runner.format}: ${result.error}`);
          expect(result.policy).toEqual(policy);
          return { runner, got: await runner.decideAll(result.output, policy, batch) };
        }),
      );
      for (const { runner, got } of results) {
        const wrong = got.findIndex((d, i) => JSON.stringify(d) !== JSON.stringify(expected[i]));
        if (wrong >= 0) {
          expect({ runner: runner.format, request: batch[wrong], decision: got[wrong] }).toEqual({ runner: runner.format, request: batch[wrong], decision: expected[wrong] });
        }
        checked += batch.length;
      }
    });
  });
});
