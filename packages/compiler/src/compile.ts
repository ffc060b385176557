// compile(): legal text -> norms -> policy -> one output format, through the six real stages of
// DESIGN section 4, each timed with performance.now() and reported beside the output (never
// inside it, so the same text and options give byte-identical output).
import { analyze, utf8Length } from './analyze.ts';
import { DEFAULT_JURISDICTION, LEGAL_TEXT_HARD_LIMIT_BYTES, performanceTier, type PerformanceTier } from './config.ts';
import type { FormatId } from './emit/emitter.ts';
import { FORMATS, formatById } from './emit/formats.ts';
import { buildPolicyFromNorms } from './policy/build-policy.ts';
import { optimizeRules } from './policy/optimize.ts';
import { sha256Hex } from './policy/sha256.ts';
import {
  DEFAULT_COMPILE_OPTIONS,
  JURISDICTIONS,
  type Analysis,
  type CompileOptions,
  type Detection,
  type Jurisdiction,
  type Norm,
  type Policy,
  type Validation,
} from './policy-model.ts';
import { segment, walk } from './segment.ts';
import { validateLegalText } from './validate.ts';

export const COMPILE_STAGES = ['validating', 'parsing', 'analyzing', 'generating', 'optimizing', 'finalizing'] as const;
export type CompileStage = (typeof COMPILE_STAGES)[number];
export type StageTiming = { stage: CompileStage; ms: number };

/** Told each stage's timing as the stage completes (a compile worker reports its progress so). */
export type CompileProgress = (done: StageTiming) => void;

export type CompileInput = {
  format: FormatId | string;
  jurisdiction?: Jurisdiction | string;
  options?: Partial<CompileOptions>;
};

export type CompileMetadata = {
  compilationTime: number;
  performanceTier: PerformanceTier;
  wordCount: number;
  format: FormatId;
  extension: string;
  /** sha256 of the output text (UTF-8). */
  outputDigest: string;
  ruleCount: number;
  normCount: number;
  /** Articles, paragraphs and points the parsing stage found. */
  segmentCount: number;
};

export type CompileSuccess = {
  ok: true;
  output: string;
  policy: Policy;
  norms: Norm[];
  /** For each norm (in order), the ids of the policy's rules it produced: none when all were dropped as dead, a twin's id when merged into it. */
  rulesOfNorms: string[][];
  /** Why there are no norms, when there are none. */
  note: string | null;
  detected: Detection;
  validation: Validation;
  options: CompileOptions;
  stages: StageTiming[];
  metadata: CompileMetadata;
};

export type CompileFailure = {
  ok: false;
  stage: CompileStage;
  error: string;
  validation: Validation;
  stages: StageTiming[];
};

export type CompileResult = CompileSuccess | CompileFailure;

const ENFORCEMENT = ['strict', 'moderate', 'permissive'];
const OPTIMIZATION = ['none', 'basic', 'maximum'];
const ENVIRONMENT = ['development', 'production'];

/** Options with the spec's defaults, or the message saying which one is wrong. */
export function compileOptions(given: Partial<CompileOptions> = {}): CompileOptions | string {
  const o = { ...DEFAULT_COMPILE_OPTIONS, ...given };
  if (!ENFORCEMENT.includes(o.enforcementLevel)) return `enforcementLevel must be one of ${ENFORCEMENT.join(', ')}.`;
  if (!OPTIMIZATION.includes(o.optimizationLevel)) return `optimizationLevel must be one of ${OPTIMIZATION.join(', ')}.`;
  if (!ENVIRONMENT.includes(o.targetEnvironment)) return `targetEnvironment must be one of ${ENVIRONMENT.join(', ')}.`;
  if (typeof o.includeTests !== 'boolean') return 'includeTests must be true or false.';
  return o;
}

