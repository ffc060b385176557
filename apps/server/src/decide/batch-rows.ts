// What a batch of decisions writes, table by table, for the two commits written by hand
// (sqlite-commit.ts, postgres-commit.ts): the columns each names, what a row already there becomes,
// and the rows themselves, planned once the log is held and its state read. Their test holds both
// commits to the rows the query builder writes (commitThrough in decision-writer.ts).
import type { Signer } from '@bytebound/engine/signing-keys';
import { type AppendResult, checkpointRow, type LogState, type PlannedAppend, planAppend } from '../audit/audit-log.ts';
import type { Tables } from '../db/tables.ts';
import { GLOBAL_COUNTERS_ID } from './decision-counters.ts';
import { decisionRows, type PendingDecision } from './decision-writer.ts';

export const BATCH_COLUMNS = {
  proof_bundles: ['id', 'leaf_index', 'customer_id', 'verdict', 'digest', 'key_id', 'envelope', 'decision', 'created_at', 'payload_purged_at'],
  audit_trail: ['leaf_index', 'bundle_id', 'leaf_hash', 'created_at'],
  audit_subtrees: ['position', 'hash'],
  audit_checkpoints: ['size', 'root', 'timestamp', 'key_id', 'signature', 'created_at'],
  decision_logs: ['id', 'customer_id', 'api_key_id', 'source', 'decision', 'exit_code', 'article', 'latency_ns', 'digest', 'bundle_id', 'created_at'],
  arbiter_results: ['decision_id', 'position', 'arbiter', 'arbiter_version', 'policy_digest', 'outcome', 'article', 'reason', 'latency_ns', 'created_at'],
  decision_counters: ['id', 'total', 'allowed', 'blocked', 'latency_ns_sum'],
  decision_usage: ['customer_id', 'period_start', 'calls'],
} as const satisfies { [T in keyof Tables]?: readonly (keyof Tables[T] & string)[] };

export type BatchTable = keyof typeof BATCH_COLUMNS;

/** The tables a batch writes rows to, in one order. */
export const BATCH_TABLES = Object.keys(BATCH_COLUMNS) as BatchTable[];

/** A row already there: a checkpoint is signed once, counters and usage add up. */
export const ON_CONFLICT: Partial<Record<BatchTable, string>> = {
  audit_checkpoints: 'on conflict (size) do nothing',
  decision_counters:
    'on conflict (id) do update set total = decision_counters.total + excluded.total, allowed = decision_counters.allowed + excluded.allowed, ' +
    'blocked = decision_counters.blocked + excluded.blocked, latency_ns_sum = decision_counters.latency_ns_sum + excluded.latency_ns_sum',
  decision_usage: 'on conflict (customer_id, period_start) do update set calls = decision_usage.calls + excluded.calls',
};

/** A batch's rows, table by table (each an object keyed by BATCH_COLUMNS), the log's new state, and each decision's place in the log. */
export type BatchRows = { rows: Record<BatchTable, readonly object[]>; state: PlannedAppend['state']; results: AppendResult[] };

/** Plans what the batch writes on top of the log's `state` (read while holding the log). */
export function batchRows(state: LogState, decisions: readonly PendingDecision[], signer: Signer): BatchRows {
  const now = Math.max(...decisions.map((d) => d.now));
  const planned = planAppend(
    state,
    decisions.map((d) => ({ bundle: d.bundle, customerId: d.customerId })),
    { signer, now },
  );
  const { logs, results, counted, usage } = decisionRows(decisions, planned.results);
  const { total, allowed, latencyNs } = counted;
  return {
    rows: {
      proof_bundles: planned.bundles,
      audit_trail: planned.trail,
      audit_subtrees: planned.subtrees,
      audit_checkpoints: planned.checkpoints.map((c) => checkpointRow(c, now)),
      decision_logs: logs,
      arbiter_results: results,
      decision_counters: [{ id: GLOBAL_COUNTERS_ID, total, allowed, blocked: total - allowed, latency_ns_sum: latencyNs }],
      decision_usage: usage,
    },
    state: planned.state,
    results: planned.results,
  };
}
