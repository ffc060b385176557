// The compile stages as the server ran them: progress marks stage completion (15 ... 95, 100),
// each completed stage shows the duration the server measured, a failed stage is marked.
import type { CompilerState } from '../hooks/use-demo-compiler.ts';
import { STAGES, runningStage } from '../hooks/use-demo-compiler.ts';

const LABEL: Record<string, string> = {
  idle: 'Idle',
  validating: 'Validating',
  parsing: 'Parsing',
  analyzing: 'Analyzing',
  generating: 'Generating',
  optimizing: 'Optimizing',
  finalizing: 'Finalizing',
  complete: 'Complete',
  error: 'Error',
};

export const formatMs = (ms: number): string => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`);

function currentStep(state: CompilerState): string {
  if (state.stage === 'idle') return state.stages.length > 0 ? 'Ready for the next compile' : 'Waiting for a compile';
  if (state.stage === 'complete') return 'Compiled: every stage completed';
  if (state.stage === 'error') return `Failed${state.failedStage ? ` while ${state.failedStage}` : ''}: ${state.error ?? ''}`;
  const next = runningStage(state.stages);
  return next ? `${LABEL[next]}…` : 'Finishing…';
}

export function StageTrack({ state }: { state: CompilerState }) {
  return (
    <div className={`rounded-xl border border-ink-700 bg-ink-900 p-4 ${state.shake ? 'demo-shake' : ''} ${state.flash ? 'demo-flash' : ''}`} data-testid="demo-stage-track" data-runs={state.runs} data-last-outcome={state.lastOutcome ?? ''}>
      <div className="flex items-baseline justify-between gap-4">
        <p className="text-sm font-semibold text-white">
          Stage: <span data-testid="demo-stage" data-stage={state.stage} className={state.stage === 'error' ? 'text-rose-300' : state.stage === 'complete' ? 'text-emerald-300' : 'text-brand-300'}>{LABEL[state.stage]}</span>
        </p>
        <p className="text-sm text-slate-300" data-testid="demo-progress-value">{state.progress}%</p>
      </div>
      <div
        role="progressbar"
        aria-label="Compile progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.progress}
        className="mt-2 h-2 overflow-hidden rounded-full bg-ink-700"
      >
        <div className={`h-full origin-left transition-transform ${state.stage === 'error' ? 'bg-rose-400' : 'bg-brand-400'}`} style={{ transform: `scaleX(${state.progress / 100})` }} />
      </div>
      <p className="mt-2 text-sm text-slate-300" role="status" data-testid="demo-current-step">
        {currentStep(state)}
      </p>
      <ol className="mt-3 grid grid-cols-2 gap-1 text-xs sm:grid-cols-3" aria-label="Compile stages">
        {STAGES.map((stage) => {
          const done = state.stages.find((s) => s.stage === stage);
          const failed = state.failedStage === stage;
          return (
            <li key={stage} data-testid={`demo-stage-${stage}`} data-state={failed ? 'failed' : done ? 'done' : 'pending'} className={`rounded-md px-2 py-1 ${failed ? 'bg-rose-950 text-rose-200' : done ? 'bg-ink-800 text-slate-100' : 'text-slate-400'}`}>
              {LABEL[stage]} {failed ? `failed${done ? ` after ${formatMs(done.ms)}` : ''}` : done ? <span className="text-slate-300">{formatMs(done.ms)}</span> : ''}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
