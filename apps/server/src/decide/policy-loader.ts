// The policy loader: bytebound text a decision names for the first time (a stored arbiter's
// version, an inline policy) is parsed and prepared in a thread of its own (policy-load-worker.ts),
// so that the server's thread goes on answering while it loads: a policy of a megabyte takes a few
// tenths of a second, which on that thread would hold every other request. One thread, started on
// the first load and kept idle between loads without keeping the process alive; loads wait for it
// in turns by client, so that a customer whose decisions name many new policies cannot make
// everyone else's wait behind all of them. A load past the timeout, or a thread that stops, fails
// the load it ran, and the next one gets a new thread.
import type { Worker } from 'node:worker_threads';
import { ClientTurns } from '../client-turns.ts';
import { POLICY_LOAD_TIMEOUT_MS } from '../constants.ts';
import { startTypeScriptWorker } from '../typescript-worker.ts';
import type { CachedPolicy } from './policy-cache.ts';
import type { PolicyAnswer, PolicyJob } from './policy-load-worker.ts';

/** A policy the thread prepared, and its weight in the policy cache. */
export type PreparedPolicy = { policy: CachedPolicy; weight: number };

type Pending = { job: PolicyJob; resolve: (prepared: PreparedPolicy) => void; reject: (error: Error) => void };

export class PolicyLoader {
  private worker: Worker | null = null;
  /** Resolved once the thread has loaded the parser and takes loads. */
  private started: Promise<void> | null = null;
  private readonly waiting = new ClientTurns<Pending>();
  private running: Pending | null = null;
  private timer: NodeJS.Timeout | null = null;
  private nextId = 1;
  private closed = false;
  /** How many loads the thread has answered (prepared or refused). */
  answered = 0;

  /** `timeoutMs`: how long a load may run in the thread before it is stopped. */
  constructor(public timeoutMs = POLICY_LOAD_TIMEOUT_MS) {}

  /** `text` parsed and prepared for deciding in the loader's thread, in `client`'s turn; rejects with why it does not load. */
  load(text: string, client: string): Promise<PreparedPolicy> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('the server is closing'));
      this.waiting.add(client, { job: { id: this.nextId++, text }, resolve, reject });
      this.next();
    });
  }

  /** Starts the thread ahead of the first load (npm start does), so that no decision waits while it starts. */
  async warm(): Promise<void> {
    const worker = this.thread();
    worker.ref(); // the process waits for the thread it is starting
    try {
      await this.started;
    } finally {
      if (!this.running) worker.unref();
    }
  }

  /** Stops the thread; loads waiting or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (let pending = this.waiting.take(); pending; pending = this.waiting.take()) pending.reject(new Error('the server is closing'));
    const worker = this.worker;
    this.worker = null;
    this.started = null;
    if (worker) await worker.terminate();
  }

  private next(): void {
    if (this.running || this.closed) return;
    const pending = this.waiting.take();
    if (!pending) return;
    this.running = pending;
    const worker = this.thread();
    this.timer = setTimeout(() => {
      this.stop(worker, new Error(`loading the policy stopped: it ran longer than ${this.timeoutMs.toLocaleString('en-US')} ms`));
      void worker.terminate();
    }, this.timeoutMs);
    worker.ref(); // a load in progress keeps the process alive until it answers
    worker.postMessage(pending.job);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startTypeScriptWorker(new URL('./policy-load-worker.ts', import.meta.url));
    this.worker = worker;
    this.started = new Promise((resolve, reject) => {
      worker.on('message', (answer: PolicyAnswer | { ready: true }) => {
        if ('ready' in answer) resolve();
        else this.finish(answer);
      });
      worker.on('error', (error) => {
        reject(error);
        this.stop(worker, error);
      });
    });
    this.started.catch(() => {}); // a thread that fails to start fails its load; warm() tells its caller
    worker.on('exit', () => this.stop(worker, new Error('the policy loader stopped')));
    // An idle thread never keeps the process alive (unref after the listeners, which ref it); a load in progress does.
    worker.unref();
    return worker;
  }

  private finish(answer: PolicyAnswer): void {
    const pending = this.running;
    if (!pending || pending.job.id !== answer.id) return;
    this.settle();
    this.worker?.unref();
    this.answered++;
    if ('error' in answer) pending.reject(new Error(answer.error));
    else pending.resolve({ policy: answer.policy, weight: answer.weight });
    this.next();
  }

  /** The thread stopped, or ran past the timeout: the load it ran fails; the next one starts a new thread. */
  private stop(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.started = null;
    const pending = this.running;
    this.settle();
    pending?.reject(error);
    this.next();
  }

  private settle(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = null;
  }
}
