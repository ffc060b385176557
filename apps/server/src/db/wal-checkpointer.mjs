// The SQLite WAL checkpointer's thread (see database.ts): on its own connection to the database
// file, it copies committed pages from the write-ahead log into the database every few hundred
// milliseconds, so that no request waits for that copy and its fsync. PASSIVE never blocks the
// server's reads or writes. Once the log holds `restart.frames` frames it has the log start again
// from its beginning (wal-restart.mjs), so that it stays near that size instead of growing without
// end (1.4 GB after 20 s of decisions, every write extending the file and the kernel zeroing its
// new pages).
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from './sqlite-library.mjs';
import { checkpointTurns } from './wal-restart.mjs';

const RESTART_WAIT_MS = 200;
const { file, everyMs, restart } = workerData;
const db = new SqliteDatabase(file);
// PASSIVE never waits; RESTART (wal-restart.mjs) waits this long at most for the writer and the readers of the moment.
db.pragma(`busy_timeout = ${RESTART_WAIT_MS}`);
const checkpointTurn = checkpointTurns(db, restart);

const timer = setInterval(() => {
  try {
    checkpointTurn();
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
