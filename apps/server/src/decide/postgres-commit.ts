// The decision writer's commit on PostgreSQL: the same rows as the query builder's commit
// (commitThrough in decision-writer.ts), in three round trips to the server whatever the batch's
// size: BEGIN, the log's lock and its state read as one simple query; then one statement that
// inserts every table's rows (each table's rows passed as one JSON array) and writes the new state;
// then COMMIT. Through the query builder a batch took twelve round trips, ten of them holding the
// log's lock, and those round trips, not the database's work, limited how many decisions a second
// one instance, or several sharing the log, could commit.
import type pg from 'pg';
import { AUDIT_APPEND_LOCK, type LogState, STATE_ID } from '../audit/audit-log.ts';
import { BATCH_COLUMNS, BATCH_TABLES, type BatchTable, batchRows, ON_CONFLICT } from './batch-rows.ts';
import type { CommitBatch } from './decision-writer.ts';

/** Inserts the rows of parameter `$n` (a JSON array of objects keyed by column) into `table`. */
function insertRows(table: BatchTable, n: number): string {
  const columns = BATCH_COLUMNS[table].join(', ');
  return `insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, $${n}::json) ${ON_CONFLICT[table] ?? ''}`;
}

const firstStateParameter = BATCH_TABLES.length + 1;

/** The batch's one statement: every table's inserts as data-modifying CTEs, then the log's new state. */
const WRITE_BATCH = [
  `with ${BATCH_TABLES.map((table, i) => `${table}_rows as (${insertRows(table, i + 1)})`).join(',\n')}`,
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
      const { rows, state: next, results } = batchRows(state, decisions, signer);
      await client.query({
        // Named: parsed and planned once per connection.
        name: 'bytebound-write-batch',
        text: WRITE_BATCH,
        values: [...BATCH_TABLES.map((table) => JSON.stringify(rows[table])), next.size, next.frontier, next.root, next.updated_at],
      });
      await client.query('commit');
      return results;
    } catch (error) {
      // A connection that cannot roll back is not given back to the pool.
      await client.query('rollback').catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
