// The compile state machine (spec section 4, DESIGN section 8): idle -> the six stages as the
// server ran them -> complete (success flash 2 s, then idle) or error (500 ms shake, a failed
// history entry). A start is refused while a compile runs. Stages advance on the monitor's events
// and on the answer's measured timings, never on a timer.
import { useCallback, useEffect, useRef, useState } from 'react';
import { COMPILE_ERROR_SHAKE_MS, COMPILE_STAGE_PROGRESS, COMPILE_SUCCESS_FLASH_MS } from '../../../config/constants.ts';
import { CompileError, compileDemo, type DemoCompileRequest, type DemoCompileResult, type StageTiming } from '../api/compile-demo.ts';
import { watchCompilation } from '../api/compile-monitor.ts';

export const STAGES = ['validating', 'parsing', 'analyzing', 'generating', 'optimizing', 'finalizing'] as const;
export type Stage = 'idle' | (typeof STAGES)[number] | 'complete' | 'error';

export type CompilerState = {
  stage: Stage;
  progress: number;
  /** The stages completed so far in this run, with the durations the server measured. */
  stages: StageTiming[];
  /** The stage that was running when the compile failed. */
  failedStage: string | null;
  flash: boolean;
  shake: boolean;
  error: string | null;
  result: DemoCompileResult | null;
  /** Finished compiles in this view and how the last one ended (kept after the stage returns to idle). */
  runs: number;
  lastOutcome: 'success' | 'failure' | null;
};

const IDLE: CompilerState = { stage: 'idle', progress: 0, stages: [], failedStage: null, flash: false, shake: false, error: null, result: null, runs: 0, lastOutcome: null };

const progressOf = (stage: string): number => (COMPILE_STAGE_PROGRESS as Record<string, number>)[stage] ?? 0;

/** The next stage to run after the given ones (what the UI names as the current step). */
export function runningStage(done: StageTiming[]): (typeof STAGES)[number] | null {
  return STAGES.find((s) => !done.some((d) => d.stage === s)) ?? null;
}

function merge(known: StageTiming[], more: StageTiming[]): StageTiming[] {
  const byStage = new Map(known.map((s) => [s.stage, s]));
  for (const s of more) byStage.set(s.stage, { stage: s.stage, ms: s.ms, progress: s.progress ?? progressOf(s.stage) });
  return STAGES.flatMap((s) => (byStage.has(s) ? [byStage.get(s)!] : []));
}

export type CompileOutcome = { ok: true; result: DemoCompileResult } | { ok: false; error: string } | { ok: false; refused: true };

export function useDemoCompiler() {
  const [state, setState] = useState<CompilerState>(IDLE);
  const running = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (ms: number, f: () => void) => timers.current.push(setTimeout(f, ms));

  const start = useCallback(async (request: Omit<DemoCompileRequest, 'compilationId'>): Promise<CompileOutcome> => {
    if (running.current) return { ok: false, refused: true };
    running.current = true;
    timers.current.forEach(clearTimeout);
    timers.current = [];
    const compilationId = crypto.randomUUID();
    setState((s) => ({ ...IDLE, result: s.result, runs: s.runs, lastOutcome: s.lastOutcome, stage: 'validating' }));
    const stop = await watchCompilation(compilationId, (event) => {
      if (event.type !== 'stage') return;
      setState((s) => {
        if (s.stage === 'complete' || s.stage === 'error' || s.stage === 'idle') return s;
        const stages = merge(s.stages, [event]);
        return { ...s, stages, progress: Math.max(s.progress, event.progress), stage: runningStage(stages) ?? s.stage };
      });
    });
    try {
      const result = await compileDemo({ ...request, compilationId });
      setState((s) => ({ ...IDLE, stage: 'complete', progress: COMPILE_STAGE_PROGRESS.complete, stages: merge([], result.stages), flash: true, result, runs: s.runs + 1, lastOutcome: 'success' }));
      later(COMPILE_SUCCESS_FLASH_MS, () => setState((s) => ({ ...s, flash: false, stage: 'idle' })));
      return { ok: true, result };
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown.message : String(thrown);
      const stages = thrown instanceof CompileError ? merge([], thrown.stages) : [];
      const failedStage = thrown instanceof CompileError && thrown.stage ? thrown.stage : null;
      setState((s) => ({ ...IDLE, result: s.result, runs: s.runs + 1, lastOutcome: 'failure', stage: 'error', stages, failedStage, progress: stages.filter((t) => t.stage !== failedStage).at(-1)?.progress ?? 0, shake: true, error }));
      later(COMPILE_ERROR_SHAKE_MS, () => setState((s) => ({ ...s, shake: false })));
      return { ok: false, error };
    } finally {
      stop();
      running.current = false;
    }
  }, []);

  const restore = useCallback((result: DemoCompileResult | null) => setState((s) => ({ ...IDLE, result, runs: s.runs, lastOutcome: s.lastOutcome })), []);

  return { state, start, restore, isRunning: () => running.current };
}
