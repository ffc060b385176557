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
  /** Which endpoint decided: 'api' (POST /api/v1/decide), 'mcp' (POST /mcp) or 'chat' (the receptionist); playground decisions are not logged. */
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

/** One fixed rate-limit window of one key (route and client), shared by every instance. */
export type RateLimitCountersTable = {
  key: string;
  window_start: number;
  count: number;
};

/** A customer's decision API calls in the month starting at period_start (UTC, epoch ms). */
export type DecisionUsageTable = {
  customer_id: string;
  period_start: number;
  calls: number;
};

/** One row (id 1): a sentinel sealed with the database's data key (api-keys/data-key-check.ts). */
export type DataKeyCheckTable = {
  id: number;
  sealed: string;
  created_at: number;
};

/** Public signing keys, kept after rotation so old signatures stay verifiable. */
export type SigningKeysTable = {
  key_id: string;
  public_jwk: string;
  created_at: number;
  retired_at: number | null;
};

/** One signed decision; envelope and decision are nulled when the payload passes retention. */
export type ProofBundlesTable = {
  id: string;
  leaf_index: number;
  customer_id: string | null;
  verdict: string;
  digest: string;
  key_id: string;
  envelope: string | null;
  decision: string | null;
  created_at: number;
  payload_purged_at: number | null;
};

/** The Merkle leaves of the audit log, kept forever. */
export type AuditTrailTable = {
  leaf_index: number;
  bundle_id: string;
  leaf_hash: string;
  created_at: number;
};

/**
 * Hashes of the complete (perfect) subtrees of the audit log above its leaves (level 1 and up; a
 * leaf's hash is in audit_trail), keyed by their place in the tree's post-order (audit/subtree-position.ts).
 */
export type AuditSubtreesTable = {
  position: number;
  hash: string;
};

/** The log's one state row: its size and right edge (frontier), so an append is O(log n). */
export type AuditStateTable = {
  id: number;
  size: number;
  frontier: string;
  root: string;
  updated_at: number;
};

/** Signed checkpoints of the audit log (size, root, timestamp, key id, signature). */
export type AuditCheckpointsTable = {
  size: number;
  root: string;
  timestamp: string;
  key_id: string;
  signature: string;
  created_at: number;
};

/** Keyed-commitment keys per data subject; erasure deletes the row (crypto-shredding). */
export type SubjectKeysTable = {
  key_id: string;
  /** HMAC of the customer id and the caller's reference to the subject (commitment-keys.ts), never the reference. */
  subject_ref: string;
  /** The customer who named the subject (null for keys made before migration 0012). */
  customer_id: string | null;
  secret: string;
  created_at: number;
};

/** Keyed-commitment keys per customer and month, where no data subject is known. */
export type CustomerCommitmentKeysTable = {
  key_id: string;
  customer_id: string;
  period: string;
  secret: string;
  created_at: number;
};

/** A customer account; its id is the customerId of API keys and decisions. */
export type AccountsTable = {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  company_name: string;
  terms_version: string;
  terms_accepted_at: number;
  newsletter: number;
  /** trial | starter | growth | enterprise */
  plan: string;
  /** trialing | active | past_due | canceled */
  plan_status: string;
  billing_cycle: string | null;
  trial_ends_at: number;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** Time of the billing event that set the plan; older events are ignored (out-of-order webhooks). */
  plan_event_at: number;
  created_at: number;
  password_changed_at: number;
  /** 'customer' (the column's default) or 'operator' (sees the leads; `bytebound operators grant`); optional here so that existing inserts need not name it. */
  role?: string;
  /** The enterprise contract an operator set (`bytebound contracts set`, billing/plans.ts CONTRACTS), or null. */
  contract?: string | null;
  /** The last sign-in (each session started); API key use counts as activity too (account-retention.ts). */
  last_active_at?: number;
  /** When the owner was told the inactive account will be deleted, and the activity that notice counted from. */
  retention_notice_at?: number | null;
  retention_notice_activity?: number | null;
};

/** Sessions: the bearer token and the HttpOnly cookie's binder, both stored as SHA-256 hashes. */
export type SessionsTable = {
  token_hash: string;
  account_id: string;
  binder_hash: string;
  remember: number;
  created_at: number;
  expires_at: number;
  /** passwordMark of the account's password hash at sign-in (auth/passwords.ts). */
  password_mark: string;
};

