// Newsletter with double opt-in: POST /api/home/newsletter answers the same 202 for every address
// (no enumeration) and does its work after answering; the emailed link confirms; every message
// carries its own unsubscribe link (stored hashed) and a List-Unsubscribe header.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashToken, newToken } from '../auth/tokens.ts';
import { linkTokenBody, workEmail } from '../booking/booking-schemas.ts';
import { parseRequest } from '../booking/request-body.ts';
import type { Database } from '../db/database.ts';
import { newsletterConfirmEmail, newsletterWelcomeEmail } from '../email/messages.ts';
import { HttpError } from '../http/errors.ts';
import { perClient } from '../http/rate-limits.ts';
import { newLeadId } from './ids.ts';
import { LEAD_FORM_RATE_PER_HOUR, LEAD_MESSAGES, NEWSLETTER_LINK_RATE_PER_HOUR, NEWSLETTER_RESEND_INTERVAL_MS } from './leads-constants.ts';

const subscribeBody = z.object({ email: workEmail }).strict();
const confirmBody = linkTokenBody(LEAD_MESSAGES.newsletterConfirmInvalid);
const unsubscribeBody = linkTokenBody(LEAD_MESSAGES.newsletterUnsubscribeInvalid);

/** A fresh unsubscribe link for one message to this subscriber. */
async function unsubscribeLink(db: Database, publicUrl: string, subscriberId: string, now: number): Promise<string> {
  const token = newToken();
  await db.insertInto('newsletter_unsubscribe_tokens').values({ token_hash: hashToken(token), subscriber_id: subscriberId, created_at: now }).execute();
  return `${publicUrl}/newsletter/unsubscribe?token=${token}`;
}

/**
 * Starts the double opt-in for an address (the newsletter form, or the updates box at registration):
 * a confirmation email for a new or pending address (at most one per resend interval), a welcome
 * back for a confirmed one. Callers answer before it runs, the same for every address.
 */
export async function startNewsletterOptIn(app: FastifyInstance, email: string): Promise<void> {
  const { db, config } = app;
  const now = Date.now();
  const confirmToken = newToken();
  const existing = await db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();
  let id: string;
  if (!existing) {
    id = newLeadId('ns');
    await db
      .insertInto('newsletter_subscribers')
      .values({ id, email, status: 'pending', confirm_token_hash: hashToken(confirmToken), created_at: now, updated_at: now, confirmed_at: null, unsubscribed_at: null })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const row = await db.selectFrom('newsletter_subscribers').select(['id', 'confirm_token_hash']).where('email', '=', email).executeTakeFirstOrThrow();
    // A simultaneous request for the same address won: its email carries the link.
    if (row.confirm_token_hash !== hashToken(confirmToken)) return;
    id = row.id;
  } else if (existing.status === 'confirmed') {
    await app.mailer.send(newsletterWelcomeEmail(email, await unsubscribeLink(db, config.publicUrl, existing.id, now)));
    return;
  } else {
    if (existing.status === 'pending' && now - Number(existing.updated_at) < NEWSLETTER_RESEND_INTERVAL_MS) return;
    id = existing.id;
    await db.updateTable('newsletter_subscribers').set({ status: 'pending', confirm_token_hash: hashToken(confirmToken), updated_at: now }).where('id', '=', id).execute();
  }
  const confirmLink = `${config.publicUrl}/newsletter/confirm?token=${confirmToken}`;
  await app.mailer.send(newsletterConfirmEmail(email, confirmLink, await unsubscribeLink(db, config.publicUrl, id, now)));
}

export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  app.post('/api/home/newsletter', { config: perClient(LEAD_FORM_RATE_PER_HOUR, '1 hour') }, async (request, reply) => {
    const { email } = parseRequest(subscribeBody, request.body);
    // The answer comes first and is the same for every address; the lookup and the email follow.
    startNewsletterOptIn(app, email).catch((error: unknown) => app.log.error({ err: error }, 'newsletter subscription failed'));
    return reply.status(202).send({ message: LEAD_MESSAGES.newsletterCheckInbox });
  });

  const linkLimit = { config: perClient(NEWSLETTER_LINK_RATE_PER_HOUR, '1 hour') };

  app.post('/api/home/newsletter/confirm', linkLimit, async (request) => {
    const { token } = parseRequest(confirmBody, request.body);
    const row = await db.selectFrom('newsletter_subscribers').selectAll().where('confirm_token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!row) throw new HttpError(404, LEAD_MESSAGES.newsletterConfirmInvalid);
    if (row.status !== 'confirmed') {
      const now = Date.now();
      const updated = await db
        .updateTable('newsletter_subscribers')
        .set({ status: 'confirmed', confirmed_at: now, updated_at: now, unsubscribed_at: null })
        .where('id', '=', row.id)
        .where('status', '!=', 'confirmed')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) {
        const link = await unsubscribeLink(db, config.publicUrl, row.id, now);
        app.mailer.send(newsletterWelcomeEmail(row.email, link)).catch((error: unknown) => app.log.error({ err: error }, 'newsletter email could not be sent'));
      }
    }
    return { message: LEAD_MESSAGES.newsletterConfirmed };
  });

  app.post('/api/home/newsletter/unsubscribe', linkLimit, async (request) => {
    const { token } = parseRequest(unsubscribeBody, request.body);
    const link = await db.selectFrom('newsletter_unsubscribe_tokens').select('subscriber_id').where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!link) throw new HttpError(404, LEAD_MESSAGES.newsletterUnsubscribeInvalid);
    const now = Date.now();
    // The confirmation link dies with the subscription: only a new sign-up can renew it.
    await db
      .updateTable('newsletter_subscribers')
      .set({ status: 'unsubscribed', unsubscribed_at: now, updated_at: now, confirm_token_hash: null })
      .where('id', '=', link.subscriber_id)
      .where('status', '!=', 'unsubscribed')
      .execute();
    return { message: LEAD_MESSAGES.newsletterUnsubscribed };
  });
}
