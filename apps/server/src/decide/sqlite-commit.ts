// The recorder thread's commit on SQLite: the same rows as the database handle's commit
// (commitThrough in decision-writer.ts), as batchRows plans them (batch-rows.ts), written by
// statements prepared once on the thread's own connection, in one synchronous transaction that
// takes the write lock at its start. Through the
// query builder, building and compiling each batch's statements was half of the thread's time.
import type SqliteDatabase from '../db/sqlite-library.mjs';
import { type AppendResult, type LogState, STATE_ID } from '../audit/audit-log.ts';
import { BATCH_COLUMNS, BATCH_TABLES, type BatchTable, batchRows, ON_CONFLICT } from './batch-rows.ts';
import type { CommitBatch } from './decision-writer.ts';

/** An insert of one row into `table`, its values named after the columns. */
function insertInto(sqlite: SqliteDatabase.Database, table: BatchTable): SqliteDatabase.Statement {
  const columns = BATCH_COLUMNS[table];
  return sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')}) ${ON_CONFLICT[table] ?? ''}`);
}

export function commitOnSqlite(sqlite: SqliteDatabase.Database): CommitBatch {
  const readState = sqlite.prepare<[number], LogState>('select size, frontier from audit_state where id = ?');
  const writeState = sqlite.prepare(`update audit_state set size = @size, frontier = @frontier, root = @root, updated_at = @updated_at where id = ${STATE_ID}`);
  const inserts = new Map(BATCH_TABLES.map((table) => [table, insertInto(sqlite, table)]));

  const commit = sqlite.transaction((...[decisions, signer]: Parameters<CommitBatch>): AppendResult[] => {
    const state = readState.get(STATE_ID);
    if (!state) throw new Error('the audit log has no state row');
    const { rows, state: next, results } = batchRows(state, decisions, signer);
    for (const table of BATCH_TABLES) for (const row of rows[table]) inserts.get(table)!.run(row);
    writeState.run(next);
    return results;
  });
  // BEGIN IMMEDIATE: the write lock is taken before the state is read, as lockLog does.
  return async (decisions, signer) => commit.immediate(decisions, signer);
}
