// One migration set for SQLite and PostgreSQL. Column types are the ones both accept alike:
// text, integer, bigint (epoch ms), and integer 0/1 for booleans.
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { subtreePosition } from '../audit/subtree-position.ts';
import { passwordMark } from '../auth/password-mark.ts';
import { hashToken } from '../auth/tokens.ts';
import { canonicalEmail } from '../email/email-address.ts';
import type { Database } from './database.ts';

/** Subtree rows migration 0017 copies a statement (well under either database's limit on bound values). */
const SUBTREES_COPIED_AT_ONCE = 200;

/** Starts a table whose first column is an auto-incrementing integer key, in either dialect. */
function createTableWithId(k: Kysely<unknown>, db: Database, name: string) {
  return db.dialect === 'postgres'
    ? k.schema.createTable(name).addColumn('id', 'bigserial', (c) => c.primaryKey())
    : k.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function migrations(db: Database): Record<string, Migration> {
  return {
    '0001-client-logs': {
      async up(k: Kysely<unknown>) {
        await createTableWithId(k, db, 'client_logs')
          .addColumn('level', 'integer', (c) => c.notNull())
          .addColumn('message', 'text', (c) => c.notNull())
          .addColumn('url', 'text')
          .addColumn('user_agent', 'text')
          .addColumn('logged_at', 'bigint', (c) => c.notNull())
          .addColumn('received_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('client_logs_received_at').on('client_logs').column('received_at').execute();
      },
    },
    '0002-api-keys-arbiters-decisions': {
      async up(k: Kysely<unknown>) {
        await k.schema
          .createTable('api_keys')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('customer_id', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('prefix', 'text', (c) => c.notNull())
          .addColumn('secret_hash', 'text', (c) => c.notNull())
          .addColumn('secret_encrypted', 'text', (c) => c.notNull())
          .addColumn('scopes', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_used_at', 'bigint')
          .addColumn('revoked_at', 'bigint')
          .execute();
        await k.schema.createIndex('api_keys_customer').on('api_keys').column('customer_id').execute();
        await k.schema
          .createTable('api_key_signatures')
          .addColumn('signature', 'text', (c) => c.primaryKey())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('api_key_signatures_expires').on('api_key_signatures').column('expires_at').execute();
        await k.schema
          .createTable('arbiters')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('customer_id', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('latest_version', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('arbiters_customer_name', ['customer_id', 'name'])
          .execute();
        await k.schema
          .createTable('arbiter_versions')
          .addColumn('arbiter_id', 'text', (c) => c.notNull().references('arbiters.id').onDelete('cascade'))
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('digest', 'text', (c) => c.notNull())
          .addColumn('rule_count', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('arbiter_versions_pk', ['arbiter_id', 'version'])
          .execute();
        await k.schema
          .createTable('decision_logs')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('customer_id', 'text', (c) => c.notNull())
          .addColumn('api_key_id', 'text')
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('decision', 'text', (c) => c.notNull())
          .addColumn('exit_code', 'integer', (c) => c.notNull())
          .addColumn('article', 'text')
          .addColumn('latency_ns', 'bigint', (c) => c.notNull())
          .addColumn('digest', 'text', (c) => c.notNull())
          .addColumn('bundle_id', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('decision_logs_customer_created').on('decision_logs').columns(['customer_id', 'created_at']).execute();
        await k.schema
          .createTable('arbiter_results')
          .addColumn('decision_id', 'text', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('arbiter', 'text', (c) => c.notNull())
          .addColumn('arbiter_version', 'integer')
          .addColumn('policy_digest', 'text')
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('article', 'text')
          .addColumn('reason', 'text')
          .addColumn('latency_ns', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('arbiter_results_pk', ['decision_id', 'position'])
          .execute();
        await k.schema
          .createTable('decision_counters')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('total', 'bigint', (c) => c.notNull())
          .addColumn('allowed', 'bigint', (c) => c.notNull())
          .addColumn('blocked', 'bigint', (c) => c.notNull())
          .addColumn('latency_ns_sum', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    '0003-proofs-audit-keys': {
      async up(k: Kysely<unknown>) {
        await k.schema
          .createTable('signing_keys')
          .addColumn('key_id', 'text', (c) => c.primaryKey())
          .addColumn('public_jwk', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('retired_at', 'bigint')
          .execute();
        await k.schema
          .createTable('proof_bundles')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('leaf_index', 'bigint', (c) => c.notNull().unique())
          .addColumn('customer_id', 'text')
          .addColumn('verdict', 'text', (c) => c.notNull())
          .addColumn('digest', 'text', (c) => c.notNull())
          .addColumn('key_id', 'text', (c) => c.notNull())
          .addColumn('envelope', 'text')
          .addColumn('decision', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('payload_purged_at', 'bigint')
          .execute();
        await k.schema.createIndex('proof_bundles_created').on('proof_bundles').column('created_at').execute();
        await k.schema
          .createTable('audit_trail')
          .addColumn('leaf_index', 'bigint', (c) => c.primaryKey())
          .addColumn('bundle_id', 'text', (c) => c.notNull())
          .addColumn('leaf_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema
          .createTable('audit_nodes')
          .addColumn('level', 'integer', (c) => c.notNull())
          .addColumn('idx', 'bigint', (c) => c.notNull())
          .addColumn('hash', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('audit_nodes_pk', ['level', 'idx'])
          .execute();
        await k.schema
          .createTable('audit_state')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('size', 'bigint', (c) => c.notNull())
          .addColumn('frontier', 'text', (c) => c.notNull())
          .addColumn('root', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await k
          .insertInto('audit_state' as never)
          .values({ id: 1, size: 0, frontier: '[]', root: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', updated_at: 0 } as never)
          .execute();
        await k.schema
          .createTable('audit_checkpoints')
          .addColumn('size', 'bigint', (c) => c.primaryKey())
          .addColumn('root', 'text', (c) => c.notNull())
          .addColumn('timestamp', 'text', (c) => c.notNull())
          .addColumn('key_id', 'text', (c) => c.notNull())
          .addColumn('signature', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema
          .createTable('subject_keys')
          .addColumn('key_id', 'text', (c) => c.primaryKey())
          .addColumn('subject_ref', 'text', (c) => c.notNull().unique())
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema
          .createTable('customer_commitment_keys')
          .addColumn('key_id', 'text', (c) => c.primaryKey())
          .addColumn('customer_id', 'text', (c) => c.notNull())
          .addColumn('period', 'text', (c) => c.notNull())
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('customer_commitment_keys_period', ['customer_id', 'period'])
          .execute();
      },
    },
    '0004-accounts': {
      async up(k: Kysely<unknown>) {
        await k.schema
          .createTable('accounts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('company_name', 'text', (c) => c.notNull())
          .addColumn('terms_version', 'text', (c) => c.notNull())
          .addColumn('terms_accepted_at', 'bigint', (c) => c.notNull())
          .addColumn('newsletter', 'integer', (c) => c.notNull())
          .addColumn('plan', 'text', (c) => c.notNull())
          .addColumn('plan_status', 'text', (c) => c.notNull())
          .addColumn('billing_cycle', 'text')
          .addColumn('trial_ends_at', 'bigint', (c) => c.notNull())
          .addColumn('stripe_customer_id', 'text')
          .addColumn('stripe_subscription_id', 'text')
          .addColumn('plan_event_at', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema
          .createTable('sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
          .addColumn('binder_hash', 'text', (c) => c.notNull())
          .addColumn('remember', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();
        await k.schema
          .createTable('password_resets')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('used_at', 'bigint')
          .execute();
        await k.schema.createIndex('password_resets_account').on('password_resets').columns(['account_id', 'created_at']).execute();
        await k.schema
          .createTable('auth_throttle')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('blocked_until', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema
          .createTable('checkouts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
          .addColumn('plan', 'text', (c) => c.notNull())
          .addColumn('billing_cycle', 'text', (c) => c.notNull())
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('completed_at', 'bigint')
          .execute();
        await k.schema
          .createTable('billing_events')
          .addColumn('event_id', 'text', (c) => c.primaryKey())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('received_at', 'bigint', (c) => c.notNull())
          .execute();
        await createTableWithId(k, db, 'outbox')
          .addColumn('recipient', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('text_body', 'text', (c) => c.notNull())
          .addColumn('html_body', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema
          .createTable('gdpr_requests')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('used_at', 'bigint')
          .execute();
      },
    },
    '0005-decision-webhooks': {
      async up(k: Kysely<unknown>) {
        await k.schema
          .createTable('decision_webhooks')
          .addColumn('customer_id', 'text', (c) => c.primaryKey())
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('secret_encrypted', 'text', (c) => c.notNull())
          .addColumn('cursor_at', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema
          .createTable('webhook_deliveries')
          .addColumn('decision_id', 'text', (c) => c.primaryKey())
          .addColumn('customer_id', 'text', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull())
          .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
          .addColumn('delivered_at', 'bigint')
          .addColumn('failed_at', 'bigint')
          .addColumn('last_status', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['delivered_at', 'failed_at', 'next_attempt_at']).execute();
      },
    },
    '0006-demo-variant-compiles': {
      async up(k: Kysely<unknown>) {
        // Earlier builds created this table at start-up; keep their counts.
        await k.schema
          .createTable('demo_variant_compiles')
          .ifNotExists()
          .addColumn('variant', 'text', (c) => c.notNull())
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('compiles', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('demo_variant_compiles_pk', ['variant', 'outcome'])
          .execute();
      },
    },
    '0007-booking-leads': {
      async up(k: Kysely<unknown>) {
        await k.schema.alterTable('accounts').addColumn('role', 'text', (c) => c.notNull().defaultTo('customer')).execute();
        await k.schema
          .createTable('pilot_requests')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('company', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('use_case', 'text', (c) => c.notNull())
          .addColumn('regulations', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('pilot_requests_email').on('pilot_requests').column('email').execute();
        await k.schema
          .createTable('bookings')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('slot_start', 'bigint', (c) => c.notNull())
          .addColumn('slot_end', 'bigint', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('sequence', 'integer', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('company', 'text', (c) => c.notNull())
          .addColumn('interest', 'text', (c) => c.notNull())
          .addColumn('notes', 'text')
          .addColumn('time_zone', 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('pilot_request_id', 'text', (c) => c.references('pilot_requests.id').onDelete('set null'))
          .addColumn('manage_token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('cancelled_at', 'bigint')
          .execute();
        // A slot is booked once: the database refuses a second confirmed booking of the same start.
        await sql`create unique index bookings_confirmed_slot on bookings (slot_start) where status = 'confirmed'`.execute(k);
        await k.schema.createIndex('bookings_email').on('bookings').column('email').execute();
        await k.schema
          .createTable('contacts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('company', 'text', (c) => c.notNull())
          .addColumn('interest', 'text', (c) => c.notNull())
          .addColumn('message', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('contacts_email').on('contacts').column('email').execute();
        await k.schema
          .createTable('newsletter_subscribers')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('confirm_token_hash', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('confirmed_at', 'bigint')
          .addColumn('unsubscribed_at', 'bigint')
          .execute();
        await k.schema
          .createTable('newsletter_unsubscribe_tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('subscriber_id', 'text', (c) => c.notNull().references('newsletter_subscribers.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('newsletter_unsubscribe_tokens_subscriber').on('newsletter_unsubscribe_tokens').column('subscriber_id').execute();
      },
    },
    '0008-receptionist': {
      async up(k: Kysely<unknown>) {
        // The receptionist's own customer identity: the ids of its publishable and internal keys
        // (the secrets live sealed in api_keys like every key's).
        await k.schema
          .createTable('receptionist_identity')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('customer_id', 'text', (c) => c.notNull())
          .addColumn('publishable_key_id', 'text', (c) => c.notNull())
          .addColumn('internal_key_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        // A visitor session: found by the hash of its HttpOnly cookie only; `label` is the public sessionId.
        await k.schema
          .createTable('receptionist_sessions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('label', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('receptionist_sessions_last_seen').on('receptionist_sessions').column('last_seen_at').execute();
        await k.schema
          .createTable('receptionist_messages')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('session_id', 'text', (c) => c.notNull().references('receptionist_sessions.id').onDelete('cascade'))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('sender', 'text', (c) => c.notNull())
          .addColumn('content', 'text')
          .addColumn('withheld_article', 'text')
          .addColumn('intent', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('receptionist_messages_session').on('receptionist_messages').columns(['session_id', 'position']).execute();
        await k.schema.createIndex('receptionist_messages_created').on('receptionist_messages').column('created_at').execute();
        await k.schema
          .createTable('receptionist_personal_data')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('session_id', 'text', (c) => c.notNull().references('receptionist_sessions.id').onDelete('cascade'))
          .addColumn('category', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('legal_basis', 'text', (c) => c.notNull())
          .addColumn('decision_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('receptionist_personal_data_session').on('receptionist_personal_data').column('session_id').execute();
        await k.schema
          .createTable('receptionist_leads')
          .addColumn('session_id', 'text', (c) => c.primaryKey().references('receptionist_sessions.id').onDelete('cascade'))
          .addColumn('name', 'text')
          .addColumn('email', 'text')
          .addColumn('company', 'text')
          .addColumn('interest', 'text')
          .addColumn('booking_id', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('receptionist_leads_email').on('receptionist_leads').column('email').execute();
        await k.schema
          .createTable('receptionist_consents')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('session_id', 'text', (c) => c.notNull().references('receptionist_sessions.id').onDelete('cascade'))
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('granted', 'integer', (c) => c.notNull())
          .addColumn('wording', 'text', (c) => c.notNull())
          .addColumn('decision_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('receptionist_consents_session').on('receptionist_consents').columns(['session_id', 'created_at']).execute();
        // The receptionist's decisions for the stream: no personal data; the session link is cut on erasure.
        await k.schema
          .createTable('receptionist_decisions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('seq', 'bigint', (c) => c.notNull().unique())
          .addColumn('session_id', 'text', (c) => c.references('receptionist_sessions.id').onDelete('set null'))
          .addColumn('session_label', 'text')
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('field', 'text', (c) => c.notNull())
          .addColumn('exit_code', 'integer', (c) => c.notNull())
          .addColumn('article', 'text')
          .addColumn('latency_ns', 'bigint', (c) => c.notNull())
          .addColumn('bundle_id', 'text', (c) => c.notNull())
          .addColumn('protocol', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('receptionist_decisions_session').on('receptionist_decisions').column('session_id').execute();
        // The stream's proof bundle list: a signed audit checkpoint over each 10 receptionist decisions.
        await k.schema
          .createTable('receptionist_checkpoints')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('tree_size', 'bigint', (c) => c.notNull())
          .addColumn('root_hash', 'text', (c) => c.notNull())
          .addColumn('signature', 'text', (c) => c.notNull())
          .addColumn('key_id', 'text', (c) => c.notNull())
          .addColumn('timestamp', 'text', (c) => c.notNull())
          .addColumn('decision_ids', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await k.schema.createIndex('receptionist_checkpoints_created').on('receptionist_checkpoints').column('created_at').execute();
      },
    },
    '0009-rate-limit-counters': {
      async up(k: Kysely<unknown>) {
        // Rate-limit windows shared by every instance over one database: one row per key and
        // fixed window, incremented by an atomic upsert.
        await k.schema
          .createTable('rate_limit_counters')
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('window_start', 'bigint', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('rate_limit_counters_pk', ['key', 'window_start'])
          .execute();
        await k.schema.createIndex('rate_limit_counters_window').on('rate_limit_counters').column('window_start').execute();
        // The decision API's monthly use per customer, updated with each recorded decision, so the
        // quota check reads one row instead of counting the decision log. Filled from the log for
        // the current month so that a running month keeps its count.
        await k.schema
          .createTable('decision_usage')
          .addColumn('customer_id', 'text', (c) => c.notNull())
          .addColumn('period_start', 'bigint', (c) => c.notNull())
          .addColumn('calls', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('decision_usage_pk', ['customer_id', 'period_start'])
          .execute();
        const now = new Date();
        const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
        await sql`insert into decision_usage (customer_id, period_start, calls)
          select customer_id, cast(${monthStart} as bigint), count(*) from decision_logs
          where source = 'api' and created_at >= ${monthStart} group by customer_id`.execute(k);
      },
    },
    '0010-receptionist-counters': {
      async up(k: Kysely<unknown>) {
        // The receptionist's running counters (its live stream's figures) as a row of
        // decision_counters, so that each decision adds to one row instead of the stream counting
        // every decision so far; filled from the decisions already made.
        await sql`insert into decision_counters (id, total, allowed, blocked, latency_ns_sum)
          select 'receptionist', count(*), coalesce(sum(case when exit_code = 0 then 1 else 0 end), 0),
            coalesce(sum(case when exit_code = 0 then 0 else 1 end), 0), coalesce(sum(latency_ns), 0)
          from receptionist_decisions`.execute(k);
      },
    },
    '0011-spec-collection-names': {
      async up(k: Kysely<unknown>) {
        // The receptionist's tables take the names of the spec's collections (DESIGN section 6);
        // foreign keys follow the renamed tables in both dialects.
        await k.schema.alterTable('receptionist_identity').renameTo('customer_configs').execute();
        await k.schema.alterTable('receptionist_sessions').renameTo('conversations').execute();
        await k.schema.alterTable('receptionist_messages').renameTo('conversation_messages').execute();
        await k.schema.alterTable('receptionist_personal_data').renameTo('personal_data').execute();
      },
    },
    '0012-subject-keys-customer': {
      async up(k: Kysely<unknown>) {
        // A data subject's key belongs to the customer who named the subject: deleting the
        // customer's account deletes its subjects' keys.
        await k.schema.alterTable('subject_keys').addColumn('customer_id', 'text').execute();
        await k.schema.createIndex('subject_keys_customer').on('subject_keys').column('customer_id').execute();
      },
    },
    '0013-account-contracts': {
      async up(k: Kysely<unknown>) {
        // The enterprise tier an operator sets after a sales contract, standing over the self-serve plan.
        await k.schema.alterTable('accounts').addColumn('contract', 'text').execute();
      },
    },
    '0014-account-activity': {
      async up(k: Kysely<unknown>) {
        // Accounts are kept while used (DESIGN section 8: configurable retention): the last sign-in,
        // and the notice an inactive account gets before its deletion.
        await k.schema.alterTable('accounts').addColumn('last_active_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
        await sql`update accounts set last_active_at = created_at`.execute(k);
        await k.schema.alterTable('accounts').addColumn('retention_notice_at', 'bigint').execute();
        await k.schema.alterTable('accounts').addColumn('retention_notice_activity', 'bigint').execute();
      },
    },
    '0015-data-key-check': {
      async up(k: Kysely<unknown>) {
        // A sentinel sealed with the data key the database first met (api-keys/data-key-check.ts):
        // a server or CLI started with another key refuses to go on.
        await k.schema
          .createTable('data_key_check')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('sealed', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    '0016-audit-leaves-once': {
      async up(k: Kysely<unknown>) {
        // A leaf's hash is read from audit_trail (audit/audit-log.ts): audit_nodes keeps the subtrees above the leaves only.
        await sql`delete from audit_nodes where level = 0`.execute(k);
      },
    },
    '0017-audit-subtrees-in-order': {
      async up(k: Kysely<unknown>) {
        // Subtree hashes keyed by their place in the tree's post-order (audit/subtree-position.ts)
        // instead of by (level, idx): a batch's new subtrees go to the end of the index together.
        // SQLite's integer primary key is the table's own row id: one B-tree, no second index.
        await k.schema
          .createTable('audit_subtrees')
          .addColumn('position', db.dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.primaryKey())
          .addColumn('hash', 'text', (c) => c.notNull())
          .execute();
        type Old = { level: number; idx: number | string; hash: string };
        let after = { level: 0, idx: -1 };
        for (;;) {
          const { rows } = await sql<Old>`select level, idx, hash from audit_nodes
            where level > ${after.level} or (level = ${after.level} and idx > ${after.idx})
            order by level, idx limit ${SUBTREES_COPIED_AT_ONCE}`.execute(k);
          if (rows.length === 0) break;
          const copied = rows.map((r) => ({ position: subtreePosition(Number(r.level), Number(r.idx)), hash: r.hash }));
          await k.insertInto('audit_subtrees' as never).values(copied as never).execute();
          const last = rows[rows.length - 1]!;
          after = { level: Number(last.level), idx: Number(last.idx) };
        }
        await k.schema.dropTable('audit_nodes').execute();
      },
    },
    '0018-test-checkouts-hashed': {
      async up(k: Kysely<unknown>) {
        // A test checkout's id is the secret in its address: it is kept as its hash, as every token is,
        // and so is the id of its confirmation's billing event.
        const { rows } = await sql<{ id: string }>`select id from checkouts where provider = 'test'`.execute(k);
        for (const { id } of rows) {
          await sql`update checkouts set id = ${hashToken(id)} where id = ${id}`.execute(k);
          await sql`update billing_events set event_id = ${`test_checkout_${hashToken(id)}`} where event_id = ${`test_checkout_${id}`}`.execute(k);
        }
      },
    },
    '0019-sessions-password-mark': {
      async up(k: Kysely<unknown>) {
        // Which password each session was signed in with (auth/passwords.ts passwordMark): those open
        // now were signed in with their account's password of now.
        await k.schema.alterTable('sessions').addColumn('password_mark', 'text', (c) => c.notNull().defaultTo('')).execute();
        const { rows } = await sql<{ token_hash: string; password_hash: string }>`select s.token_hash, a.password_hash from sessions s join accounts a on a.id = s.account_id`.execute(k);
        for (const { token_hash, password_hash } of rows) {
          await sql`update sessions set password_mark = ${passwordMark(password_hash)} where token_hash = ${token_hash}`.execute(k);
        }
      },
    },
    '0020-canonical-emails': {
      async up(k: Kysely<unknown>) {
        // Every address kept in its one spelling (email/email-address.ts canonicalEmail): they were
        // kept trimmed and in lower case only, so `alice@example.com.` or a full-width `ａlice@…`
        // was an account, a subscription or a data-rights match of its own. Where an account or a
        // subscription already holds the canonical spelling, the other keeps the one it has.
        const columns = [
          ['accounts', 'email', true],
          ['newsletter_subscribers', 'email', true],
          ['bookings', 'email', false],
          ['pilot_requests', 'email', false],
          ['contacts', 'email', false],
          ['gdpr_requests', 'email', false],
          ['receptionist_leads', 'email', false],
          ['outbox', 'recipient', false],
        ] as const;
        for (const [table, column, unique] of columns) {
          const { rows } = await sql<{ address: string }>`select distinct ${sql.ref(column)} as address from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(k);
          for (const { address } of rows) {
            const canonical = canonicalEmail(address);
            if (canonical === address) continue;
            const update = sql`update ${sql.table(table)} set ${sql.ref(column)} = ${canonical} where ${sql.ref(column)} = ${address}`;
            if (!unique) await update.execute(k);
            else await sql`${update} and not exists (select 1 from ${sql.table(table)} where ${sql.ref(column)} = ${canonical})`.execute(k);
          }
        }
      },
    },
  };
}

/** Applies every pending migration (or those up to `upTo`, for tests of an upgrade); throws with the failing migration's name. */
export async function migrate(db: Database, { upTo }: { upTo?: string } = {}): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
