// On a SQLite file, the server's connection shares the database with the recorder thread's, which
// holds the write lock while it commits a batch of decisions. A write that finds the lock taken
// waits for it without holding up the server's thread (other requests go on meanwhile), lands once
// the lock is free (at once when a writer of this process says it let go), and fails with
// SQLITE_BUSY only after 5 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type SqliteDatabase from '../../src/db/sqlite-library.mjs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase, openSqliteConnection, writeLockReleased } from '../../src/db/database.ts';

let dir: string;
let db: Database;
let other: SqliteDatabase.Database;

async function withTable(): Promise<void> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-lock-'));
  const file = path.join(dir, 'bytebound.db');
  db = openDatabase({ dialect: 'sqlite', file });
  await sql`create table notes (body text not null)`.execute(db);
  // Another connection to the file, as the recorder thread's is, holding the write lock.
  other = openSqliteConnection(file);
  other.exec('BEGIN IMMEDIATE');
}

afterEach(async () => {
  if (other.open) other.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Timer callbacks that ran on this thread during `ms`: none if something held the thread. */
async function ticksDuring(ms: number): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => (ticks += 1), 1);
  await sleep(ms);
  clearInterval(timer);
  return ticks;
}

function settledFlag(promise: Promise<unknown>): { settled: boolean } {
  const flag = { settled: false };
  promise.then(
    () => (flag.settled = true),
    () => (flag.settled = true),
  );
  return flag;
}

describe('a SQLite write while another connection holds the write lock', () => {
  it('waits without holding up the thread, and lands once the lock is free', async () => {
    await withTable();
    const write = sql`insert into notes (body) values ('waited')`.execute(db);
    const flag = settledFlag(write);
    expect(await ticksDuring(100)).toBeGreaterThan(0);
    expect(flag.settled).toBe(false);
    other.exec('ROLLBACK');
    await write;
    const { rows } = await sql<{ body: string }>`select body from notes`.execute(db);
    expect(rows).toEqual([{ body: 'waited' }]);
  });

  it('a transaction waits the same way, and commits whole', async () => {
    await withTable();
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values ('first')`.execute(trx);
      await sql`insert into notes (body) values ('second')`.execute(trx);
    });
    const flag = settledFlag(transaction);
    expect(await ticksDuring(100)).toBeGreaterThan(0);
    expect(flag.settled).toBe(false);
    other.exec('COMMIT');
    await transaction;
    const { rows } = await sql<{ body: string }>`select body from notes order by rowid`.execute(db);
    expect(rows.map((r) => r.body)).toEqual(['first', 'second']);
  });

  it('tries again as soon as a writer of this process says it let go of the lock', async () => {
    await withTable();
    // Its own retry (a timer) never comes: only the release can wake it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const write = sql`insert into notes (body) values ('woken')`.execute(db);
      await new Promise((resolve) => setImmediate(resolve));
      other.exec('ROLLBACK');
      expect(writeLockReleased(db.file!)).toBe(true);
      await write;
      expect(writeLockReleased(db.file!)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    const { rows } = await sql<{ body: string }>`select body from notes`.execute(db);
    expect(rows).toEqual([{ body: 'woken' }]);
  });

  it('fails with SQLITE_BUSY after 5 s, writing nothing, and the next write goes through', async () => {
    await withTable();
    await expect(sql`insert into notes (body) values ('given up')`.execute(db)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    other.exec('ROLLBACK');
    await sql`insert into notes (body) values ('later')`.execute(db);
    const { rows } = await sql<{ body: string }>`select body from notes`.execute(db);
    expect(rows).toEqual([{ body: 'later' }]);
  }, 20_000);
});
