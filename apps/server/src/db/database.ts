// The one database handle: Kysely over embedded SQLite (default) or PostgreSQL (DATABASE_URL).
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { makeFolder } from '@bytebound/engine/make-folder';
import SqliteDatabase from './sqlite-library.mjs';
import { type DatabaseConnection, type Driver, Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig, SqliteDriver, type SqliteDatabase as SqliteDialectDatabase, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Tables } from './tables.ts';
import { newWalRestart, type WalRestart } from './wal-restart.mjs';

export type Dialect = Config['database']['dialect'];
export type Database = Kysely<Tables> & {
  dialect: Dialect;
  /** The SQLite database's file (undefined in memory and on PostgreSQL). */
  file?: string;
  /** The PostgreSQL connection pool under the query builder (undefined on SQLite). */
  pool?: pg.Pool;
  /** How the SQLite file's write-ahead log starts again (wal-restart.mjs), shared with the threads that write to it. */
  walRestart?: WalRestart;
};

// BIGINT columns (epoch milliseconds, counters) come back as numbers, as they do from SQLite.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** `walRestartFrames`: the size of write-ahead log (in 4 KiB pages) that makes a SQLite file's log start again. */
export function openDatabase(database: Config['database'], { walRestartFrames = WAL_RESTART_FRAMES } = {}): Database {
  if (database.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // A dropped idle connection must not take the process down; the pool replaces it.
    pool.on('error', () => {});
    return Object.assign(new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }), { dialect: 'postgres' as const, pool });
  }
  const inMemory = database.file === ':memory:';
  if (!inMemory) makeFolder(path.dirname(database.file));
  const sqlite = openSqliteConnection(database.file, walRestartFrames);
  const kysely = sqliteDatabase(sqlite, inMemory ? undefined : database.file, { retryLocks: true });
  if (!inMemory) {
    const walRestart = newWalRestart(walRestartFrames);
    kysely.walRestart = walRestart;
    // The checkpointer's connection closes first: the server's, closing last, then takes the final
    // checkpoint and removes the log, and no file of the database changes once destroy() returns.
    const stopCheckpointer = startCheckpointer(sqlite, database.file, walRestart);
    const destroy = kysely.destroy.bind(kysely);
    kysely.destroy = async () => {
      await stopCheckpointer();
      await destroy();
    };
  }
  return kysely;
}

/**
 * A connection to a SQLite database with the server's settings (write-ahead log, foreign keys,
 * waits for locks up to 5 s); `walRestartFrames` as the database was opened with.
 */
export function openSqliteConnection(file: string, walRestartFrames = WAL_RESTART_FRAMES): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // A log that grew past this while it could not restart is cut back to it when it does.
  sqlite.pragma(`journal_size_limit = ${walRestartFrames * 4096}`);
  return sqlite;
}

/**
 * The database handle over one SQLite connection; `file` is the database's file (none in memory).
 * On the thread that answers requests (`retryLocks`), a statement that finds another connection's
 * write lock taken is tried again later without holding up the thread (LockWaitingDialect). A
 * thread that only writes (the recorder thread) has nothing else to do meanwhile: it waits inside
 * SQLite (busy_timeout).
 */
export function sqliteDatabase(sqlite: SqliteDatabase.Database, file: string | undefined, { retryLocks = false } = {}): Database {
  const database = withStatementCache(sqlite);
  if (retryLocks) sqlite.pragma('busy_timeout = 0');
  const kysely = new Kysely<Tables>({ dialect: retryLocks ? new LockWaitingDialect({ database }, file) : new SqliteDialect({ database }) });
  return Object.assign(kysely, { dialect: 'sqlite' as const, file });
}

/** How long a statement waits for another connection's write lock before it fails (SQLITE_BUSY). */
const LOCK_WAIT_MS = 5_000;
/** How often it tries again meanwhile, unless a writer of this process wakes it sooner (writeLockReleased). */
const LOCK_RETRY_MS = 1;

