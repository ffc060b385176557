// The SQLite WAL checkpointer's thread (see database.ts): on its own connection to the database
// file, it copies committed pages from the write-ahead log into the database every few hundred
// milliseconds, so that no request waits for that copy and its fsync. PASSIVE never blocks the
// server's reads or writes. But under a steady stream of writes it never finds the whole log
// copied at the moment a write begins, and only then does the log start again from its
// beginning: it would grow without end (1.4 GB after 20 s of decisions, every write extending the
// file and the kernel zeroing its new pages). Once the log holds `restartFrames` frames, a
// RESTART checkpoint waits for the writer of the moment (a millisecond or two: PASSIVE has copied
// nearly everything already), copies the rest and makes the next write start the log again, so
// it stays near that size. New writes wait while it is pending, so it gives up after
// RESTART_WAIT_MS (a reader still on an older snapshot) and tries again at the next turn.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from './sqlite-library.mjs';

const RESTART_WAIT_MS = 200;
const { file, everyMs, restartFrames } = workerData;
const db = new SqliteDatabase(file);
// PASSIVE never waits; RESTART waits this long at most for the writer and the readers of the moment.
db.pragma(`busy_timeout = ${RESTART_WAIT_MS}`);

const timer = setInterval(() => {
  try {
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (log >= restartFrames) db.pragma('wal_checkpoint(RESTART)');
  } catch (error) {
    // The server takes checkpoints back on its own connection (see database.ts).
    clearInterval(timer);
    db.close();
    throw error;
  }
}, everyMs);

parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
