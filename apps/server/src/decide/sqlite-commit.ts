// The recorder thread's commit on SQLite: the same rows as the database handle's commit
// (commitThrough in decision-writer.ts: the log's planned append, then the decisions' rows, the
// counters and the monthly usage), written by statements prepared once on the thread's own
// connection, in one synchronous transaction that takes the write lock at its start. Through the
// query builder, building and compiling each batch's statements was half of the thread's time.
import type SqliteDatabase from '../db/sqlite-library.mjs';
import { type AppendResult, checkpointRow, type LogState, planAppend, STATE_ID } from '../audit/audit-log.ts';
import { BATCH_COLUMNS, ON_CONFLICT } from './batch-columns.ts';
import { GLOBAL_COUNTERS_ID } from './decision-counters.ts';
import { type CommitBatch, decisionRows } from './decision-writer.ts';

/** An insert of one row into `table`, its values named after the columns. */
function insertInto(sqlite: SqliteDatabase.Database, table: keyof typeof BATCH_COLUMNS, onConflict = ''): SqliteDatabase.Statement {
  const columns = BATCH_COLUMNS[table];
  return sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')}) ${onConflict}`);
}

export function commitOnSqlite(sqlite: SqliteDatabase.Database): CommitBatch {
  const readState = sqlite.prepare<[number], LogState>('select size, frontier from audit_state where id = ?');
  const writeState = sqlite.prepare(`update audit_state set size = @size, frontier = @frontier, root = @root, updated_at = @updated_at where id = ${STATE_ID}`);
  const bundle = insertInto(sqlite, 'proof_bundles');
  const leaf = insertInto(sqlite, 'audit_trail');
  const node = insertInto(sqlite, 'audit_nodes');
  const checkpoint = insertInto(sqlite, 'audit_checkpoints', ON_CONFLICT.audit_checkpoints);
  const log = insertInto(sqlite, 'decision_logs');
  const result = insertInto(sqlite, 'arbiter_results');
  const counters = insertInto(sqlite, 'decision_counters', ON_CONFLICT.decision_counters);
  const usage = insertInto(sqlite, 'decision_usage', ON_CONFLICT.decision_usage);

  const commit = sqlite.transaction((...[decisions, signer]: Parameters<CommitBatch>): AppendResult[] => {
    const now = Math.max(...decisions.map((d) => d.now));
    const state = readState.get(STATE_ID);
    if (!state) throw new Error('the audit log has no state row');
    const planned = planAppend(
      state,
      decisions.map((d) => ({ bundle: d.bundle, customerId: d.customerId })),
      { signer, now },
    );
    for (const row of planned.bundles) bundle.run(row);
    for (const row of planned.trail) leaf.run(row);
    for (const row of planned.nodes) node.run(row);
    writeState.run(planned.state);
    for (const c of planned.checkpoints) checkpoint.run(checkpointRow(c, now));
    const rows = decisionRows(decisions, planned.results);
    for (const row of rows.logs) log.run(row);
    for (const row of rows.results) result.run(row);
    const { total, allowed, latencyNs } = rows.counted;
    counters.run({ id: GLOBAL_COUNTERS_ID, total, allowed, blocked: total - allowed, latency_ns_sum: latencyNs });
    for (const row of rows.usage) usage.run(row);
    return planned.results;
  });
  // BEGIN IMMEDIATE: the write lock is taken before the state is read, as lockLog does.
  return async (decisions, signer) => commit.immediate(decisions, signer);
}
