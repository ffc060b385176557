// The embedded database's write-ahead log is copied into the database file by a thread of its own
// (db/wal-checkpointer.mjs): the server's connection never checkpoints inside a commit, yet what
// is committed reaches the database file without anyone asking, and the log starts again from its
// beginning once it holds enough (db/wal-restart.mjs; with the recorder thread as the writer in
// test/decide/recorder-thread.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase, WAL_RESTART_FRAMES } from '../../src/db/database.ts';
import { walRestarts, writerAnswers } from '../../src/db/wal-restart.mjs';

let dir: string;
let db: Database;
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite checkpoints off the server thread', () => {
  it('commits never checkpoint, and the checkpointer moves committed pages into the database file', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-wal-'));
    const file = path.join(dir, 'bytebound.db');
    db = openDatabase({ dialect: 'sqlite', file });
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows[0]!.wal_autocheckpoint).toBe(0);

    await sql`create table bulk (body text not null)`.execute(db);
    const sizeBefore = fs.statSync(file).size;
    const body = 'x'.repeat(4_000);
    for (let i = 0; i < 20; i++) {
      await db.transaction().execute(async (trx) => {
        for (let j = 0; j < 50; j++) await sql`insert into bulk (body) values (${body})`.execute(trx);
      });
    }
    // About 4 MB is committed to the log; the database file grows only when it is checkpointed.
    const deadline = Date.now() + 10_000;
    while (fs.statSync(file).size < sizeBefore + 3_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore + 3_000_000);
    const { rows: counted } = await sql<{ n: number }>`select count(*) as n from bulk`.execute(db);
    expect(counted[0]!.n).toBe(1_000);
  });

  it('keeps the log near its restart size under a steady stream of writes, instead of letting it grow without end', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-wal-'));
    const file = path.join(dir, 'bytebound.db');
    db = openDatabase({ dialect: 'sqlite', file });
    await sql`create table bulk (body blob not null)`.execute(db);
    const limit = WAL_RESTART_FRAMES * 4096;
    // 1 MB commits a millisecond apart, as the decision recorder writes under load: the
    // checkpointer never finds the whole log copied when a commit begins. Without a restart the
    // log holds all of it (168 MB after 160 commits); with one, it is cut back to the restart size
    // soon after it passes it, however slowly a loaded machine runs the checkpointer. (A log that
    // never passes it over 400 MB of commits is bounded too.) With no decision recorder to ask
    // (db/wal-restart.mjs), the checkpointer starts the log again itself.
    let passed = false;
    let cutBack = false;
    let commits = 0;
    while (commits < 400 && !cutBack) {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 250) insert into bulk (body) select randomblob(4000) from n`.execute(db);
      commits++;
      const size = fs.statSync(`${file}-wal`).size;
      if (size > limit) passed = true;
      else cutBack = passed;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(passed ? cutBack : true).toBe(true);
    if (passed) {
      expect(walRestarts(db.walRestart!).writer).toBe(false);
      expect(walRestarts(db.walRestart!).byRestart).toBeGreaterThan(0);
    }
    const { rows } = await sql<{ n: number }>`select count(*) as n from bulk`.execute(db);
    expect(rows[0]!.n).toBe(commits * 250);
  });

  it('asks a writer that sends no more commits for a few turns, then starts the log again itself', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-wal-'));
    const file = path.join(dir, 'bytebound.db');
    db = openDatabase({ dialect: 'sqlite', file }, { walRestartFrames: 64 });
    // A recorder thread is there (it would answer between its batches), but no batch comes.
    writerAnswers(db.walRestart!, true);
    await sql`create table bulk (body blob not null)`.execute(db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 100) insert into bulk (body) select randomblob(4000) from n`.execute(db);
    await vi.waitUntil(() => walRestarts(db.walRestart!).byRestart > 0, { timeout: 20_000, interval: 50 });
    expect(walRestarts(db.walRestart!)).toEqual({ writer: true, byWriters: 0, byRestart: 1 });
    // The log starts again at the next commit.
    await sql`insert into bulk (body) values (randomblob(10))`.execute(db);
    expect(fs.statSync(`${file}-wal`).size).toBeLessThanOrEqual(64 * 4096 + 4096 * 4);
  });

  it('once destroy() returns, the database is one file: the log is checkpointed and removed, nothing writes after', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-wal-'));
    const file = path.join(dir, 'bytebound.db');
    db = openDatabase({ dialect: 'sqlite', file });
    await sql`create table notes (body text not null)`.execute(db);
    await sql`insert into notes (body) values ('kept')`.execute(db);
    // Once the checkpointer's connection has copied the log into the file, it holds the log open.
    const sizeBefore = fs.statSync(file).size;
    const deadline = Date.now() + 10_000;
    while (fs.statSync(file).size <= sizeBefore && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore);
    await db.destroy();
    const seen = new Set<string>();
    const until = Date.now() + 500; // two checkpoint intervals
    while (Date.now() < until) {
      for (const name of fs.readdirSync(dir)) seen.add(name);
      await new Promise((r) => setTimeout(r, 2));
    }
    expect([...seen]).toEqual(['bytebound.db']);

    db = openDatabase({ dialect: 'sqlite', file });
    const { rows } = await sql<{ body: string }>`select body from notes`.execute(db);
    expect(rows).toEqual([{ body: 'kept' }]);
  });
});
