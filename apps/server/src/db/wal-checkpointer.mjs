// The SQLite WAL checkpointer's thread (see database.ts): on its own connection to the database
// file, it copies committed pages from the write-ahead log into the database every few hundred
// milliseconds, so that no request waits for that copy and its fsync. PASSIVE never blocks the
// server's reads or writes. But under a steady stream of writes it never finds the whole log
// copied at the moment a write begins, and only then does the log start again from its beginning:
// it would grow without end (1.4 GB after 20 s of decisions, most of each write spent extending
// the file). Once the log holds `restartFrames` frames, a RESTART checkpoint waits for the writer
// of the moment (a millisecond or two: PASSIVE has copied nearly everything already), copies the
// rest and makes the next write start the log again, so it stays near that size.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from './sqlite-library.mjs';

const { file, everyMs, restartFrames } = workerData;
const db = new SqliteDatabase(file);
db.pragma('busy_timeout = 5000');

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
