// The policy loader: bytebound text a decision names for the first time (a stored arbiter's
// version, an inline policy) is parsed and prepared in a thread of its own (policy-load-worker.ts),
// so that the server's thread goes on answering while it loads: a policy of a megabyte takes a few
// tenths of a second, which on that thread would hold every other request. One thread, started on
// the first load and kept idle between loads without keeping the process alive; loads wait for it
// in turns by client, so that a customer whose decisions name many new policies cannot make
// everyone else's wait behind all of them (turn-thread.ts). A load past the timeout, or a thread
// that stops, fails the load it ran, and the next one gets a new thread.
import { POLICY_LOAD_TIMEOUT_MS } from '../constants.ts';
import { TurnThread } from '../turn-thread.ts';
import type { CachedPolicy } from './policy-cache.ts';
import type { PolicyAnswer, PolicyJob } from './policy-load-worker.ts';

/** A policy the thread prepared, and its weight in the policy cache. */
export type PreparedPolicy = { policy: CachedPolicy; weight: number };

export class PolicyLoader {
  private readonly thread: TurnThread<PolicyJob, PolicyAnswer>;
  /** How many loads the thread has answered (prepared or refused). */
  answered = 0;

  /** `timeoutMs`: how long a load may run in the thread before it is stopped. */
  constructor(timeoutMs = POLICY_LOAD_TIMEOUT_MS) {
    this.thread = new TurnThread(new URL('./policy-load-worker.ts', import.meta.url), 'the policy loader', timeoutMs);
  }

  /** How long a load may run in the thread before it is stopped. */
  get timeoutMs(): number {
    return this.thread.timeoutMs;
  }

  set timeoutMs(ms: number) {
    this.thread.timeoutMs = ms;
  }

  /** `text` parsed and prepared for deciding in the loader's thread, in `client`'s turn; rejects with why it does not load. */
  async load(text: string, client: string): Promise<PreparedPolicy> {
    const outcome = await this.thread.run(client, (id) => ({ id, text }));
    if ('stopped' in outcome) throw new Error(`loading the policy stopped: it ran longer than ${this.timeoutMs.toLocaleString('en-US')} ms`);
    this.answered++;
    const { answer } = outcome;
    if ('error' in answer) throw new Error(answer.error);
    return { policy: answer.policy, weight: answer.weight };
  }

  /** Starts the thread ahead of the first load (npm start does), so that no decision waits while it starts. */
  warm(): Promise<void> {
    return this.thread.warm();
  }

  /** Stops the thread; loads waiting or running fail. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