/**
 * Kysely's SQLite dialect, but a statement that finds the write lock taken by another connection
 * (the recorder thread committing a batch of decisions) is tried again once the lock is free, while
 * the thread goes on with other work. SQLite's own wait (busy_timeout) sleeps in the thread: on the
 * server's thread, a request that writes would hold up every other request while it waited.
 */
class LockWaitingDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly file: string | undefined,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    return new LockWaitingDriver(this.settings, this.file);
  }
}

class LockWaitingDriver extends SqliteDriver {
  private waiting: DatabaseConnection | undefined;

  constructor(
    settings: SqliteDialectConfig,
    private readonly file: string | undefined,
  ) {
    super(settings);
  }

  // SQLite's driver hands out its one connection each time (behind a mutex): it is wrapped once.
  // Transactions and savepoints run their statements through the connection handed out here.
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.waiting ??= {
      executeQuery: (query) => retryWhileLocked(this.file, () => connection.executeQuery(query)),
      streamQuery: (query, rows) => connection.streamQuery(query, rows),
    };
    return this.waiting;
  }
}

/**
 * Runs `attempt` again while it finds the lock taken, for up to LOCK_WAIT_MS: a statement that
 * failed with plain SQLITE_BUSY (it did nothing, so trying again is safe), or an outcome `locked`
 * says was kept from its work. After the deadline the last error is thrown, or the outcome returned.
 */
async function retryWhileLocked<T>(file: string | undefined, attempt: () => Promise<T>, locked: (outcome: T) => boolean = () => false): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const outcome = await attempt();
      if (!locked(outcome) || Date.now() >= deadline) return outcome;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
    }
    await lockReleasedOrRetry(file);
  }
}

/** Per SQLite file, the statements of this thread waiting to try again for its write lock. */
const lockWaiters = new Map<string, Set<() => void>>();

/** Resolves when a writer of this process lets go of `file`'s write lock, or after LOCK_RETRY_MS (the lock may be another process's). */
function lockReleasedOrRetry(file: string | undefined): Promise<void> {
  if (file === undefined) return sleep(LOCK_RETRY_MS);
  return new Promise((resolve) => {
    let waiters = lockWaiters.get(file);
    if (waiters === undefined) {
      waiters = new Set();
      lockWaiters.set(file, waiters);
    }
    const wake = () => {
      clearTimeout(timer);
      waiters.delete(wake);
      if (waiters.size === 0) lockWaiters.delete(file);
      resolve();
    };
    const timer = setTimeout(wake, LOCK_RETRY_MS);
    waiters.add(wake);
  });
}

/**
 * Said by a writer of this process that has just let go of `file`'s write lock (the recorder
 * thread, once it has committed a batch): the statements waiting for it try again at once instead
 * of at their next retry. Answers whether any was waiting.
 */
export function writeLockReleased(file: string): boolean {
  const waiters = lockWaiters.get(file);
  if (waiters === undefined) return false;
  for (const wake of [...waiters]) wake();
  return true;
}

/**
 * Copies the write-ahead log into the database file and empties it (erasure: a deleted secret must
 * not stay in the log). The copy needs a moment without a writer, so it is tried again until then.
 */
export async function truncateWriteAheadLog(db: Database): Promise<void> {
  await retryWhileLocked(
    db.file,
    () => sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(db),
    ({ rows }) => Number(rows[0]?.busy ?? 0) !== 0,
  );
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
/** Pages of write-ahead log (4 KiB each, 16,384 = 64 MiB) past which the log is made to start again (wal-restart.mjs). */
export const WAL_RESTART_FRAMES = 16_384;

/**
 * Moves WAL checkpoints off the server's thread. By default SQLite checkpoints inside the commit
 * that crosses 1,000 pages of log: that commit then copies the pages and waits for an fsync,
 * holding up every request behind it. Here a worker thread checkpoints on its own connection; if
 * it ever stops, the server's connection takes automatic checkpoints back.
 */
function startCheckpointer(sqlite: SqliteDatabase.Database, file: string, restart: WalRestart): () => Promise<void> {
  const worker = new Worker(new URL('./wal-checkpointer.mjs', import.meta.url), { workerData: { file, everyMs: CHECKPOINT_EVERY_MS, restart } });
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
