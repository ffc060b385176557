// One worker thread for work that must not hold the server's thread, its jobs run one at a time in
// turns by client (client-turns.ts): public compiles (compile-pool.ts) and the policies a decision
// names for the first time (policy-loader.ts). The thread starts on first use, or ahead of it
// (warm), and waits idle between jobs without keeping the process alive; a job in progress keeps it
// alive until it answers. A job still running at the timeout (counted from when the thread takes
// it) has the thread terminated and answers as stopped, with the progress it reported; a thread
// that stops, or fails to start, fails the job it ran; either way the next job gets a new thread.
// The thread's module posts `{ ready: true }` once it takes jobs, then one answer `{ id, ... }` a
// job, and may report progress on the way (`{ id, progress }`).
import type { Worker } from 'node:worker_threads';
import { ClientTurns } from './client-turns.ts';
import { startTypeScriptWorker } from './typescript-worker.ts';

/** How a job ended: the thread's answer, or stopped at the timeout after `elapsedMs`, with the progress it reported. */
export type Outcome<Answer, Progress> = { answer: Answer } | { stopped: true; progress: Progress[]; elapsedMs: number };

type Pending<Job, Answer, Progress> = {
  job: Job;
  progress: Progress[];
  resolve: (outcome: Outcome<Answer, Progress>) => void;
  reject: (error: Error) => void;
};

type Message<Answer, Progress> = Answer | { id: number; progress: Progress } | { ready: true };

export class TurnThread<Job extends { id: number }, Answer extends { id: number }, Progress = never> {
  private worker: Worker | null = null;
  /** Resolved once the thread takes jobs. */
  private started: Promise<void> | null = null;
  private readonly waiting = new ClientTurns<Pending<Job, Answer, Progress>>();
  private running: Pending<Job, Answer, Progress> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private nextId = 1;
  private closed = false;

  /** `module`: the thread's .ts file; `name`: what a thread that stops is called in the error; `timeoutMs`: how long a job may run. */
  constructor(
    private readonly module: URL,
    private readonly name: string,
    public timeoutMs: number,
  ) {}

  /** Runs the job `job` makes of its id in the thread, in `client`'s turn; rejects where the thread stops or fails to start, or the server is closing. */
  run(client: string, job: (id: number) => Job): Promise<Outcome<Answer, Progress>> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('the server is closing'));
      this.waiting.add(client, { job: job(this.nextId++), progress: [], resolve, reject });
      void this.next();
    });
  }

  /** Starts the thread ahead of the first job (npm start does), so that no job waits while it starts. */
  async warm(): Promise<void> {
    if (this.closed) throw new Error('the server is closing');
    const worker = this.thread();
    worker.ref(); // the process waits for the thread it is starting
    try {
      await this.started;
    } finally {
      if (!this.running) worker.unref();
    }
  }

  /** Stops the thread; jobs waiting or running fail, and so does any job run after. */
  async close(): Promise<void> {
    this.closed = true;
    const closing = new Error('the server is closing');
    for (let pending = this.waiting.take(); pending; pending = this.waiting.take()) pending.reject(closing);
    const worker = this.worker;
    this.worker = null;
    this.started = null;
    const running = this.settle();
    running?.reject(closing);
    if (worker) await worker.terminate();
  }

  private async next(): Promise<void> {
    if (this.running || this.closed) return;
    const pending = this.waiting.take();
    if (!pending) return;
    this.running = pending;
    const worker = this.thread();
    worker.ref(); // a job in progress keeps the process alive until it answers
    try {
      await this.started;
    } catch {
      return; // the thread did not start: drop() failed this job and went on
    }
    if (this.running !== pending || this.worker !== worker) return;
    const began = performance.now();
    this.timer = setTimeout(() => this.drop(worker, (stopped) => stopped.resolve({ stopped: true, progress: stopped.progress, elapsedMs: performance.now() - began })), this.timeoutMs);
    worker.postMessage(pending.job);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startTypeScriptWorker(this.module);
    this.worker = worker;
    this.started = new Promise((resolve, reject) => {
      worker.on('message', (message: Message<Answer, Progress>) => {
        if ('ready' in message) resolve();
        else if ('progress' in message) {
          if (this.worker === worker && this.running?.job.id === message.id) this.running.progress.push(message.progress);
        } else this.finish(worker, message);
      });
      worker.on('error', (error) => {
        reject(error);
        this.drop(worker, (failed) => failed.reject(error));
      });
    });
    this.started.catch(() => {}); // a thread that fails to start fails its job; warm() tells its caller
    worker.on('exit', () => this.drop(worker, (failed) => failed.reject(new Error(`${this.name} stopped`))));
    // An idle thread never keeps the process alive (unref after the listeners, which ref it).
    worker.unref();
    return worker;
  }

  private finish(worker: Worker, answer: Answer): void {
    if (this.worker !== worker || this.running?.job.id !== answer.id) return;
    const pending = this.settle()!;
    worker.unref();
    pending.resolve({ answer });
    void this.next();
  }

  /** Done with `worker` (stopped at the timeout, failed, exited): the job it ran ends as `end` says, and the next job gets a new thread. */
  private drop(worker: Worker, end: (pending: Pending<Job, Answer, Progress>) => void): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.started = null;
    void worker.terminate();
    const pending = this.settle();
    if (pending) end(pending);
    void this.next();
  }

  /** The running job, no longer running, its timer cleared. */
  private settle(): Pending<Job, Answer, Progress> | null {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pending = this.running;
    this.running = null;
    return pending;
  }
}
