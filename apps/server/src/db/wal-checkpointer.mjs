// The SQLite WAL checkpointer's thread (see database.ts): on its own connection to the database
// file, it copies committed pages from the write-ahead log into the database every few hundred
// milliseconds, so that no request waits for that copy and its fsync. PASSIVE never blocks the
// server's reads or writes; the log restarts from its beginning once it has been copied.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from './sqlite-library.mjs';

const { file, everyMs } = workerData;
const db = new SqliteDatabase(file);
db.pragma('busy_timeout = 5000');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
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
