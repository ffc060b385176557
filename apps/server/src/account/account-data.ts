// What an account holds about its owner, for export (Art. 15/20) and erasure (Art. 17). Decisions
// hold no personal data; their per-customer commitment keys are deleted so the proof bundles that
// stay in the audit log can no longer be linked (crypto-shredding, DESIGN section 5).
import fs from 'node:fs';
import path from 'node:path';
import { forgetApiKeys, listApiKeys } from '../api-keys/api-key-store.ts';
import { forgetArbiters } from '../arbiters/arbiter-store.ts';
import { forgetCustomerCommitmentKeys } from '../audit/commitment-keys.ts';
import { forgetAccountPlans } from '../decide/entitlements-check.ts';
import type { Database } from '../db/database.ts';
import type { DataRightsHandler, DataSubject } from '../gdpr/data-rights.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

async function accountOf(db: Database, subject: DataSubject) {
  let query = db.selectFrom('accounts').selectAll();
  query = subject.accountId ? query.where('id', '=', subject.accountId) : query.where('email', '=', subject.email);
  return query.executeTakeFirst();
}

export const accountDataRights: DataRightsHandler = {
  name: 'account',
  async access(db, subject) {
    const account = await accountOf(db, subject);
    if (!account) return null;
    const webhook = await db.selectFrom('decision_webhooks').select(['url', 'created_at']).where('customer_id', '=', account.id).executeTakeFirst();
    const [sessions, keys, checkouts, decisions, usage] = await Promise.all([
      db.selectFrom('sessions').select(['created_at', 'expires_at', 'remember']).where('account_id', '=', account.id).execute(),
      listApiKeys(db, account.id),
      db.selectFrom('checkouts').select(['plan', 'billing_cycle', 'provider', 'created_at', 'completed_at']).where('account_id', '=', account.id).execute(),
      db.selectFrom('decision_logs').select(['id', 'decision', 'exit_code', 'article', 'bundle_id', 'created_at']).where('customer_id', '=', account.id).orderBy('created_at', 'desc').execute(),
      db.selectFrom('decision_usage').select(['period_start', 'calls']).where('customer_id', '=', account.id).orderBy('period_start', 'desc').execute(),
    ]);
    return {
      profile: {
        customerId: account.id,
        email: account.email,
        firstName: account.first_name,
        lastName: account.last_name,
        companyName: account.company_name,
        createdAt: iso(account.created_at),
        newsletter: account.newsletter === 1,
        terms: { version: account.terms_version, acceptedAt: iso(account.terms_accepted_at) },
      },
      plan: { plan: account.plan, status: account.plan_status, billingCycle: account.billing_cycle, trialEndsAt: iso(account.trial_ends_at) },
      sessions: sessions.map((s) => ({ createdAt: iso(s.created_at), expiresAt: iso(s.expires_at), rememberMe: s.remember === 1 })),
      apiKeys: keys.map(({ id, name, prefix, scopes, createdAt, lastUsedAt, revokedAt }) => ({ id, name, prefix, scopes, createdAt, lastUsedAt, revokedAt })),
      checkouts: checkouts.map((c) => ({ plan: c.plan, billingCycle: c.billing_cycle, provider: c.provider, createdAt: iso(c.created_at), completedAt: iso(c.completed_at) })),
      decisionWebhook: webhook ? { url: webhook.url, createdAt: iso(webhook.created_at) } : null,
      decisions: decisions.map((d) => ({ id: d.id, decision: d.decision, exitCode: d.exit_code, article: d.article, proofBundle: d.bundle_id, at: iso(d.created_at) })),
      decisionsPerMonth: usage.map((u) => ({ month: iso(u.period_start)!.slice(0, 7), decisions: Number(u.calls) })),
    };
  },
  async erase(db, subject) {
    const account = await accountOf(db, subject);
    if (!account) return 0;
    const erased = await db.transaction().execute(async (trx) => {
      let removed = 0;
      const count = (r: { numDeletedRows: bigint }) => (removed += Number(r.numDeletedRows));
      const decisionIds = trx.selectFrom('decision_logs').select('id').where('customer_id', '=', account.id);
      count(await trx.deleteFrom('arbiter_results').where('decision_id', 'in', decisionIds).executeTakeFirst());
      count(await trx.deleteFrom('decision_logs').where('customer_id', '=', account.id).executeTakeFirst());
      count(await trx.deleteFrom('decision_usage').where('customer_id', '=', account.id).executeTakeFirst());
      count(await trx.deleteFrom('customer_commitment_keys').where('customer_id', '=', account.id).executeTakeFirst());
      count(await trx.deleteFrom('subject_keys').where('customer_id', '=', account.id).executeTakeFirst());
      count(await trx.deleteFrom('api_keys').where('customer_id', '=', account.id).executeTakeFirst());
      const arbiterIds = trx.selectFrom('arbiters').select('id').where('customer_id', '=', account.id);
      count(await trx.deleteFrom('arbiter_versions').where('arbiter_id', 'in', arbiterIds).executeTakeFirst());
      count(await trx.deleteFrom('arbiters').where('customer_id', '=', account.id).executeTakeFirst());
      count(await trx.deleteFrom('webhook_deliveries').where('customer_id', '=', account.id).executeTakeFirst());
      count(await trx.deleteFrom('decision_webhooks').where('customer_id', '=', account.id).executeTakeFirst());
      count(await trx.deleteFrom('sessions').where('account_id', '=', account.id).executeTakeFirst());
      count(await trx.deleteFrom('password_resets').where('account_id', '=', account.id).executeTakeFirst());
      count(await trx.deleteFrom('checkouts').where('account_id', '=', account.id).executeTakeFirst());
      count(await trx.deleteFrom('auth_throttle').where('key', '=', `account:${account.email}`).executeTakeFirst());
      count(await trx.deleteFrom('accounts').where('id', '=', account.id).executeTakeFirst());
      return removed;
    });
    forgetApiKeys(db);
    forgetArbiters(db);
    forgetAccountPlans(db);
    forgetCustomerCommitmentKeys(db, account.id);
    return erased;
  },
};

/** Emails kept in the development outbox (rows and their .eml files) are personal data too. */
export function outboxDataRights(outboxDirectory: string): DataRightsHandler {
  return {
    name: 'outbox',
    async access(db, subject) {
      const rows = await db.selectFrom('outbox').select(['subject', 'created_at']).where('recipient', '=', subject.email).execute();
      return rows.length === 0 ? null : rows.map((r) => ({ subject: r.subject, sentAt: iso(r.created_at) }));
    },
    async erase(db, subject) {
      const rows = await db.selectFrom('outbox').select('id').where('recipient', '=', subject.email).execute();
      const ids = new Set(rows.map((r) => `-${r.id}.eml`));
      if (ids.size === 0) return 0;
      const files = fs.existsSync(outboxDirectory) ? fs.readdirSync(outboxDirectory) : [];
      for (const file of files) if ([...ids].some((suffix) => file.endsWith(suffix))) fs.rmSync(path.join(outboxDirectory, file), { force: true });
      const result = await db.deleteFrom('outbox').where('recipient', '=', subject.email).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
