// The recorder thread itself (see recorder-thread.ts): its own connection to the SQLite file, the
// same signing and group commit as the server's thread (its statements prepared once,
// sqlite-commit.ts), and one answer message per committed batch. It is the file's writer that the
// checkpointer asks to copy the end of the write-ahead log, between two batches, when the log is
// to start again (db/wal-restart.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { type BundleSignature, signatureOfBundle } from '@bytebound/engine/proof-bundle';
import { type Signer, signingKeyFromPrivateKey } from '@bytebound/engine/signing-keys';
import { openSqliteConnection } from '../db/database.ts';
import { copyEndOfLogIfAsked, type WalRestart, writerAnswers } from '../db/wal-restart.mjs';
import { DecisionWriter } from './decision-writer.ts';
import type { FromRecorder, ToRecorder } from './recorder-thread.ts';
import { commitOnSqlite } from './sqlite-commit.ts';

const port = parentPort!;
const { file, walRestart } = workerData as { file: string; walRestart?: WalRestart };
const sqlite = openSqliteConnection(file, walRestart?.frames);
// The server's checkpointer thread copies the log into the database (database.ts).
sqlite.pragma('wal_autocheckpoint = 0');
if (walRestart) writerAnswers(walRestart, true);
const writer = new DecisionWriter(commitOnSqlite(sqlite));
let signer: Signer | null = null;
const committed: number[] = [];
const signatures: BundleSignature[] = [];
const failed: [number, string][] = [];

function post(message: FromRecorder): void {
  port.postMessage(message);
}

/**
 * Answers collected while a batch resolves go out in one message. Then, should the checkpointer
 * have asked, the end of the log is copied: it holds up the next batch, not these answers.
 */
function answerSoon(): void {
  if (committed.length > 0 || failed.length > 0) return;
  setImmediate(() => {
    post({ kind: 'answers', committed: committed.splice(0), signatures: signatures.splice(0), failed: failed.splice(0) });
    if (walRestart) copyEndOfLogIfAsked(sqlite, walRestart);
  });
}

post({ kind: 'ready' });

port.on('message', (message: ToRecorder) => {
  if (message.kind === 'write') {
    for (const { id, decision, privateKey } of message.decisions) {
      if (privateKey) signer = signingKeyFromPrivateKey(privateKey);
      writer.write(decision, signer!).then(
        ({ bundle, leafIndex }) => {
          answerSoon();
          committed.push(id, leafIndex);
          signatures.push(signatureOfBundle(bundle));
        },
        (error: unknown) => {
          answerSoon();
          failed.push([id, error instanceof Error ? error.message : String(error)]);
        },
      );
    }
  } else {
    if (walRestart) writerAnswers(walRestart, false);
    void writer
      .idle()
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => sqlite.close())
      .then(() => port.close());
  }
});
