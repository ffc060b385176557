// Fresh, migrated SQLite databases in files of their own, for tests of SQLite's own code paths
// (the recorder thread and its commit) in either test project; removed after each test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrations.ts';

/** Gives each call a new database file (opened with `options`); every one made during a test is closed and removed after it. */
export function useSqliteFiles(): (options?: Parameters<typeof openDatabase>[1]) => Promise<Database> {
  const opened: { db: Database; dir: string }[] = [];
  afterEach(async () => {
    for (const { db, dir } of opened.splice(0)) {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  return async (options) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-sqlite-'));
    const db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'bytebound.db') }, options);
    await migrate(db);
    opened.push({ db, dir });
    return db;
  };
}
