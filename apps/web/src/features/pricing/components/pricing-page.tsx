// /pricing: the hero, the seven tier cards of spec section 9 (selection, calls to action), the
// comparison toggle, the FAQ with at most one answer open, and the pilot buttons.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ENTERPRISE_PILOT_MONTHS, PRICING_TIERS, type PricingTier } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { logger } from '../../../lib/logger.ts';
import { COMPARISON, PRICING_FAQ, TIER_CONTENT } from '../lib/tier-content.ts';

function price(tier: PricingTier): string {
  return tier.monthlyPrice === null ? 'Custom' : `$${tier.monthlyPrice.toLocaleString('en-US')}`;
}

export function PricingPage() {
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string | null>(null);
  const [showComparison, setShowComparison] = useState(false);
  const [openFaq, setOpenFaq] = useState<number | null>(null);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
      <section className="mx-auto max-w-4xl pt-20 pb-12 text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-300 uppercase">Pricing</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-5xl">Real-Time AI Compliance API for Enterprise</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
          Signed allow-or-block decisions before your agents act, with the article behind each one. Self-serve plans start on the{' '}
          <Link to={paths.payment} className="text-brand-300 underline underline-offset-2">
            plan page
          </Link>
          ; the tiers below are enterprise contracts.
        </p>
      </section>

      <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4" aria-label="Pricing tiers">
        {PRICING_TIERS.map((tier) => {
          const content = TIER_CONTENT[tier.id]!;
          const isSelected = selected === tier.id;
          return (
            <li key={tier.id}>
              {/* The whole card selects it; the call to action inside navigates. */}
              <div
                data-testid={`tier-${tier.id}`}
                data-selected={isSelected ? 'true' : 'false'}
                data-featured={tier.featured ? 'true' : 'false'}
                onClickCapture={() => {
                  setSelected(tier.id);
                  logger.info(`pricing: selected tier ${tier.id}`);
                }}
                className={`flex h-full flex-col rounded-xl border p-6 ${tier.featured ? 'border-brand-400 bg-ink-800' : 'border-ink-700 bg-ink-900'} ${isSelected ? 'ring-2 ring-brand-300' : ''}`}
              >
                <div className="flex min-h-6 items-center justify-between gap-2">
                  <h2 className="text-lg font-semibold text-white">
                    <button type="button" aria-pressed={isSelected} onClick={() => setSelected(tier.id)} className="text-left">
                      {tier.name}
                    </button>
                  </h2>
                  {tier.badge && <span className="rounded-full bg-brand-400 px-2 py-0.5 text-xs font-bold text-ink-950">{tier.badge}</span>}
                </div>
                <p className="mt-4">
                  <span className="text-3xl font-bold text-white">{price(tier)}</span> <span className="text-sm text-slate-300">{content.duration}</span>
                </p>
                <p className="mt-3 text-sm text-slate-300">{content.description}</p>
                <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-200">
                  {content.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <span aria-hidden="true" className="text-brand-300">
                        ✓
                      </span>
                      {feature}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  onClick={() => void navigate(tier.ctaLink)}
                  className={`mt-6 rounded-lg px-4 py-2 font-semibold ${tier.featured ? 'bg-brand-400 text-ink-950 hover:bg-brand-300' : 'border border-ink-700 text-slate-100 hover:bg-ink-800'}`}
                  aria-label={`${content.cta}: ${tier.name}`}
                >
                  {content.cta}
                </button>
              </div>
            </li>
          );
        })}
      </ul>

      <section aria-labelledby="comparison-title" className="mt-16">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="comparison-title" className="text-2xl font-bold text-white">
            Compare the tiers
          </h2>
          <button
            type="button"
            aria-expanded={showComparison}
            aria-controls="comparison"
            onClick={() => setShowComparison((s) => !s)}
            className="rounded-md border border-ink-700 px-4 py-2 text-sm font-medium text-slate-100 hover:bg-ink-800"
          >
            {showComparison ? 'Hide comparison' : 'Show comparison'}
          </button>
        </div>
        {showComparison && (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
          <div id="comparison" className="mt-6 overflow-x-auto" tabIndex={0} role="region" aria-label="Tier comparison">
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className="border-b border-ink-700 px-3 py-2 text-white">
                    Capability
                  </th>
                  {PRICING_TIERS.map((tier) => (
                    <th key={tier.id} scope="col" className="border-b border-ink-700 px-3 py-2 text-white">
                      {tier.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {COMPARISON.map((row) => (
                  <tr key={row.capability} className="border-b border-ink-800">
                    <th scope="row" className="px-3 py-2 font-medium text-slate-100">
                      {row.capability}
                    </th>
                    {row.values.map((value, n) => (
                      <td key={n} className="px-3 py-2 text-slate-300">
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl">
        <h2 id="faq-title" className="text-2xl font-bold text-white">
          Frequently asked questions
        </h2>
        <ul className="mt-6 divide-y divide-ink-800 rounded-xl border border-ink-700">
          {PRICING_FAQ.map((item, n) => {
            const open = openFaq === n;
            return (
              <li key={item.q}>
                <h3>
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={`faq-${n}`}
                    onClick={() => setOpenFaq(open ? null : n)}
                    className="flex w-full items-center justify-between px-5 py-4 text-left font-medium text-slate-100 hover:bg-ink-800"
                  >
                    {item.q}
                    <span aria-hidden="true">{open ? '−' : '+'}</span>
                  </button>
                </h3>
                {open && (
                  <p id={`faq-${n}`} className="px-5 pb-4 text-slate-300">
                    {item.a}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="pilot-title" className="mt-16 rounded-xl border border-ink-700 bg-ink-900 p-8 text-center">
        <h2 id="pilot-title" className="text-2xl font-bold text-white">
          Try it on your own agents first
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-300">
          Every enterprise tier starts with a {ENTERPRISE_PILOT_MONTHS}-month free pilot: we compile your regulations, put the hook in front of your agents
          and review the signed audit trail with you.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.trial} className="rounded-lg bg-brand-400 px-5 py-3 font-semibold text-ink-950 hover:bg-brand-300">
            Start Free Enterprise Pilot
          </Link>
          <Link to={paths.booking} className="rounded-lg border border-ink-700 px-5 py-3 font-semibold text-slate-100 hover:bg-ink-800">
            Contact Enterprise Sales
          </Link>
        </div>
      </section>
    </div>
  );
}
