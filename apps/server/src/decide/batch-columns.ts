// What a batch of decisions writes, table by table: the columns each commit names (sqlite-commit.ts,
// postgres-commit.ts) and what a row already there becomes. Their test holds both commits to the
// rows the query builder writes (commitThrough in decision-writer.ts).
import type { Tables } from '../db/tables.ts';

export const BATCH_COLUMNS = {
  proof_bundles: ['id', 'leaf_index', 'customer_id', 'verdict', 'digest', 'key_id', 'envelope', 'decision', 'created_at', 'payload_purged_at'],
  audit_trail: ['leaf_index', 'bundle_id', 'leaf_hash', 'created_at'],
  audit_nodes: ['level', 'idx', 'hash'],
  audit_checkpoints: ['size', 'root', 'timestamp', 'key_id', 'signature', 'created_at'],
  decision_logs: ['id', 'customer_id', 'api_key_id', 'source', 'decision', 'exit_code', 'article', 'latency_ns', 'digest', 'bundle_id', 'created_at'],
  arbiter_results: ['decision_id', 'position', 'arbiter', 'arbiter_version', 'policy_digest', 'outcome', 'article', 'reason', 'latency_ns', 'created_at'],
  decision_counters: ['id', 'total', 'allowed', 'blocked', 'latency_ns_sum'],
  decision_usage: ['customer_id', 'period_start', 'calls'],
} as const satisfies { [T in keyof Tables]?: readonly (keyof Tables[T] & string)[] };

/** A row already there: a checkpoint is signed once, counters and usage add up. */
export const ON_CONFLICT = {
  audit_checkpoints: 'on conflict (size) do nothing',
  decision_counters:
    'on conflict (id) do update set total = decision_counters.total + excluded.total, allowed = decision_counters.allowed + excluded.allowed, ' +
    'blocked = decision_counters.blocked + excluded.blocked, latency_ns_sum = decision_counters.latency_ns_sum + excluded.latency_ns_sum',
  decision_usage: 'on conflict (customer_id, period_start) do update set calls = decision_usage.calls + excluded.calls',
} as const;
