// Public compiles run in a worker thread, so that the synthesis timeout (spec section 9: 10,000 ms)
// can stop one: a compile still running at the deadline has its thread terminated and answers a
// clear error, and the server's event loop never waits on a compile. One worker, kept warm (its
// compiler loaded) and replaced after a timeout. Compiles wait for it in turns by client: each
// client (an address, a customer) with compiles waiting has one compiled in turn, so a client that
// sends many cannot make everyone else wait behind all of them. Loading bytebound text as an
// arbiter's source (load) takes its turn the same way.
import type { Worker } from 'node:worker_threads';
import { COMPILE_STAGES, type CompileFailure, type CompileInput, type CompileResult, type StageTiming } from '@bytebound/compiler/compile';
import { SYNTHESIS_TIMEOUT_MS } from '@bytebound/compiler/config';
import { COMPILE_OUTPUT_MAX_CHARS } from '../constants.ts';
import { ClientTurns } from '../client-turns.ts';
import { startTypeScriptWorker } from '../typescript-worker.ts';
import type { ArbiterSource, NotLoaded } from '../arbiters/arbiter-source.ts';
import type { FinishedCompile, FinishRequest } from './compile-finish.ts';
import type { CompileJob, LoadJob } from './compile-worker.ts';

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

/** What the worker answers a job: a compile's result, or a load's source. */
type Answer = CompileResult | ArbiterSource | NotLoaded;
type FinishReply = { id: number; result?: CompileResult; loaded?: ArbiterSource | NotLoaded; crash?: string };
type Reply = FinishReply | { id: number; done: StageTiming } | { ready: true };
/** A job waiting or running: `stopped` is its answer when it runs past the timeout, from the stages it reported done. */
type Pending = {
  job: CompileJob | LoadJob;
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
  done: StageTiming[];
  stopped: (done: readonly StageTiming[], elapsedMs: number) => Answer;
};

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

export class CompilePool {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  /** Compiles waiting, in turns by client. */
  private readonly waiting = new ClientTurns<Pending>();
  private running: Pending | null = null;
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly timeoutMs = SYNTHESIS_TIMEOUT_MS,
    private readonly maxOutputChars = COMPILE_OUTPUT_MAX_CHARS,
  ) {}

  /**
   * Compiles in the worker, in `client`'s turn, then finishes the compile there as `finish` asks
   * (compile-finish.ts); a compile past the timeout, or whose output is over the limit, answers as
   * a failed compile saying so.
   */
  compile(text: string, input: CompileInput, client?: string): Promise<CompileResult>;
  compile<F extends FinishRequest>(text: string, input: CompileInput, client: string, finish: F): Promise<FinishedCompile<F['name']>>;
  compile(text: string, input: CompileInput, client: string, finish: FinishRequest | undefined): Promise<CompileResult>;
  compile(text: string, input: CompileInput, client = '', finish?: FinishRequest): Promise<CompileResult> {
    return new Promise((resolve, reject) => {
      const job: CompileJob = { id: this.nextId++, text, input, maxOutputChars: this.maxOutputChars, ...(finish ? { finish } : {}) };
      const stopped = (done: readonly StageTiming[], elapsedMs: number) => stoppedCompile(done, elapsedMs, this.timeoutMs);
      this.enqueue(client, { job, resolve: (answer) => resolve(answer as CompileResult), reject, done: [], stopped });
    });
  }

  /** Loads bytebound text as an arbiter keeps it (arbiter-source.ts) in the worker, in `client`'s turn: its source, or why it does not load. */
  load(text: string, client: string): Promise<ArbiterSource | NotLoaded> {
    return new Promise((resolve, reject) => {
      const job: LoadJob = { id: this.nextId++, load: text };
      const stopped = () => ({ error: loadStoppedMessage(this.timeoutMs) });
      this.enqueue(client, { job, resolve: (answer) => resolve(answer as ArbiterSource | NotLoaded), reject, done: [], stopped });
    });
  }

  private enqueue(client: string, pending: Pending): void {
    this.waiting.add(client, pending);
    void this.next();
  }

  /** Starts the worker ahead of the first compile (it loads the compiler once). */
  warm(): Promise<void> {
    return this.start();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (worker) await worker.terminate();
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = startTypeScriptWorker(new URL('./compile-worker.ts', import.meta.url));
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.on('message', (reply: Reply) => {
        if ('ready' in reply) resolve();
        else if ('done' in reply) {
          if (this.running?.job.id === reply.id) this.running.done.push(reply.done);
        } else this.finish(reply);
      });
      worker.on('error', (error) => {
        reject(error);
        this.fail(worker, error);
      });
      worker.on('exit', () => this.fail(worker, new Error('the compile worker stopped')));
    });
    // An idle compile worker never keeps the process alive (unref after the listeners, which ref
    // it); one starting for a compile does, until that compile answers.
    if (!this.running) worker.unref();
    return this.ready;
  }

  private async next(): Promise<void> {
    if (this.running) return;
    const pending = this.waiting.take();
    if (!pending) return;
    this.running = pending;
    try {
      await this.start();
    } catch (error) {
      this.running = null;
      pending.reject(error instanceof Error ? error : new Error(String(error)));
      void this.next();
      return;
    }
    const worker = this.worker!;
    const started = performance.now();
    this.timer = setTimeout(() => {
      if (this.running !== pending) return;
      this.running = null;
      this.timer = null;
      // Stop the runaway compile; the next compile gets a fresh worker.
      this.worker = null;
      this.ready = null;
      void worker.terminate();
      pending.resolve(pending.stopped(pending.done, performance.now() - started));
      void this.next();
    }, this.timeoutMs);
    worker.ref(); // a compile in progress keeps the process alive until it answers
    worker.postMessage(pending.job);
  }

  private finish(reply: FinishReply): void {
    const pending = this.running;
    if (!pending || pending.job.id !== reply.id) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = null;
    this.worker?.unref();
    const answer = reply.result ?? reply.loaded;
    if (answer) pending.resolve(answer);
    else pending.reject(new Error(`the compiler failed: ${reply.crash ?? 'unknown error'}`));
    void this.next();
  }

  /** The worker died (not by our timeout): the compile it ran fails; the next one starts a new worker. */
  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.ready = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pending = this.running;
    this.running = null;
    pending?.reject(error);
    void this.next();
  }
}

let shared: CompilePool | null = null;

/** The process's compile pool (one warm worker), created on first use. */
export function compilePool(): CompilePool {
  shared ??= new CompilePool();
  return shared;
}
