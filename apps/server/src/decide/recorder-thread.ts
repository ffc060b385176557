// The recorder thread: on SQLite, decisions are signed and committed by a worker thread on a
// connection of its own, so that the server's thread answers requests while a batch is signed and
// written (the signatures, the commits, their inserts and the log's hashes are most of a decision's
// cost). One batch is with the thread at a time: the decisions made while it commits wait here and
// go over in one message when it answers (group commit across the two threads, decision-writer.ts
// on the other side), and each answer is the decision's signature and its place in the log. Should
// the thread stop, the decisions it had not answered fail, and those not yet sent and later ones
// are signed and committed on the server's thread.
import type { Worker } from 'node:worker_threads';
import { type BundleSignature, bundleWithSignature } from '@bytebound/engine/proof-bundle';
import type { SigningKey } from '@bytebound/engine/signing-keys';
import { bundleId } from '../audit/audit-log.ts';
import { type Database, writeLockReleased } from '../db/database.ts';
import { writerAnswers } from '../db/wal-restart.mjs';
import { startTypeScriptWorker } from '../typescript-worker.ts';
import { commitThrough, DecisionWriter, type Recorded, type UnsignedDecision, type Writer } from './decision-writer.ts';

/**
 * What the server's thread sends: decisions to sign and commit, or close. A decision to be signed
 * with another key than the one before it comes with that key, which the thread keeps for the
 * decisions after it.
 */
export type ToRecorder = { kind: 'write'; decisions: { id: number; decision: UnsignedDecision; privateKey?: SigningKey['privateKey'] }[] } | { kind: 'close' };

/**
 * What the recorder thread says: that its connection is open, then the answers of each committed
 * batch: as numbers, a decision's id, then its leaf index; the same decisions' signatures, in that
 * order; and the errors of those that failed.
 */
export type FromRecorder = { kind: 'ready' } | { kind: 'answers'; committed: number[]; signatures: BundleSignature[]; failed: [id: number, error: string][] };

type Waiting = { decision: UnsignedDecision; keyId: string; resolve: (recorded: Recorded) => void; reject: (error: unknown) => void };

export class RecorderThread implements Writer {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private outbox: { id: number; decision: UnsignedDecision; signer: SigningKey }[] = [];
  private nextId = 1;
  private flushScheduled = false;
  /** Decisions are sent once the thread's connection is open: a thread that cannot open it leaves them all to this thread. */
  private ready = false;
  private closing = false;
  /** The key the thread signs with: the last one sent with a decision. */
  private keyId: string | null = null;
  /** Set once the thread has stopped: decisions are then committed on this thread. */
  private fallback: DecisionWriter | null = null;
  private readonly exited: Promise<void>;

  constructor(
    private readonly db: Database,
    private readonly file: string,
  ) {
    this.worker = startTypeScriptWorker(new URL('./recorder-worker.ts', import.meta.url), { file, walRestart: db.walRestart });
    this.worker.on('message', (message: FromRecorder) => {
      if (message.kind === 'ready') {
        this.ready = true;
        this.flush();
        return;
      }
      // The thread has let go of the write lock: statements of this thread that found it taken try
      // again now, and the next batch goes after them, so that neither finds the lock taken again
      // (the thread's wait for it sleeps a millisecond or more).
      const lockWaited = writeLockReleased(this.file);
      const { committed, signatures, failed } = message;
      for (let i = 0; i < committed.length; i += 2) {
        const { decision, keyId, resolve } = this.waiting.get(committed[i]!)!;
        this.waiting.delete(committed[i]!);
        const { signs } = decision;
        const bundle = bundleWithSignature(signs.decision, signs.details, signs.commitments, keyId, signatures[i / 2]!);
        resolve({ bundle, bundleId: bundleId(bundle), leafIndex: committed[i + 1]! });
      }
      for (const [id, error] of failed) {
        this.waiting.get(id)!.reject(new Error(error));
        this.waiting.delete(id);
      }
      if (this.sent === 0) {
        if (lockWaited) this.flushSoon();
        else this.flush();
      }
      if (this.waiting.size === 0 && !this.closing) this.worker.unref();
    });
    // An error ends the thread: 'exit' follows.
    this.worker.on('error', () => {});
    this.exited = new Promise((resolve) => {
      this.worker.on('exit', () => {
        // Whatever ended the thread, the checkpointer no longer has a writer to ask.
        if (this.db.walRestart) writerAnswers(this.db.walRestart, false);
        const fallback = new DecisionWriter(commitThrough(this.db));
        this.fallback = fallback;
        // Decisions not yet sent are committed here; those sent and not answered fail.
        for (const { id, decision, signer } of this.outbox.splice(0)) {
          const waiting = this.waiting.get(id)!;
          this.waiting.delete(id);
          fallback.write(decision, signer).then(waiting.resolve, waiting.reject);
        }
        for (const waiting of this.waiting.values()) waiting.reject(new Error('the decision recorder stopped before recording the decision'));
        this.waiting.clear();
        resolve();
      });
    });
    // An idle recorder never keeps the process alive; one with decisions to answer does.
    this.worker.unref();
  }

  /** Decisions sent to the thread and not yet answered: while there are any, new ones wait in the outbox. */
  private get sent(): number {
    return this.waiting.size - this.outbox.length;
  }

  /** True while decisions are committed by the thread (false once it has stopped). */
  get onThread(): boolean {
    return this.fallback === null;
  }

  write(decision: UnsignedDecision, signer: SigningKey): Promise<Recorded> {
    if (this.fallback) return this.fallback.write(decision, signer);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { decision, keyId: signer.keyId, resolve, reject });
      this.outbox.push({ id, decision, signer });
      // The decisions made in this turn of the event loop go together.
      if (this.sent === 0) this.flushSoon();
    });
  }

  /** Commits what was handed over, then stops the thread and closes its connection. */
  async close(): Promise<void> {
    if (!this.fallback) {
      this.flush();
      this.closing = true;
      this.worker.ref(); // a process with nothing else to do still waits for the thread to end
      this.post({ kind: 'close' });
    }
    await this.exited;
    await this.fallback?.idle();
  }

  /** Hands the outbox over at the end of this turn of the event loop, after what the turn still runs. */
  private flushSoon(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      if (this.sent === 0) this.flush();
    });
  }

  private flush(): void {
    if (this.outbox.length === 0 || this.fallback || !this.ready || this.closing) return;
    // The thread signs each decision with the key that came with it or before it, and checkpoints
    // with the newest decision's, as this thread does.
    const decisions = this.outbox.map(({ id, decision, signer }) => {
      if (signer.keyId === this.keyId) return { id, decision };
      this.keyId = signer.keyId;
      return { id, decision, privateKey: signer.privateKey };
    });
    this.post({ kind: 'write', decisions });
    this.outbox = [];
  }

  private post(message: ToRecorder): void {
    this.worker.postMessage(message);
  }
}
