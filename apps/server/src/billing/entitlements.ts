// What an account may do under its plan (DESIGN section 8), and its use this month. The decision
// API calls `quotaProblem` before deciding, to answer 429 over the monthly quota.
import type { Database } from '../db/database.ts';
import type { AccountsTable } from '../db/tables.ts';
import { type Entitlements, PLANS, type PlanId } from './plans.ts';

export function planOf(account: Pick<AccountsTable, 'plan' | 'plan_status' | 'trial_ends_at'>, now = Date.now()): { plan: PlanId; trialDaysLeft: number; trialExpired: boolean } {
  const plan = (account.plan in PLANS ? account.plan : 'trial') as PlanId;
  const left = Math.max(0, Math.ceil((Number(account.trial_ends_at) - now) / 86_400_000));
  return { plan, trialDaysLeft: plan === 'trial' || account.plan_status === 'trialing' ? left : 0, trialExpired: plan === 'trial' && left === 0 };
}

export function entitlementsOf(plan: PlanId): Entitlements {
  return PLANS[plan].entitlements;
}

/** Start of the current calendar month, UTC. */
export function monthStart(now = Date.now()): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export async function callsThisMonth(db: Database, customerId: string, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('decision_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('source', '=', 'api')
    .where('created_at', '>=', monthStart(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Null when the customer may make one more decision; otherwise the message of a 429. Customers
 * without an account (keys made by an operator with `bytebound keys`) are not limited here.
 */
export async function quotaProblem(db: Database, customerId: string, now = Date.now()): Promise<string | null> {
  const account = await db.selectFrom('accounts').select(['plan', 'plan_status', 'trial_ends_at']).where('id', '=', customerId).executeTakeFirst();
  if (!account) return null;
  const { plan, trialExpired } = planOf(account, now);
  if (trialExpired) return 'Your 14-day trial has ended. Choose a plan on your account page to keep making decisions.';
  const limit = entitlementsOf(plan).apiCallsPerMonth;
  if (limit < 0) return null;
  const used = await callsThisMonth(db, customerId, now);
  if (used < limit) return null;
  return `Monthly quota reached: your ${PLANS[plan].displayName} plan includes ${limit.toLocaleString('en-US')} API calls a month and ${used.toLocaleString('en-US')} were made. Upgrade your plan or wait for next month.`;
}
