// Retention of proof bundle payloads: past the period the envelope and decision are deleted; the
// Merkle leaf stays forever, so the log remains complete and every checkpoint verifiable. A
// customer with an account keeps payloads as long as its plan says (90 days on Trial and Starter,
// a year on Growth, 7 years on Enterprise), the plan it has when the job runs; under an enterprise
// contract (billing/plans.ts CONTRACTS: "unlimited retention" on the pricing page) they are never
// purged; a customer without an account (keys an operator made, the receptionist) keeps them the
// default period, 7 years.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { CONTRACTS, PLANS, type PlanId } from '../billing/plans.ts';
import type { Database } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import type { RetentionPolicy } from '../retention/retention.ts';
import { AUDIT_RETENTION_MS, DAY_MS } from '../retention/retention-periods.ts';

/** Rows purged per statement: short write transactions, so decisions keep appending meanwhile (SQLite has one writer). */
const PURGE_BATCH = 1_000;

type Owners = (eb: ExpressionBuilder<Tables, 'proof_bundles'>) => Expression<SqlBool>;

/**
 * Bundles of customers whose account is on `plan` and under no contract (an account naming no
 * known plan is on Trial, as planOf reads it; an unknown contract is none, as termsOf reads it).
 */
const onPlan =
  (db: Database, plan: PlanId): Owners =>
  (eb) => {
    const known = Object.keys(PLANS);
    const accounts = db
      .selectFrom('accounts')
      .select('id')
      .where((a) => a.or([a('contract', 'is', null), a('contract', 'not in', Object.keys(CONTRACTS))]))
      .where((a) => (plan === 'trial' ? a.or([a('plan', '=', plan), a('plan', 'not in', known)]) : a('plan', '=', plan)));
    return eb('customer_id', 'in', accounts);
  };

/** Bundles of customers without an account, and bundles of no customer. */
const withoutAccount =
  (db: Database): Owners =>
  (eb) =>
    eb.or([eb('customer_id', 'is', null), eb('customer_id', 'not in', db.selectFrom('accounts').select('id'))]);

/** Purges the payloads of the bundles of `owners` created before `cutoff`, a batch at a time. */
async function purgePayloads(db: Database, cutoff: number, owners: Owners): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = db.selectFrom('proof_bundles').select('id').where('created_at', '<', cutoff).where('payload_purged_at', 'is', null).where(owners).limit(PURGE_BATCH);
    const result = await db.updateTable('proof_bundles').set({ envelope: null, decision: null, payload_purged_at: Date.now() }).where('id', 'in', batch).executeTakeFirst();
    const n = Number(result.numUpdatedRows);
    purged += n;
    if (n < PURGE_BATCH) return purged;
  }
}

/** `periodMs` is the period of customers without an account; each plan's customers keep its own. */
export function proofPayloadRetention(periodMs = AUDIT_RETENTION_MS): RetentionPolicy {
  return {
    name: 'proof-bundle-payloads',
    periodMs,
    purge: async (db, cutoff, now) => {
      let purged = await purgePayloads(db, cutoff, withoutAccount(db));
      for (const [plan, { entitlements }] of Object.entries(PLANS) as [PlanId, (typeof PLANS)[PlanId]][]) {
        purged += await purgePayloads(db, now - entitlements.auditRetentionDays * DAY_MS, onPlan(db, plan));
      }
      return purged;
    },
  };
}
