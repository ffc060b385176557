// Public compiles run in a worker thread, so that the synthesis timeout (spec section 9: 10,000 ms)
// can stop one: a compile still running at the deadline has its thread terminated and answers a
// clear error, and the server's event loop never waits on a compile. One worker, kept warm (its
// compiler loaded) and replaced after a timeout; compiles wait for it in turns by client
// (turn-thread.ts), so a client that sends many cannot make everyone else wait behind all of them.
// Loading bytebound text as an arbiter's source (load) takes its turn the same way.
import { COMPILE_STAGES, type CompileFailure, type CompileInput, type CompileResult, type StageTiming } from '@bytebound/compiler/compile';
import { SYNTHESIS_TIMEOUT_MS } from '@bytebound/compiler/config';
import { COMPILE_OUTPUT_MAX_CHARS } from '../constants.ts';
import { TurnThread } from '../turn-thread.ts';
import type { ArbiterSource, NotLoaded } from '../arbiters/arbiter-source.ts';
import type { FinishedCompile, FinishRequest } from './compile-finish.ts';
import type { CompileAnswer, CompileJob, LoadJob } from './compile-worker.ts';

export const synthesisTimeoutMessage = (ms: number) =>
  `Compilation stopped: it ran longer than the synthesis timeout of ${ms.toLocaleString('en-US')} ms. Shorten the text or split it into smaller parts.`;

export const outputTooLong = (chars: number, max: number) =>
  `The policy compiled from this text is ${(chars / 1e6).toFixed(1)} MB, over the ${(max / 1e6).toFixed(1)} MB a compile here answers. Split the text into parts, or compile it with the CLI (bytebound compile), which has no such limit.`;

/** The failed compile an output of `chars` over `max` answers, in its last stage. */
export function outputTooLongFailure(chars: number, max: number, stages: StageTiming[]): CompileFailure {
  const error = outputTooLong(chars, max);
  return { ok: false, stage: 'finalizing', error, validation: { errors: [error], warnings: [], suggestions: [] }, stages };
}

/** A load that ran past the timeout (which text that loads at all never does: 1.5 MB loads in about a tenth of a second). */
export const loadStoppedMessage = (ms: number) => `Loading the policy stopped: it ran longer than ${ms.toLocaleString('en-US')} ms.`;

/**
 * The answer to a compile stopped at the timeout: the stages it completed, and the one it was in
 * (the stage after the last completed), which ran for the rest of the elapsed time.
 */
export function stoppedCompile(done: readonly StageTiming[], elapsedMs: number, timeoutMs: number): CompileFailure {
  const stage = COMPILE_STAGES[Math.min(done.length, COMPILE_STAGES.length - 1)]!;
  const spent = done.reduce((sum, s) => sum + s.ms, 0);
  const error = synthesisTimeoutMessage(timeoutMs);
  return {
    ok: false,
    stage,
    error,
    validation: { errors: [error], warnings: [], suggestions: [] },
    stages: [...done, { stage, ms: Math.max(0, elapsedMs - spent) }],
  };
}

/** The error a worker's answer that is not the one asked for stands for: what the compiler threw. */
const compilerFailed = (answer: CompileAnswer) => new Error(`the compiler failed: ${'crash' in answer ? answer.crash : 'unknown error'}`);

export class CompilePool {
  private readonly thread: TurnThread<CompileJob | LoadJob, CompileAnswer, StageTiming>;

  constructor(
    private readonly timeoutMs = SYNTHESIS_TIMEOUT_MS,
    private readonly maxOutputChars = COMPILE_OUTPUT_MAX_CHARS,
  ) {
    this.thread = new TurnThread(new URL('./compile-worker.ts', import.meta.url), 'the compile worker', timeoutMs);
  }

  /**
   * Compiles in the worker, in `client`'s turn, then finishes the compile there as `finish` asks
   * (compile-finish.ts); a compile past the timeout, or whose output is over the limit, answers as
   * a failed compile saying so.
   */
  compile(text: string, input: CompileInput, client?: string): Promise<CompileResult>;
  compile<F extends FinishRequest>(text: string, input: CompileInput, client: string, finish: F): Promise<FinishedCompile<F['name']>>;
  compile(text: string, input: CompileInput, client: string, finish: FinishRequest | undefined): Promise<CompileResult>;
  async compile(text: string, input: CompileInput, client = '', finish?: FinishRequest): Promise<CompileResult> {
    const outcome = await this.thread.run(client, (id) => ({ id, text, input, maxOutputChars: this.maxOutputChars, ...(finish ? { finish } : {}) }));
    if ('stopped' in outcome) return stoppedCompile(outcome.progress, outcome.elapsedMs, this.timeoutMs);
    const { answer } = outcome;
    if ('result' in answer) return answer.result;
    throw compilerFailed(answer);
  }

  /** Loads bytebound text as an arbiter keeps it (arbiter-source.ts) in the worker, in `client`'s turn: its source, or why it does not load. */
  async load(text: string, client: string): Promise<ArbiterSource | NotLoaded> {
    const outcome = await this.thread.run(client, (id) => ({ id, load: text }));
    if ('stopped' in outcome) return { error: loadStoppedMessage(this.timeoutMs) };
    const { answer } = outcome;
    if ('loaded' in answer) return answer.loaded;
    throw compilerFailed(answer);
  }

  /** Starts the worker ahead of the first compile (it loads the compiler once). */
  warm(): Promise<void> {
    return this.thread.warm();
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}

let shared: CompilePool | null = null;

/** The process's compile pool (one warm worker), created on first use. */
export function compilePool(): CompilePool {
  shared ??= new CompilePool();
  return shared;
}
