// The one database handle: Kysely over embedded SQLite (default) or PostgreSQL (DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Tables } from './tables.ts';

export type Dialect = Config['database']['dialect'];
export type Database = Kysely<Tables> & { dialect: Dialect };

// BIGINT columns (epoch milliseconds, counters) come back as numbers, as they do from SQLite.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(database: Config['database']): Database {
  if (database.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // A dropped idle connection must not take the process down; the pool replaces it.
    pool.on('error', () => {});
    return Object.assign(new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }), { dialect: 'postgres' as const });
  }
  if (database.file !== ':memory:') fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return Object.assign(new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) }), { dialect: 'sqlite' as const });
}

/** True when the database answers a trivial query. */
export async function isReachable(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