export type PasswordResetsTable = {
  token_hash: string;
  account_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

/** Sign-in failures per account or IP key, with the time before which the next attempt is refused. */
export type AuthThrottleTable = {
  key: string;
  failures: number;
  blocked_until: number;
  updated_at: number;
};

export type CheckoutsTable = {
  id: string;
  account_id: string;
  plan: string;
  billing_cycle: string;
  /** stripe | test */
  provider: string;
  created_at: number;
  completed_at: number | null;
};

/** Billing events already applied (Stripe webhook event ids), so a replay has no effect. */
export type BillingEventsTable = {
  event_id: string;
  type: string;
  received_at: number;
};

/** The development outbox: messages kept when no SMTP server is configured. */
export type OutboxTable = {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
};

/** Single-use emailed links for data-rights requests of people without an account. */
export type GdprRequestsTable = {
  token_hash: string;
  email: string;
  action: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

/** A customer's decision webhook: blocked decisions are POSTed to url, signed with the (sealed) secret. */
export type DecisionWebhooksTable = {
  customer_id: string;
  url: string;
  secret_encrypted: string;
  /** Decisions created at or after this time (epoch ms) are still to be queued. */
  cursor_at: number;
  created_at: number;
};

/** One blocked decision to deliver to a webhook, retried with backoff. */
export type WebhookDeliveriesTable = {
  decision_id: string;
  customer_id: string;
  payload: string;
  attempts: number;
  next_attempt_at: number;
  delivered_at: number | null;
  failed_at: number | null;
  last_status: string | null;
  created_at: number;
};

/** Demo compiles per A/B variant and outcome (DESIGN section 8), for the operators. */
export type DemoVariantCompilesTable = { variant: string; outcome: string; compiles: number; updated_at: number };

/** A 30-minute demo booking; a confirmed slot_start is unique (partial unique index). */
export type BookingsTable = {
  id: string;
  slot_start: number;
  slot_end: number;
  /** confirmed | cancelled */
  status: string;
  /** The calendar SEQUENCE: 0 when booked, +1 on cancel. */
  sequence: number;
  name: string;
  email: string;
  company: string;
  interest: string;
  notes: string | null;
  /** The visitor's IANA time zone. */
  time_zone: string;
  /** site | chat | pilot */
  source: string;
  pilot_request_id: string | null;
  manage_token_hash: string;
  created_at: number;
  cancelled_at: number | null;
};

/** A request for the sales-led one-month enterprise pilot (a lead). */
export type PilotRequestsTable = {
  id: string;
  company: string;
  email: string;
  name: string;
  use_case: string;
  /** JSON array of regulation names. */
  regulations: string;
  created_at: number;
};

/** A message from the homepage contact form (a lead). */
export type ContactsTable = {
  id: string;
  name: string;
  email: string;
  company: string;
  interest: string;
  message: string | null;
  created_at: number;
};

/** Newsletter double opt-in: pending until the emailed link confirms it. */
export type NewsletterSubscribersTable = {
  id: string;
  email: string;
  /** pending | confirmed | unsubscribed */
  status: string;
  confirm_token_hash: string | null;
  created_at: number;
  updated_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
};

/** One unsubscribe link per newsletter message sent, stored hashed. */
export type NewsletterUnsubscribeTokensTable = {
  token_hash: string;
  subscriber_id: string;
  created_at: number;
};

/** The receptionist's own customer identity (DESIGN section 7): its customer id and key ids. */
export type CustomerConfigsTable = {
  id: string;
  customer_id: string;
  publishable_key_id: string;
  internal_key_id: string;
  created_at: number;
};

export type ConversationsTable = {
  id: string;
  token_hash: string;
  label: string;
  /** JSON: the conversation's state (offered slots, the lead field being asked for, notice given). */
  state: string;
  created_at: number;
  last_seen_at: number;
};

export type ConversationMessagesTable = {
  id: string;
  session_id: string;
  position: number;
  sender: string;
  /** Null when the decisions did not allow storing the text. */
  content: string | null;
  withheld_article: string | null;
  intent: string | null;
  created_at: number;
};

export type PersonalDataTable = {
  id: string;
  session_id: string;
  category: string;
  value: string;
  purpose: string;
  legal_basis: string;
  decision_id: string;
  created_at: number;
};

export type ReceptionistLeadsTable = {
  session_id: string;
  name: string | null;
  email: string | null;
  company: string | null;
  interest: string | null;
  booking_id: string | null;
  created_at: number;
  updated_at: number;
};

export type ReceptionistConsentsTable = {
  id: string;
  session_id: string;
  purpose: string;
  granted: number;
  wording: string;
  decision_id: string;
  created_at: number;
};

export type ReceptionistDecisionsTable = {
  id: string;
  seq: number;
  session_id: string | null;
  session_label: string | null;
  action: string;
  field: string;
  exit_code: number;
  article: string | null;
  latency_ns: number;
  bundle_id: string;
  protocol: string;
  created_at: number;
};

export type ReceptionistCheckpointsTable = {
  id: string;
  tree_size: number;
  root_hash: string;
  signature: string;
  key_id: string;
  timestamp: string;
  /** JSON array of the receptionist decision ids the checkpoint covers. */
  decision_ids: string;
  created_at: number;
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
  signing_keys: SigningKeysTable;
  proof_bundles: ProofBundlesTable;
  audit_trail: AuditTrailTable;
  audit_subtrees: AuditSubtreesTable;
  audit_state: AuditStateTable;
  audit_checkpoints: AuditCheckpointsTable;
  subject_keys: SubjectKeysTable;
  customer_commitment_keys: CustomerCommitmentKeysTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  auth_throttle: AuthThrottleTable;
  checkouts: CheckoutsTable;
  billing_events: BillingEventsTable;
  outbox: OutboxTable;
  gdpr_requests: GdprRequestsTable;
  decision_webhooks: DecisionWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  demo_variant_compiles: DemoVariantCompilesTable;
  bookings: BookingsTable;
  pilot_requests: PilotRequestsTable;
  contacts: ContactsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_unsubscribe_tokens: NewsletterUnsubscribeTokensTable;
  customer_configs: CustomerConfigsTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  personal_data: PersonalDataTable;
  receptionist_leads: ReceptionistLeadsTable;
  receptionist_consents: ReceptionistConsentsTable;
  receptionist_decisions: ReceptionistDecisionsTable;
  receptionist_checkpoints: ReceptionistCheckpointsTable;
  rate_limit_counters: RateLimitCountersTable;
  decision_usage: DecisionUsageTable;
  data_key_check: DataKeyCheckTable;
};