export function compile(text: string, input: CompileInput, onStageDone?: CompileProgress): CompileResult {
  const stages: StageTiming[] = [];
  const started = performance.now();
  let mark = started;
  const done = (stage: CompileStage) => {
    const now = performance.now();
    const timing = { stage, ms: now - mark };
    stages.push(timing);
    onStageDone?.(timing);
    mark = now;
  };
  const empty: Validation = { errors: [], warnings: [], suggestions: [] };
  const fail = (stage: CompileStage, error: string, validation: Validation = empty): CompileFailure => {
    done(stage);
    return { ok: false, stage, error, validation, stages };
  };

  // validating: input checks of spec section 5, the format and the options
  if (typeof text !== 'string') return fail('validating', 'Legal text must be a string.');
  const format = formatById(input.format);
  if (!format) return fail('validating', `Unknown output format '${String(input.format)}': choose one of ${FORMATS.map((f) => f.id).join(', ')}.`);
  const options = compileOptions(input.options);
  if (typeof options === 'string') return fail('validating', options);
  if (input.jurisdiction !== undefined && !(JURISDICTIONS as readonly string[]).includes(input.jurisdiction))
    return fail('validating', `Unknown jurisdiction '${input.jurisdiction}': choose one of ${JURISDICTIONS.join(', ')}.`);
  const jurisdiction = input.jurisdiction as Jurisdiction | undefined;
  const bytes = utf8Length(text);
  if (bytes > LEGAL_TEXT_HARD_LIMIT_BYTES)
    return fail('validating', `Legal text is too large: ${bytes.toLocaleString('en-US')} bytes exceeds the 1 MB limit (${LEGAL_TEXT_HARD_LIMIT_BYTES.toLocaleString('en-US')} bytes of UTF-8).`);
  const validation = validateLegalText(text);
  if (validation.errors.length > 0) return fail('validating', validation.errors.join(' '), validation);
  done('validating');

  // parsing: articles, paragraphs, points and sentences
  const segmentCount = walk(segment(text)).length;
  done('parsing');

  // analyzing: norms, jurisdiction and regulation
  let analysis: Analysis;
  try {
    analysis = analyze(text, jurisdiction ? { jurisdiction } : {});
  } catch (error) {
    return fail('analyzing', error instanceof Error ? error.message : String(error), validation);
  }
  if (analysis.validation.errors.length > 0) return fail('analyzing', analysis.validation.errors.join(' '), analysis.validation);
  done('analyzing');

  // generating: the policy from the norms and the baseline profiles
  const detected = analysis.detected;
  const stage = <T>(name: CompileStage, work: () => T): T | CompileFailure => {
    try {
      const value = work();
      done(name);
      return value;
    } catch (error) {
      return fail(name, `${name} failed: ${error instanceof Error ? error.message : String(error)}`, analysis.validation);
    }
  };
  const isFailure = (x: unknown): x is CompileFailure => typeof x === 'object' && x !== null && (x as CompileFailure).ok === false;
  const built = stage('generating', () =>
    buildPolicyFromNorms(analysis.norms, {
      enforcementLevel: options.enforcementLevel,
      regulations: detected.regulation ? [detected.regulation] : [],
      jurisdiction: detected.jurisdiction ?? DEFAULT_JURISDICTION,
    }),
  );
  if (isFailure(built)) return built;

  // optimizing: drop dead rules, merge twins, order for early exit
  const optimized = stage('optimizing', () => optimizeRules(built.policy, options.optimizationLevel));
  if (isFailure(optimized)) return optimized;
  const { policy, answersAs } = optimized;

  // finalizing: the chosen format's text, its digest and the metadata
  const finished = stage('finalizing', () => {
    const text = format.emit(policy, options);
    return { output: text, outputDigest: `sha256:${sha256Hex(text)}` };
  });
  if (isFailure(finished)) return finished;
  const { output, outputDigest } = finished;
  const compilationTime = performance.now() - started;
  return {
    ok: true,
    output,
    policy,
    norms: analysis.norms,
    rulesOfNorms: built.rulesOfNorms.map((ids) => [...new Set(ids.flatMap((id) => answersAs.get(id) ?? []))]),
    note: analysis.note,
    detected,
    validation: analysis.validation,
    options,
    stages,
    metadata: {
      compilationTime,
      performanceTier: performanceTier(compilationTime),
      wordCount: analysis.wordCount,
      format: format.id,
      extension: format.extension,
      outputDigest,
      ruleCount: policy.rules.length,
      normCount: analysis.norms.length,
      segmentCount,
    },
  };
}
