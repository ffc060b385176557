// The one database handle: Kysely over embedded SQLite (default) or PostgreSQL (DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteDialectDatabase, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Tables } from './tables.ts';

export type Dialect = Config['database']['dialect'];
export type Database = Kysely<Tables> & {
  dialect: Dialect;
  /** The SQLite database's file (undefined in memory and on PostgreSQL). */
  file?: string;
};

// BIGINT columns (epoch milliseconds, counters) come back as numbers, as they do from SQLite.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(database: Config['database']): Database {
  if (database.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // A dropped idle connection must not take the process down; the pool replaces it.
    pool.on('error', () => {});
    return Object.assign(new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }), { dialect: 'postgres' as const });
  }
  const inMemory = database.file === ':memory:';
  if (!inMemory) fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = openSqliteConnection(database.file);
  const kysely = sqliteDatabase(sqlite, inMemory ? undefined : database.file);
  if (!inMemory) {
    // The checkpointer's connection closes first: the server's, closing last, then takes the final
    // checkpoint and removes the log, and no file of the database changes once destroy() returns.
    const stopCheckpointer = startCheckpointer(sqlite, database.file);
    const destroy = kysely.destroy.bind(kysely);
    kysely.destroy = async () => {
      await stopCheckpointer();
      await destroy();
    };
  }
  return kysely;
}

/** A connection to a SQLite database with the server's settings (write-ahead log, foreign keys, waits for locks). */
export function openSqliteConnection(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return sqlite;
}

/** The database handle over one SQLite connection; `file` is the database's file (none in memory). */
export function sqliteDatabase(sqlite: SqliteDatabase.Database, file: string | undefined): Database {
  const kysely = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return Object.assign(kysely, { dialect: 'sqlite' as const, file });
}

/** Prepared statements kept per SQL text (the oldest leaves first beyond this many). */
const STATEMENTS_CACHED = 1_000;

/**
 * Kysely's SQLite driver prepares every query anew, which costs more than running the small
 * queries of a decision; this hands it each SQL text's statement prepared once. Kysely holds one
 * connection at a time and runs statements synchronously, so a statement is never in use twice.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (!statement) {
        statement = sqlite.prepare(source);
        if (statements.size >= STATEMENTS_CACHED) statements.delete(statements.keys().next().value!);
        statements.set(source, statement);
      }
      return statement;
    },
  };
}

/** How often the checkpointer copies the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 250;

/**
 * Moves WAL checkpoints off the server's thread. By default SQLite checkpoints inside the commit
 * that crosses 1,000 pages of log: that commit then copies the pages and waits for an fsync,
 * holding up every request behind it. Here a worker thread checkpoints on its own connection; if
 * it ever stops, the server's connection takes automatic checkpoints back.
 */
function startCheckpointer(sqlite: SqliteDatabase.Database, file: string): () => Promise<void> {
  const worker = new Worker(new URL('./wal-checkpointer.mjs', import.meta.url), { workerData: { file, everyMs: CHECKPOINT_EVERY_MS } });
  sqlite.pragma('wal_autocheckpoint = 0');
  const exited = new Promise<void>((resolve) => {
    worker.on('exit', () => {
      if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
      resolve();
    });
  });
  // An error ends the thread: 'exit' follows and takes checkpoints back.
  worker.on('error', () => {});
  worker.unref();
  /** Stops the thread and resolves once its connection is closed. */
  return () => {
    worker.ref(); // a process with nothing else to do still waits for the thread to end
    worker.postMessage('close');
    return exited;
  };
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
