// The one path that changes an account's plan, whether the news comes from a Stripe webhook or
// from the built-in test checkout: idempotent on the event id, and an event older than the one
// that set the current plan is ignored (webhooks may arrive out of order).
import type { Database } from '../db/database.ts';
import { forgetAccountPlans } from '../decide/entitlements-check.ts';
import type { BillingCycle, PlanId } from './plans.ts';

export type PlanChange = {
  eventId: string;
  eventType: string;
  /** When the provider created the event (epoch ms). */
  eventAt: number;
  accountId: string;
  plan: PlanId;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  billingCycle: BillingCycle | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
};

export type FulfilmentResult = 'applied' | 'duplicate' | 'stale' | 'unknown-account';

export async function applyPlanChange(db: Database, change: PlanChange, now = Date.now()): Promise<FulfilmentResult> {
  const result = await db.transaction().execute(async (trx): Promise<FulfilmentResult> => {
    const inserted = await trx
      .insertInto('billing_events')
      .values({ event_id: change.eventId, type: change.eventType, received_at: now })
      .onConflict((c) => c.column('event_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate';
    const account = await trx.selectFrom('accounts').select(['id', 'plan_event_at']).where('id', '=', change.accountId).executeTakeFirst();
    if (!account) return 'unknown-account';
    if (Number(account.plan_event_at) > change.eventAt) return 'stale';
    await trx
      .updateTable('accounts')
      .set({
        plan: change.status === 'canceled' ? 'trial' : change.plan,
        plan_status: change.status,
        billing_cycle: change.status === 'canceled' ? null : change.billingCycle,
        plan_event_at: change.eventAt,
        ...(change.stripeCustomerId !== undefined ? { stripe_customer_id: change.stripeCustomerId } : {}),
        ...(change.stripeSubscriptionId !== undefined ? { stripe_subscription_id: change.stripeSubscriptionId } : {}),
      })
      .where('id', '=', change.accountId)
      .execute();
    return 'applied';
  });
  if (result === 'applied') forgetAccountPlans(db);
  return result;
}
