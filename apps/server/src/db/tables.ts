// Row types of every table, as Kysely sees them. Times are epoch milliseconds; booleans are 0/1.
import type { Generated } from 'kysely';

export type ClientLogsTable = {
  id: Generated<number>;
  level: number;
  message: string;
  url: string | null;
  user_agent: string | null;
  logged_at: number;
  received_at: number;
};

/** API keys (DESIGN section 5): bearer use checks secret_hash; HMAC signatures need the secret, kept AES-256-GCM encrypted. */
export type ApiKeysTable = {
  id: string;
  customer_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  secret_encrypted: string;
  /** Space-separated scopes. */
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
};

/** HMAC signatures seen inside their window, so that a replay is refused by every instance. */
export type ApiKeySignaturesTable = {
  signature: string;
  expires_at: number;
};

/** A customer's named policy; its versions are kept. */
export type ArbitersTable = {
  id: string;
  customer_id: string;
  name: string;
  latest_version: number;
  created_at: number;
  updated_at: number;
};

export type ArbiterVersionsTable = {
  arbiter_id: string;
  version: number;
  /** The policy as bytebound (.bb) text. */
  source: string;
  digest: string;
  rule_count: number;
  created_at: number;
};

/** One row per decision of the API: ids, verdict, article, latency, digest. No personal data. */
export type DecisionLogsTable = {
  id: string;
  customer_id: string;
  api_key_id: string | null;
  /** What decided: 'api' (POST /api/v1/decide) or 'validate-syntax'. */
  source: string;
  decision: string;
  exit_code: number;
  article: string | null;
  latency_ns: number;
  digest: string;
  bundle_id: string | null;
  created_at: number;
};

/** Each consulted arbiter's outcome for a decision: ALLOW, DENY or TIMEOUT. */
export type ArbiterResultsTable = {
  decision_id: string;
  position: number;
  arbiter: string;
  arbiter_version: number | null;
  policy_digest: string | null;
  outcome: string;
  article: string | null;
  reason: string | null;
  latency_ns: number;
  created_at: number;
};

/** Running totals behind the public metrics, so reading them is O(1). */
export type DecisionCountersTable = {
  id: string;
  total: number;
  allowed: number;
  blocked: number;
  latency_ns_sum: number;
};

export type Tables = {
  client_logs: ClientLogsTable;
  api_keys: ApiKeysTable;
  api_key_signatures: ApiKeySignaturesTable;
  arbiters: ArbitersTable;
  arbiter_versions: ArbiterVersionsTable;
  decision_logs: DecisionLogsTable;
  arbiter_results: ArbiterResultsTable;
  decision_counters: DecisionCountersTable;
};
