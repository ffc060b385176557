// What each payment-page card lists beyond its limits (entitlements of DESIGN section 8), the
// 'All Plans Include' grid and the FAQ.
import type { PaymentPlanId } from '../../config/constants.ts';

export const PLAN_FEATURES: Record<PaymentPlanId, readonly string[]> = {
  trial: ['14 days, no credit card', 'Signed proof bundle for every decision', '90-day audit retention'],
  starter: ['Signed proof bundle for every decision', '90-day audit retention', 'API keys with HMAC signing'],
  growth: ['3 custom arbiters, up to 100 rules each', '1-year audit retention', 'Decision webhooks'],
  enterprise: ['Unlimited custom arbiters', '7-year audit retention', 'Decision webhooks'],
};

export const PLAN_DESCRIPTIONS: Record<PaymentPlanId, string> = {
  trial: 'Try the decision API on your own agents.',
  starter: 'For a first production workload.',
  growth: 'For teams running many agents across regulations.',
  enterprise: 'For organisations with custom policy and retention needs.',
};

export const ALL_PLANS_INCLUDE = [
  { title: 'Sub-5-second decisions', text: 'Every action gets an allow or block verdict before it runs.' },
  { title: 'Cryptographic proof', text: 'Each decision is signed (Ed25519) and kept in a tamper-evident audit log.' },
  { title: 'Global compliance', text: 'Policies compiled from GDPR, CCPA, HIPAA and more, with the article that decided.' },
  { title: 'Easy integration', text: 'One HTTP call, a CLI and hooks for AI coding agents.' },
] as const;

export const PAYMENT_FAQ = [
  {
    q: 'Can I change plans later?',
    a: 'Yes. Upgrade, downgrade or cancel at any time from your account; a change applies from the next billing period.',
  },
  {
    q: 'What happens when my trial ends?',
    a: 'Your 14-day trial needs no card. If you choose a plan during the trial, the remaining trial days are kept and billing starts when they end. Without a plan, decisions stop at the end of the trial until you choose one.',
  },
  {
    q: 'Do you offer custom pricing?',
    a: 'Yes. The Enterprise plan and larger arbiter packages are priced with our sales team: use Contact Sales.',
  },
] as const;
