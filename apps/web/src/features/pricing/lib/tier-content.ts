// What each pricing-page tier offers (spec section 9), keyed by the tier ids of config/constants.ts,
// and the comparison and FAQ the page shows. Support levels, SLAs and attestation reports are
// commercial terms (DESIGN section 8).
export type TierContent = { description: string; duration: string; features: readonly string[]; cta: string };

export const TIER_CONTENT: Readonly<Record<string, TierContent>> = {
  starter: {
    description: 'For a first production agent under the main privacy laws.',
    duration: 'per month',
    features: ['100 decisions per month', 'GDPR, CCPA and HIPAA arbiters', 'Enforcement designed for under 75 µs per decision', 'Basic decision API', 'Email support'],
    cta: 'Get Started',
  },
  professional: {
    description: 'For teams running several agents with auditors to answer to.',
    duration: 'per month',
    features: ['1,000 decisions per month', 'All regulations', 'Proof bundle for every decision', '90-day audit retention', 'Slack support', 'Dashboard', 'Decision webhooks'],
    cta: 'Contact Sales',
  },
  enterprise: {
    description: 'For organisations that need contractual guarantees.',
    duration: 'per month',
    features: ['Unlimited decisions', 'Unlimited audit retention', 'Dedicated customer success manager', '24/7 phone support', 'SLA', 'Legal attestation reports'],
    cta: 'Book a Demo',
  },
  'premium-enterprise': {
    description: 'Enterprise, plus your own rules compiled into a custom arbiter.',
    duration: 'per month',
    features: ['Everything in Enterprise', 'One custom arbiter', 'Up to 100 rules'],
    cta: 'Book a Demo',
  },
  'elite-enterprise': {
    description: 'For several business units with their own policies.',
    duration: 'per month',
    features: ['Everything in Enterprise', 'Three custom arbiters', 'Up to 500 rules each'],
    cta: 'Talk to Enterprise',
  },
  'scale-enterprise': {
    description: 'For global programmes across many jurisdictions.',
    duration: 'per month',
    features: ['Everything in Enterprise', 'Ten custom arbiters', 'Up to 1,000 rules each', '24/7 support with a 15-minute SLA'],
    cta: 'Talk to Enterprise',
  },
  custom: {
    description: 'Your deployment, your terms.',
    duration: 'on contact',
    features: ['Unlimited custom arbiters', 'On-premise and air-gapped options', 'Terms negotiated with you'],
    cta: 'Contact Us',
  },
};

/** The comparison table: one row per capability, one cell per tier in the order of the cards. */
export const COMPARISON: ReadonlyArray<{ capability: string; values: readonly string[] }> = [
  { capability: 'Decisions per month', values: ['100', '1,000', 'Unlimited', 'Unlimited', 'Unlimited', 'Unlimited', 'Unlimited'] },
  { capability: 'Regulations', values: ['GDPR, CCPA, HIPAA', 'All', 'All', 'All', 'All', 'All', 'All'] },
  { capability: 'Custom arbiters', values: ['—', '—', '—', '1', '3', '10', 'Unlimited'] },
  { capability: 'Rules per custom arbiter', values: ['—', '—', '—', '100', '500', '1,000', 'By contract'] },
  { capability: 'Signed proof bundles', values: ['Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes'] },
  { capability: 'Audit retention', values: ['90 days', '90 days', 'Unlimited', 'Unlimited', 'Unlimited', 'Unlimited', 'By contract'] },
  { capability: 'Support', values: ['Email', 'Slack', '24/7 phone', '24/7 phone', '24/7 phone', '24/7, 15-minute SLA', 'By contract'] },
  { capability: 'On-premise', values: ['—', '—', '—', '—', '—', '—', 'Yes'] },
];

export const PRICING_FAQ: ReadonlyArray<{ q: string; a: string }> = [
  {
    q: 'What counts as a decision?',
    a: 'One call of the decision API that returns allow or block, with its signed proof bundle. Compiling a policy and verifying proofs are not counted.',
  },
  {
    q: 'What happens when we go over our monthly decisions?',
    a: 'The decision API answers with HTTP 429 and a clear message; nothing is silently allowed. Talk to us to move up a tier.',
  },
  {
    q: 'What is a custom arbiter?',
    a: 'A named, versioned policy compiled from your own rules or internal policies, consulted alongside the built-in regulation arbiters on every decision.',
  },
  {
    q: 'Is there a free way to start?',
    a: 'Yes. The compiler and engine are open source (Apache-2.0), the demo compiler on the homepage is free without signup, self-serve accounts start with a 14-day trial without a card, and enterprise teams can ask for a one-month free pilot.',
  },
  {
    q: 'Can we run Bytebound on our own servers?',
    a: 'Yes. The engine, CLI and hook decide locally with no network access; the Custom tier adds on-premise and air-gapped deployment of the whole service.',
  },
];
