// The decision writer's commit on PostgreSQL: the same rows as the query builder's commit
// (commitThrough in decision-writer.ts), in three round trips to the server whatever the batch's
// size: BEGIN, the log's lock and its state read as one simple query; then one statement that
// inserts every table's rows (each table's rows passed as one JSON array) and writes the new state;
// then COMMIT. Through the query builder a batch took twelve round trips, ten of them holding the
// log's lock, and those round trips, not the database's work, limited how many decisions a second
// one instance, or several sharing the log, could commit.
import type pg from 'pg';
import { AUDIT_APPEND_LOCK, checkpointRow, type LogState, planAppend, STATE_ID } from '../audit/audit-log.ts';
import { BATCH_COLUMNS, ON_CONFLICT } from './batch-columns.ts';
import { GLOBAL_COUNTERS_ID } from './decision-counters.ts';
import { type CommitBatch, decisionRows } from './decision-writer.ts';

type Table = keyof typeof BATCH_COLUMNS;

/** The tables whose rows come as a JSON array, in the order of the statement's parameters. */
const ROW_TABLES = ['proof_bundles', 'audit_trail', 'audit_nodes', 'audit_checkpoints', 'decision_logs', 'arbiter_results', 'decision_usage'] as const satisfies Table[];

/** Inserts the rows of parameter `$n` (a JSON array of objects keyed by column) into `table`. */
function insertRows(table: Table, n: number): string {
  const columns = BATCH_COLUMNS[table].join(', ');
  const onConflict = (ON_CONFLICT as Partial<Record<Table, string>>)[table] ?? '';
  return `insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, $${n}::json) ${onConflict}`;
}

const counterColumns = BATCH_COLUMNS.decision_counters;
const firstStateParameter = ROW_TABLES.length + counterColumns.length + 1;

/** The batch's one statement: every table's inserts as data-modifying CTEs, then the log's new state. */
const WRITE_BATCH = [
  `with ${ROW_TABLES.map((table, i) => `${table}_rows as (${insertRows(table, i + 1)})`).join(',\n')},`,
  `decision_counters_row as (insert into decision_counters (${counterColumns.join(', ')}) values (${counterColumns.map((_, i) => `$${ROW_TABLES.length + i + 1}`).join(', ')}) ${ON_CONFLICT.decision_counters})`,
  `update audit_state set size = $${firstStateParameter}, frontier = $${firstStateParameter + 1}, root = $${firstStateParameter + 2}, updated_at = $${firstStateParameter + 3} where id = ${STATE_ID}`,
].join('\n');

/** A simple query (no parameters), so that its three statements go in one round trip; the transaction stays open after it. */
const BEGIN_AND_LOCK = `begin; select pg_advisory_xact_lock(${AUDIT_APPEND_LOCK}); select size, frontier from audit_state where id = ${STATE_ID}`;

export function commitOnPostgres(pool: pg.Pool): CommitBatch {
  return async (decisions, signer) => {
    const client = await pool.connect();
    let broken = false;
    try {
      const [, , read] = (await client.query(BEGIN_AND_LOCK)) as unknown as pg.QueryResult<LogState>[];
      const state = read?.rows[0];
      if (!state) throw new Error('the audit log has no state row');
      const now = Math.max(...decisions.map((d) => d.now));
      const planned = planAppend(
        state,
        decisions.map((d) => ({ bundle: d.bundle, customerId: d.customerId })),
        { signer, now },
      );
      const rows = decisionRows(decisions, planned.results);
      const { total, allowed, latencyNs } = rows.counted;
      const counters = { id: GLOBAL_COUNTERS_ID, total, allowed, blocked: total - allowed, latency_ns_sum: latencyNs };
      const tableRows: Record<(typeof ROW_TABLES)[number], readonly object[]> = {
        proof_bundles: planned.bundles,
        audit_trail: planned.trail,
        audit_nodes: planned.nodes,
        audit_checkpoints: planned.checkpoints.map((c) => checkpointRow(c, now)),
        decision_logs: rows.logs,
        arbiter_results: rows.results,
        decision_usage: rows.usage,
      };
      await client.query({
        // Named: parsed and planned once per connection.
        name: 'bytebound-write-batch',
        text: WRITE_BATCH,
        values: [
          ...ROW_TABLES.map((table) => JSON.stringify(tableRows[table])),
          ...counterColumns.map((column) => counters[column]),
          planned.state.size,
          planned.state.frontier,
          planned.state.root,
          planned.state.updated_at,
        ],
      });
      await client.query('commit');
      return planned.results;
    } catch (error) {
      // A connection that cannot roll back is not given back to the pool.
      await client.query('rollback').catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
