// What an account may do under its plan (DESIGN section 8), and its use this month (the decision
// API's own check over the monthly quota is apps/server/src/decide/entitlements-check.ts).
import type { Database } from '../db/database.ts';
import { decisionUsage } from '../decide/decision-recorder.ts';
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

/** The decision API calls made this month: the customer's monthly usage counter, kept with each decision. */
export function callsThisMonth(db: Database, customerId: string, now = Date.now()): Promise<number> {
  return decisionUsage(db, customerId, now);
}
