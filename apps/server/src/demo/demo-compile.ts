// One demo compile: the real compiler's six stages with their measured durations, the output of
// the chosen format (a .wat together with its assembled binary), the norms beside the quotes they
// came from and the rules each produced, and the stage events for the monitor.
import type { CompileResult, CompileSuccess, StageTiming } from '@bytebound/compiler/compile';
import { STAGE_PROGRESS } from '@bytebound/compiler/config';
import { formatById } from '@bytebound/compiler/emit/formats';
import type { CompileOptions, Norm, Rule } from '@bytebound/compiler/policy-model';
import { compilePool } from '../public-compiler/compile-pool.ts';
import type { CompileMonitor } from './compile-monitor.ts';

export type DemoCompileRequest = {
  legalText: string;
  format: string;
  /** The caller's choice; without one, the compiler's detection (US when it detects none). */
  jurisdiction?: string;
  options: Partial<CompileOptions>;
  compilationId: string;
  /** Whose turn in the compile worker (the visitor's address). */
  client: string;
};

type TimedStage = StageTiming & { progress: number };

export type DemoCompileSuccess = {
  status: 'success';
  success: true;
  compilationId: string;
  output: string;
  phases: Record<string, { ms: number; progress: number }> & { compiled: string };
  stages: TimedStage[];
  format: { id: string; name: string; extension: string; description: string; performance: string; ecosystem: string };
  /** The assembled WebAssembly module, for the wasm format. */
  binary?: { encoding: 'base64'; data: string };
  metadata: CompileSuccess['metadata'] & { detected: CompileSuccess['detected']; options: CompileOptions };
  validation: CompileSuccess['validation'];
  norms: (Norm & { rules: Pick<Rule, 'id' | 'effect' | 'article' | 'reason'>[] })[];
  note: string | null;
};

export type DemoCompileFailure = {
  status: 'error';
  success: false;
  compilationId: string;
  error: string;
  stage: string;
  stages: TimedStage[];
  validation: CompileResult['validation'];
};

const progressOf = (stage: string): number => (STAGE_PROGRESS as Record<string, number>)[stage] ?? 0;
const timed = (stages: StageTiming[]): TimedStage[] => stages.map((s) => ({ stage: s.stage, ms: s.ms, progress: progressOf(s.stage) }));

/** Each extracted norm with the rules of the policy it produced. */
function normsWithRules(result: CompileSuccess): DemoCompileSuccess['norms'] {
  const byId = new Map(result.policy.rules.map((rule) => [rule.id, rule]));
  return result.norms.map((norm, i) => ({
    ...norm,
    rules: result.rulesOfNorms[i]!.map((id) => {
      const { effect, article, reason } = byId.get(id)!;
      return { id, effect, article, reason };
    }),
  }));
}

export async function demoCompile(request: DemoCompileRequest, monitor: CompileMonitor): Promise<DemoCompileSuccess | DemoCompileFailure> {
  const { compilationId } = request;
  // In the compile worker, stopped at the synthesis timeout (a timeout answers as a failed compile);
  // a .wat is assembled there too (validated), so the browser can instantiate it as it is.
  const input = { format: request.format, jurisdiction: request.jurisdiction, options: request.options };
  const result = await compilePool().compile(request.legalText, input, request.client, request.format === 'wasm' ? { name: 'binary' } : undefined);
  const stages = timed(result.stages);
  for (const s of stages) monitor.publish({ type: 'stage', compilationId, ...s });
  if (!result.ok) {
    monitor.publish({ type: 'error', compilationId, stage: result.stage, error: result.error });
    return { status: 'error', success: false, compilationId, error: result.error, stage: result.stage, stages, validation: result.validation };
  }
  const format = formatById(result.metadata.format)!;
  const binary = 'finished' in result && result.finished instanceof Uint8Array ? { encoding: 'base64' as const, data: Buffer.from(result.finished).toString('base64') } : undefined;
  monitor.publish({
    type: 'complete',
    compilationId,
    progress: 100,
    compilationTime: result.metadata.compilationTime,
    performanceTier: result.metadata.performanceTier,
  });
  return {
    status: 'success',
    success: true,
    compilationId,
    output: result.output,
    phases: { ...Object.fromEntries(stages.map((s) => [s.stage, { ms: s.ms, progress: s.progress }])), compiled: result.output } as DemoCompileSuccess['phases'],
    stages,
    format: {
      id: format.id,
      name: format.name,
      extension: format.extension,
      description: format.description,
      performance: format.performance,
      ecosystem: format.ecosystem,
    },
    ...(binary ? { binary } : {}),
    metadata: { ...result.metadata, detected: result.detected, options: result.options },
    validation: result.validation,
    norms: normsWithRules(result),
    note: result.note,
  };
}
