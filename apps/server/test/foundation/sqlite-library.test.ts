// The SQLite library chosen for this Node (db/sqlite-library.mjs) lives through what the server
// does with it: statements prepared and dropped, garbage collection, a worker thread's connection
// (the recorder and the checkpointer have one each) ending with the thread, and the process's exit.
// better-sqlite3 12 built for Node 24 aborts the process there; this runs in CI on Node 20 and 24.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const library = new URL('../../src/db/sqlite-library.mjs', import.meta.url).href;

// The same module runs on the main thread, then in a worker: statements the garbage collector
// frees while the connection is open, then statements still open when the thread or process ends.
const SCRIPT = `
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
const SqliteDatabase = (await import(${JSON.stringify(library)})).default;
const file = isMainThread ? process.argv[2] : workerData;
const db = new SqliteDatabase(file);
db.pragma('journal_mode = WAL');
db.exec('create table if not exists t (id integer primary key, body text)');
for (let i = 0; i < 2000; i++) db.prepare('insert into t (body) values (?) -- ' + i).run('x' + i);
globalThis.gc();
await new Promise((resolve) => setTimeout(resolve, 10));
globalThis.gc();
const open = Array.from({ length: 50 }, (_, i) => db.prepare('select count(*) as n from t where id > -' + i));
const counted = open[0].get().n;
if (isMainThread) {
  const worker = new Worker(new URL(import.meta.url), { workerData: file });
  // Listening for the exit from the start: it may come right after the message.
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const fromWorker = await new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
  await exited;
  globalThis.gc();
  console.log(JSON.stringify({ counted, fromWorker }));
} else parentPort.postMessage(counted);
`;

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the SQLite library on this Node', () => {
  it('survives freed statements, a worker thread that ends with open statements, and the exit', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-sqlite-library-'));
    const script = path.join(dir, 'use-and-leave.mjs');
    fs.writeFileSync(script, SCRIPT);
    const run = spawnSync(process.execPath, ['--expose-gc', script, path.join(dir, 'library.db')], { encoding: 'utf8', timeout: 60_000 });
    // An abort ends the process on a signal (SIGABRT, SIGSEGV); its stderr says why.
    expect({ status: run.status, signal: run.signal }, run.stderr).toEqual({ status: 0, signal: null });
    // Each thread counted the rows inserted so far: the main thread's 2,000, then the worker's too.
    expect(JSON.parse(run.stdout)).toEqual({ counted: 2000, fromWorker: 4000 });
  });
});
