// Checkout and fulfilment. POST /api/auth/subscribe starts a Stripe Checkout Session (subscription,
// the rest of the 14-day trial, no card up front) when STRIPE_SECRET_KEY is set, else the built-in
// test checkout page ('Test mode — no card is charged'). Both fulfil through applyPlanChange: the
// Stripe webhook (raw-body signature check) or the test checkout's confirmation.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MIN_STRIPE_TRIAL_MS, PRODUCT_NAME, TRIAL_DAYS } from '../auth/account-constants.ts';
import { requireSession } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { ACCOUNT_REQUESTS_PER_MINUTE, LINK_PAGES_PER_MINUTE } from '../constants.ts';
import { escapeHtml } from '../email/messages.ts';
import { HttpError } from '../http/errors.ts';
import { perAccount, perClientPage } from '../http/rate-limits.ts';
import { termsOf } from './entitlements.ts';
import { applyPlanChange, type PlanChange } from './fulfilment.ts';
import { type BillingCycle, isPaidPlan, PLANS, type PlanId, priceOf } from './plans.ts';
import { stripeFor, webhookVerifier } from './stripe-client.ts';

export const BILLING_MESSAGES = {
  enterprise: (email: string) => `The Enterprise plan is arranged with our sales team: email ${email} with the subject 'Enterprise Plan Inquiry'.`,
  contract: (name: string, email: string) => `Your account is on the ${name} contract, which stands over any plan chosen here. To change it, email ${email}.`,
  unknownPlan: 'Choose the Starter or Growth plan.',
  cycle: 'Choose monthly or annual billing.',
  provider: 'The payment provider could not start the checkout. Please try again in a moment.',
  testMode: 'Test mode — no card is charged',
} as const;

