// The recorder thread's commit on SQLite: the same rows as the database handle's commit
// (commitThrough in decision-writer.ts: the log's planned append, then the decisions' rows, the
// counters and the monthly usage), written by statements prepared once on the thread's own
// connection, in one synchronous transaction that takes the write lock at its start. Through the
// query builder, building and compiling each batch's statements was half of the thread's time.
import type SqliteDatabase from '../db/sqlite-library.mjs';
import { type AppendResult, checkpointRow, type LogState, planAppend, STATE_ID } from '../audit/audit-log.ts';
import { GLOBAL_COUNTERS_ID } from './decision-counters.ts';
import { type CommitBatch, decisionRows } from './decision-writer.ts';

/** An insert of one row into `table`, its values named after the columns. */
function insertInto(sqlite: SqliteDatabase.Database, table: string, columns: readonly string[], onConflict = ''): SqliteDatabase.Statement {
  return sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')}) ${onConflict}`);
}

export function commitOnSqlite(sqlite: SqliteDatabase.Database): CommitBatch {
  const readState = sqlite.prepare<[number], LogState>('select size, frontier from audit_state where id = ?');
  const writeState = sqlite.prepare(`update audit_state set size = @size, frontier = @frontier, root = @root, updated_at = @updated_at where id = ${STATE_ID}`);
  const bundle = insertInto(sqlite, 'proof_bundles', ['id', 'leaf_index', 'customer_id', 'verdict', 'digest', 'key_id', 'envelope', 'decision', 'created_at', 'payload_purged_at']);
  const leaf = insertInto(sqlite, 'audit_trail', ['leaf_index', 'bundle_id', 'leaf_hash', 'created_at']);
  const node = insertInto(sqlite, 'audit_nodes', ['level', 'idx', 'hash']);
  const checkpoint = insertInto(sqlite, 'audit_checkpoints', ['size', 'root', 'timestamp', 'key_id', 'signature', 'created_at'], 'on conflict (size) do nothing');
  const log = insertInto(sqlite, 'decision_logs', ['id', 'customer_id', 'api_key_id', 'source', 'decision', 'exit_code', 'article', 'latency_ns', 'digest', 'bundle_id', 'created_at']);
  const result = insertInto(sqlite, 'arbiter_results', [
    'decision_id',
    'position',
    'arbiter',
    'arbiter_version',
    'policy_digest',
    'outcome',
    'article',
    'reason',
    'latency_ns',
    'created_at',
  ]);
  const counters = insertInto(
    sqlite,
    'decision_counters',
    ['id', 'total', 'allowed', 'blocked', 'latency_ns_sum'],
    'on conflict (id) do update set total = total + excluded.total, allowed = allowed + excluded.allowed, blocked = blocked + excluded.blocked, latency_ns_sum = latency_ns_sum + excluded.latency_ns_sum',
  );
  const usage = insertInto(sqlite, 'decision_usage', ['customer_id', 'period_start', 'calls'], 'on conflict (customer_id, period_start) do update set calls = calls + excluded.calls');

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
