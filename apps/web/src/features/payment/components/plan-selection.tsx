// 'Choose Your Plan': monthly/annual toggle ('Save 17%': annual = 10 x monthly), the four plans,
// growth and monthly selected by default, 'Continue to Payment' for a self-serve plan, Enterprise
// by email to sales. Without a stored token the visitor signs in first and comes back here.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ANNUAL_SAVINGS_BADGE,
  AUTH_TOKEN_STORAGE_KEY,
  ENTERPRISE_INQUIRY_SUBJECT,
  PAYMENT_PLANS,
  type PaymentPlan,
  type PaymentPlanId,
  SALES_EMAIL,
  TRIAL_DAYS,
} from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { logger } from '../../../lib/logger.ts';
import { subscribe } from '../api/subscribe.ts';
import { ALL_PLANS_INCLUDE, PAYMENT_FAQ, PLAN_DESCRIPTIONS, PLAN_FEATURES } from '../plan-details.ts';

type Cycle = 'monthly' | 'annual';

const money = (n: number) => `$${n.toLocaleString('en-US')}`;
const calls = (n: number) => (n < 0 ? 'Unlimited API calls' : `${n.toLocaleString('en-US')} API calls/month`);
const storedToken = () => {
  try {
    return localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
};

const CHECKOUT_NOT_STARTED = 'The checkout could not be started. Please try again.';

export function PlanSelection() {
  const navigate = useNavigate();
  const [cycle, setCycle] = useState<Cycle>('monthly');
  const [selected, setSelected] = useState<PaymentPlanId>('growth');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const salesHref = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent(ENTERPRISE_INQUIRY_SUBJECT)}`;

  async function continueToPayment() {
    setError(null);
    if (!storedToken()) {
      void navigate(`${paths.signIn}?next=${encodeURIComponent(paths.payment)}`);
      return;
    }
    if (selected === 'trial') {
      void navigate(paths.account);
      return;
    }
    setLoading(true);
    try {
      const response = await subscribe(selected, cycle);
      if (response.success) {
        window.location.assign(response.checkoutUrl ?? paths.account);
        return;
      }
      setError(response.error ?? CHECKOUT_NOT_STARTED);
    } catch (failure) {
      logger.error(`subscribe failed: ${failure instanceof Error ? failure.message : JSON.stringify(failure)}`);
      const status = failure && typeof failure === 'object' && 'error' in failure && typeof failure.error === 'string' ? failure.error : null;
      if (status === 'Please sign in.' || status === 'Your session has ended. Please sign in again.') {
        void navigate(`${paths.signIn}?next=${encodeURIComponent(paths.payment)}`);
        return;
      }
      // The server answered without saying why (an HTTP error with no message): the checkout did not start, the connection was fine.
      const answered = !(failure instanceof Error) || (typeof failure.cause === 'object' && failure.cause !== null && 'status' in failure.cause);
      setError(status ?? (answered ? CHECKOUT_NOT_STARTED : 'Unable to connect to the server. Please try again.'));
    }
    setLoading(false);
  }

  return (
    <section className="mx-auto max-w-6xl px-4 pt-24 pb-16 sm:px-6">
      <div className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">Choose Your Plan</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">Start with {TRIAL_DAYS} days free. Upgrade, downgrade, or cancel anytime.</p>
        <div className="mt-8 inline-flex items-center gap-1 rounded-full border border-ink-700 bg-ink-900 p-1" role="group" aria-label="Billing cycle">
          {(['monthly', 'annual'] as const).map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={cycle === c}
              onClick={() => setCycle(c)}
              className={`rounded-full px-4 py-2 text-sm font-semibold ${cycle === c ? 'bg-brand-400 text-ink-950' : 'text-slate-200'}`}
            >
              {c === 'monthly' ? 'Monthly' : 'Annual'}
              {c === 'annual' && <span className="ml-2 rounded-full bg-emerald-300 px-2 py-0.5 text-xs text-ink-950">{ANNUAL_SAVINGS_BADGE}</span>}
            </button>
          ))}
        </div>
      </div>

      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4" aria-label="Plans">
        {PAYMENT_PLANS.map((plan) => (
          <PlanCard key={plan.name} plan={plan} cycle={cycle} selected={selected === plan.name} onSelect={() => setSelected(plan.name)} salesHref={salesHref} />
        ))}
      </ul>

      {selected !== 'enterprise' && (
        <div className="mt-10 text-center">
          {error && (
            <p role="alert" className="mx-auto mb-4 max-w-lg rounded-lg border border-red-400/60 bg-red-950/60 px-3 py-2 text-sm text-red-200">
              {error}
            </p>
          )}
          <button
            type="button"
            onClick={() => void continueToPayment()}
            disabled={loading}
            className="rounded-lg bg-brand-400 px-8 py-3 font-semibold text-ink-950 hover:bg-brand-300 disabled:cursor-not-allowed disabled:bg-slate-600 disabled:text-slate-200"
          >
            {loading ? 'Processing...' : 'Continue to Payment'}
          </button>
          <p className="mt-3 text-sm text-slate-300">Secure payment powered by Stripe</p>
        </div>
      )}

      <section className="mt-20" aria-labelledby="all-plans-include">
        <h2 id="all-plans-include" className="text-center text-2xl font-bold text-white">
          All Plans Include
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ALL_PLANS_INCLUDE.map((item) => (
            <li key={item.title} className="rounded-xl border border-ink-700 bg-ink-900 p-5">
              <h3 className="font-semibold text-white">{item.title}</h3>
              <p className="mt-2 text-sm text-slate-300">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto mt-20 max-w-3xl" aria-labelledby="payment-faq">
        <h2 id="payment-faq" className="text-center text-2xl font-bold text-white">
          Frequently Asked Questions
        </h2>
        <dl className="mt-8 space-y-6">
          {PAYMENT_FAQ.map((item) => (
            <div key={item.q} className="rounded-xl border border-ink-700 bg-ink-900 p-5">
              <dt className="font-semibold text-white">{item.q}</dt>
              <dd className="mt-2 text-slate-300">{item.a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </section>
  );
}

type CardProps = { plan: PaymentPlan; cycle: Cycle; selected: boolean; onSelect: () => void; salesHref: string };

function PlanCard({ plan, cycle, selected, onSelect, salesHref }: CardProps) {
  const enterprise = plan.name === 'enterprise';
  return (
    <li
      className={`relative flex flex-col rounded-2xl border p-6 ${selected ? 'border-brand-400 bg-ink-800' : 'border-ink-700 bg-ink-900'}`}
      aria-labelledby={`plan-${plan.name}`}
      data-selected={selected}
    >
      {plan.recommended && <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-400 px-3 py-1 text-xs font-bold text-ink-950">Most Popular</p>}
      <h2 id={`plan-${plan.name}`} className="text-xl font-bold text-white">
        {plan.displayName}
      </h2>
      <p className="mt-1 text-sm text-slate-300">{PLAN_DESCRIPTIONS[plan.name]}</p>
      <p className="mt-4 text-3xl font-bold text-white">
        {money(plan.price[cycle])}
        <span className="text-base font-normal text-slate-300">{cycle === 'monthly' ? '/month' : '/year'}</span>
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-200">
        <li>{calls(plan.limits.apiCalls)}</li>
        <li>Arbiters: {plan.limits.arbiters.join(', ')}</li>
        <li>{plan.limits.support} support</li>
        {PLAN_FEATURES[plan.name].map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {enterprise ? (
        <a href={salesHref} className="mt-6 block rounded-lg border border-brand-400 px-4 py-2 text-center font-semibold text-brand-200 hover:bg-ink-800">
          Contact Sales
        </a>
      ) : (
        <button
          type="button"
          onClick={onSelect}
          aria-pressed={selected}
          aria-label={`${selected ? 'Selected' : 'Select Plan'}: ${plan.displayName}`}
          className={`mt-6 rounded-lg px-4 py-2 font-semibold ${selected ? 'bg-brand-400 text-ink-950' : 'border border-brand-400 text-brand-200 hover:bg-ink-800'}`}
        >
          {selected ? 'Selected' : 'Select Plan'}
        </button>
      )}
    </li>
  );
}
