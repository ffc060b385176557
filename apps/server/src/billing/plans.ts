// The self-serve plans of the payment page (spec section 9) and their entitlements (DESIGN
// section 8). Annual = 10 x monthly. Prices in USD.

export type PlanId = 'trial' | 'starter' | 'growth' | 'enterprise';
export type PaidPlanId = 'starter' | 'growth';
export type BillingCycle = 'monthly' | 'annual';

export type Entitlements = {
  /** API calls per calendar month (UTC); -1 is unlimited. */
  apiCallsPerMonth: number;
  builtInArbiters: readonly string[] | 'all';
  /** Custom arbiters; -1 is unlimited. */
  customArbiters: number;
  /** Rules per custom arbiter; -1 is unlimited. */
  rulesPerArbiter: number;
  /** Days a proof bundle's payload is kept; -1 is unlimited (as long as the log). */
  auditRetentionDays: number;
  webhooks: boolean;
};

export type Plan = {
  id: PlanId;
  displayName: string;
  price: { monthly: number; annual: number };
  support: string;
  entitlements: Entitlements;
};

export const ANNUAL_PRICE_MONTHS = 10;

export const PLANS: Record<PlanId, Plan> = {
  trial: {
    id: 'trial',
    displayName: 'Trial',
    price: { monthly: 0, annual: 0 },
    support: 'Community',
    entitlements: { apiCallsPerMonth: 1_000, builtInArbiters: ['GDPR', 'CCPA'], customArbiters: 0, rulesPerArbiter: 0, auditRetentionDays: 90, webhooks: false },
  },
  starter: {
    id: 'starter',
    displayName: 'Starter',
    price: { monthly: 299, annual: 299 * ANNUAL_PRICE_MONTHS },
    support: 'Email',
    entitlements: { apiCallsPerMonth: 10_000, builtInArbiters: ['GDPR', 'CCPA'], customArbiters: 0, rulesPerArbiter: 0, auditRetentionDays: 90, webhooks: false },
  },
  growth: {
    id: 'growth',
    displayName: 'Growth',
    price: { monthly: 999, annual: 999 * ANNUAL_PRICE_MONTHS },
    support: 'Priority',
    entitlements: { apiCallsPerMonth: 100_000, builtInArbiters: ['GDPR', 'CCPA', 'HIPAA'], customArbiters: 3, rulesPerArbiter: 100, auditRetentionDays: 365, webhooks: true },
  },
  enterprise: {
    id: 'enterprise',
    displayName: 'Enterprise',
    price: { monthly: 2_499, annual: 2_499 * ANNUAL_PRICE_MONTHS },
    support: 'Dedicated',
    entitlements: { apiCallsPerMonth: -1, builtInArbiters: 'all', customArbiters: -1, rulesPerArbiter: -1, auditRetentionDays: 7 * 365, webhooks: true },
  },
};

/**
 * The pricing page's enterprise tiers (spec section 9), which an operator sets on an account after
 * a sales contract (`bytebound contracts set`, DESIGN section 8). A contract stands over the
 * account's self-serve plan while it is set. Every tier has unlimited decisions, every built-in
 * arbiter, decision webhooks and unlimited audit retention; they differ in custom arbiters.
 */
export type ContractId = 'enterprise' | 'premium-enterprise' | 'elite-enterprise' | 'scale-enterprise' | 'custom';
export type Contract = { id: ContractId; displayName: string; entitlements: Entitlements };

const contract = (id: ContractId, displayName: string, customArbiters: number, rulesPerArbiter: number): Contract => ({
  id,
  displayName,
  entitlements: { apiCallsPerMonth: -1, builtInArbiters: 'all', customArbiters, rulesPerArbiter, auditRetentionDays: -1, webhooks: true },
});

export const CONTRACTS: Record<ContractId, Contract> = {
  enterprise: contract('enterprise', 'Enterprise', 0, 0),
  'premium-enterprise': contract('premium-enterprise', 'Premium Enterprise', 1, 100),
  'elite-enterprise': contract('elite-enterprise', 'Elite Enterprise', 3, 500),
  'scale-enterprise': contract('scale-enterprise', 'Scale Enterprise', 10, 1_000),
  custom: contract('custom', 'Custom', -1, -1),
};

export function isContract(value: string): value is ContractId {
  return Object.hasOwn(CONTRACTS, value);
}

/** Plans a customer can check out alone; enterprise goes through sales. */
export const SELF_SERVE_PLANS: readonly PaidPlanId[] = ['starter', 'growth'];

export function isPaidPlan(value: string): value is PaidPlanId {
  return (SELF_SERVE_PLANS as readonly string[]).includes(value);
}

export function priceOf(plan: PaidPlanId, cycle: BillingCycle): number {
  return PLANS[plan].price[cycle];
}