const subscribeBody = z.object({ tier: z.string().max(40), billingCycle: z.string().max(20).optional().default('monthly') });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)} — ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;background:#0b1020;color:#e5e7eb;margin:0}main{max-width:32rem;margin:4rem auto;padding:2rem;background:#111827;border-radius:1rem}
.badge{display:inline-block;background:#fde68a;color:#1f2937;font-weight:700;padding:.25rem .75rem;border-radius:999px}button{background:#2563eb;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}
a{color:#93c5fd}dt{color:#9ca3af}dd{margin:0 0 .75rem}</style></head><body><main>${body}</main></body></html>`;
}

const stripeStatus = (status: string): PlanChange['status'] =>
  status === 'trialing' || status === 'active' || status === 'canceled' ? status : status === 'incomplete_expired' ? 'canceled' : 'past_due';

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  app.post('/api/auth/subscribe', { preValidation: requireSession(db), config: perAccount(ACCOUNT_REQUESTS_PER_MINUTE) }, async (request, reply) => {
    const parsed = subscribeBody.safeParse(request.body ?? {});
    if (!parsed.success) return reply.status(400).send({ success: false, error: BILLING_MESSAGES.unknownPlan });
    const { tier } = parsed.data;
    const cycle = parsed.data.billingCycle;
    if (tier === 'enterprise') return reply.status(400).send({ success: false, error: BILLING_MESSAGES.enterprise(config.salesEmail) });
    if (!isPaidPlan(tier)) return reply.status(400).send({ success: false, error: BILLING_MESSAGES.unknownPlan });
    if (cycle !== 'monthly' && cycle !== 'annual') return reply.status(400).send({ success: false, error: BILLING_MESSAGES.cycle });
    const account = request.session!.account;
    const terms = termsOf(account);
    if (terms.contract) return reply.status(409).send({ success: false, error: BILLING_MESSAGES.contract(terms.name, config.salesEmail) });
    const now = Date.now();
    // Only a first subscription keeps the registration trial; with under 2 days left billing starts now.
    const trialLeft = account.plan === 'trial' ? Number(account.trial_ends_at) - now : 0;
    const keepTrial = trialLeft >= MIN_STRIPE_TRIAL_MS;
    const stripe = stripeFor(config);
    if (stripe) {
      const metadata = { accountId: account.id, plan: tier, billingCycle: cycle };
      let session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          client_reference_id: account.id,
          ...(account.stripe_customer_id ? { customer: account.stripe_customer_id } : { customer_email: account.email }),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: priceOf(tier, cycle) * 100,
                recurring: { interval: cycle === 'annual' ? 'year' : 'month' },
                product_data: { name: `${PRODUCT_NAME} ${PLANS[tier].displayName}` },
              },
            },
          ],
          subscription_data: { metadata, ...(keepTrial ? { trial_end: Math.floor(Number(account.trial_ends_at) / 1000) } : {}) },
          payment_method_collection: keepTrial ? 'if_required' : 'always',
          metadata,
          success_url: `${config.publicUrl}/account?checkout=success`,
          cancel_url: `${config.publicUrl}/auth/payment?checkout=canceled`,
        });
      } catch (error) {
        request.log.error({ err: error }, 'Stripe checkout session failed');
        return reply.status(502).send({ success: false, error: BILLING_MESSAGES.provider });
      }
      await db.insertInto('checkouts').values({ id: session.id, account_id: account.id, plan: tier, billing_cycle: cycle, provider: 'stripe', created_at: now, completed_at: null }).execute();
      return reply.send({ success: true, checkoutUrl: session.url });
    }
    const token = newToken();
    await db.insertInto('checkouts').values({ id: hashToken(token), account_id: account.id, plan: tier, billing_cycle: cycle, provider: 'test', created_at: now, completed_at: null }).execute();
    // Same origin as the page that asked: the browser keeps its token and session cookie.
    return reply.send({ success: true, checkoutUrl: `/billing/test-checkout/${token}` });
  });

  // The built-in test checkout: its address holds a 256-bit secret, like a Stripe session URL, and
  // the checkout is kept under the secret's hash.
  const testCheckout = (token: string) =>
    db.selectFrom('checkouts').selectAll().where('id', '=', hashToken(token)).where('provider', '=', 'test').executeTakeFirst();
  const headedPage = (title: string, body: string) => page(title, `<h1>${escapeHtml(title)}</h1>${body}`);
  const checkoutNotFound = headedPage('Checkout not found', `<p>This checkout does not exist. <a href="/auth/payment">Choose a plan</a>.</p>`);
  const linkPage = perClientPage(LINK_PAGES_PER_MINUTE, headedPage);
  app.get<{ Params: { id: string } }>('/billing/test-checkout/:id', linkPage, async (request, reply) => {
    const checkout = await testCheckout(request.params.id);
    reply.type('text/html; charset=utf-8');
    if (!checkout) return reply.status(404).send(checkoutNotFound);
    const plan = PLANS[checkout.plan as PlanId];
    const cycle = checkout.billing_cycle as BillingCycle;
    const account = await db.selectFrom('accounts').select(['plan', 'trial_ends_at']).where('id', '=', checkout.account_id).executeTakeFirstOrThrow();
    const trialLeft = account.plan === 'trial' ? Number(account.trial_ends_at) - Date.now() : 0;
    const days = Math.ceil(trialLeft / 86_400_000);
    const trialNote = trialLeft >= MIN_STRIPE_TRIAL_MS ? `Your ${TRIAL_DAYS}-day trial continues: billing would start in ${days} days.` : 'Billing would start today.';
    const body = checkout.completed_at
      ? `<h1>Subscription confirmed</h1><p>This test checkout was already confirmed.</p><p><a href="/account">Go to your account</a></p>`
      : `<p class="badge">${escapeHtml(BILLING_MESSAGES.testMode)}</p><h1>Confirm your subscription</h1>
<dl><dt>Plan</dt><dd>${escapeHtml(plan.displayName)}</dd><dt>Billing</dt><dd>${cycle === 'annual' ? 'Annual' : 'Monthly'}: $${priceOf(checkout.plan as 'starter' | 'growth', cycle).toLocaleString('en-US')} per ${cycle === 'annual' ? 'year' : 'month'}</dd><dt>Trial</dt><dd>${escapeHtml(trialNote)}</dd></dl>
<p>This server has no payment provider configured (STRIPE_SECRET_KEY), so this page stands in for the card form. Confirming activates the plan; no card is asked for and nothing is charged.</p>
<form method="post" action="/billing/test-checkout/${escapeHtml(request.params.id)}/confirm"><button type="submit">Confirm test subscription</button></form>
<p><a href="/auth/payment">Cancel and go back to plans</a></p>`;
    return reply.send(page(BILLING_MESSAGES.testMode, body));
  });

  // The confirmation form posts urlencoded; its body carries nothing we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  app.post<{ Params: { id: string } }>('/billing/test-checkout/:id/confirm', linkPage, async (request, reply) => {
    const checkout = await testCheckout(request.params.id);
    if (!checkout) return reply.status(404).type('text/html; charset=utf-8').send(checkoutNotFound);
    const now = Date.now();
    if (!checkout.completed_at) {
      const account = await db.selectFrom('accounts').select(['plan', 'trial_ends_at']).where('id', '=', checkout.account_id).executeTakeFirstOrThrow();
      const keepTrial = account.plan === 'trial' && Number(account.trial_ends_at) - now >= MIN_STRIPE_TRIAL_MS;
      await applyPlanChange(db, {
        eventId: `test_checkout_${checkout.id}`,
        eventType: 'test_checkout.completed',
        eventAt: now,
        accountId: checkout.account_id,
        plan: checkout.plan as PlanId,
        status: keepTrial ? 'trialing' : 'active',
        billingCycle: checkout.billing_cycle as BillingCycle,
      });
      await db.updateTable('checkouts').set({ completed_at: now }).where('id', '=', checkout.id).execute();
    }
    return reply.redirect('/account?checkout=success', 303);
  });
}

