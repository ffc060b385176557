// What an account may do under its plan or contract (DESIGN section 8), and its use this month (the decision
// API's own check over the monthly quota is apps/server/src/decide/entitlements-check.ts).
import type { Database } from '../db/database.ts';
import { decisionUsage } from '../decide/decision-recorder.ts';
import type { AccountsTable } from '../db/tables.ts';
import { CONTRACTS, type ContractId, type Entitlements, isContract, PLANS, type PlanId } from './plans.ts';

type TermsRow = Pick<AccountsTable, 'plan' | 'plan_status' | 'trial_ends_at' | 'contract'>;

/** What an account has: its self-serve plan, or the contract an operator set over it. */
export type AccountTerms = {
  plan: PlanId;
  contract: ContractId | null;
  /** The plan's or the contract's name: "Growth", "Premium Enterprise". */
  name: string;
  /** As messages name it: "Growth plan", "Premium Enterprise contract". */
  label: string;
  /** What to do to get more: "Upgrade your plan", "Ask us to extend your contract". */
  forMore: string;
  entitlements: Entitlements;
  trialDaysLeft: number;
  trialExpired: boolean;
};

export function termsOf(account: TermsRow, now = Date.now()): AccountTerms {
  const { plan, trialDaysLeft, trialExpired } = planOf(account, now);
  const contract = account.contract && isContract(account.contract) ? CONTRACTS[account.contract] : null;
  if (contract) {
    return { plan, contract: contract.id, name: contract.displayName, label: `${contract.displayName} contract`, forMore: 'Ask us to extend your contract', entitlements: contract.entitlements, trialDaysLeft: 0, trialExpired: false };
  }
  return { plan, contract: null, name: PLANS[plan].displayName, label: `${PLANS[plan].displayName} plan`, forMore: 'Upgrade your plan', entitlements: PLANS[plan].entitlements, trialDaysLeft, trialExpired };
}

export function planOf(account: Pick<AccountsTable, 'plan' | 'plan_status' | 'trial_ends_at'>, now = Date.now()): { plan: PlanId; trialDaysLeft: number; trialExpired: boolean } {
  const plan = (account.plan in PLANS ? account.plan : 'trial') as PlanId;
  const left = Math.max(0, Math.ceil((Number(account.trial_ends_at) - now) / 86_400_000));
  return { plan, trialDaysLeft: plan === 'trial' || account.plan_status === 'trialing' ? left : 0, trialExpired: plan === 'trial' && left === 0 };
}

/** The decision API calls made this month: the customer's monthly usage counter, kept with each decision. */
export function callsThisMonth(db: Database, customerId: string, now = Date.now()): Promise<number> {
  return decisionUsage(db, customerId, now);
}