type StripeObject = {
  id?: string;
  client_reference_id?: string | null;
  customer?: string | null;
  subscription?: string | null;
  status?: string;
  payment_status?: string;
  metadata?: Record<string, string> | null;
};

/** POST /api/billing/webhook: its own scope, so the body stays raw bytes for the signature. */
export async function billingWebhookRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/billing/webhook', async (request, reply) => {
    if (!config.stripeWebhookSecret) throw new HttpError(503, 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string') throw new HttpError(400, 'Missing Stripe-Signature header');
    let event;
    try {
      event = webhookVerifier(config).webhooks.constructEvent(request.body as Buffer, signature, config.stripeWebhookSecret);
    } catch {
      throw new HttpError(400, 'Invalid Stripe signature');
    }
    const object = event.data.object as StripeObject;
    const metadata = object.metadata ?? {};
    const accountId = object.client_reference_id ?? metadata.accountId;
    const plan = metadata.plan;
    const cycle = metadata.billingCycle === 'annual' ? 'annual' : 'monthly';
    if (!accountId || !plan || !(plan in PLANS)) return reply.send({ received: true, result: 'ignored' });
    let status: PlanChange['status'] | null = null;
    if (event.type === 'checkout.session.completed') status = object.payment_status === 'no_payment_required' ? 'trialing' : 'active';
    else if (event.type === 'customer.subscription.created' || event.type === 'customer.subscription.updated') status = stripeStatus(object.status ?? '');
    else if (event.type === 'customer.subscription.deleted') status = 'canceled';
    if (!status) return reply.send({ received: true, result: 'ignored' });
    const result = await applyPlanChange(db, {
      eventId: event.id,
      eventType: event.type,
      eventAt: event.created * 1000,
      accountId,
      plan: plan as PlanId,
      status,
      billingCycle: cycle,
      stripeCustomerId: typeof object.customer === 'string' ? object.customer : undefined,
      stripeSubscriptionId: event.type === 'checkout.session.completed' ? (object.subscription ?? undefined) : object.id,
    });
    return reply.send({ received: true, result });
  });
}
