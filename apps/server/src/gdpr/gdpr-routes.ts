// /api/gdpr/access and /api/gdpr/delete: a signed-in account gets its export or its erasure at once
// (erasure asks for the password); anyone else gives an email and receives a single-use link
// (24 hours). The link opens a page whose button does the work, so mail scanners that follow
// links cannot consume it.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GDPR_LINK_EXPIRY_MS, GDPR_REQUEST_RATE_PER_HOUR, PRODUCT_NAME } from '../auth/account-constants.ts';
import { sentPassword } from '../auth/auth-schemas.ts';
import { clearSessionCookie, findSession } from '../auth/sessions.ts';
import { checkAccountPassword } from '../auth/throttle.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { LINK_PAGES_PER_MINUTE } from '../constants.ts';
import { emailField } from '../email/email-address.ts';
import type { Mailer } from '../email/mailer.ts';
import { dataRightsEmail, escapeHtml } from '../email/messages.ts';
import { HttpError } from '../http/errors.ts';
import { perClient, perClientPage } from '../http/rate-limits.ts';
import type { DataSubject } from './data-rights.ts';

export const GDPR_MESSAGES = {
  linkSent: 'If we hold data for this email, a single-use link has been sent to it. It expires in 24 hours.',
  emailNeeded: 'Sign in, or give the email address the request is about.',
  passwordNeeded: 'Enter your password to delete your account.',
  passwordWrong: 'The password is not correct.',
  linkInvalid: 'This link is invalid, expired or already used. Please make a new request.',
} as const;

const requestBody = z.object({ email: emailField({ required: GDPR_MESSAGES.emailNeeded, invalid: 'Please enter a valid email address' }).optional(), password: sentPassword.optional() });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)} — ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem}button{padding:.6rem 1.2rem;font-size:1rem}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export async function gdprRoutes(app: FastifyInstance, options: { mailer: Mailer }): Promise<void> {
  const { db, config } = app;
  const limited = { config: perClient(GDPR_REQUEST_RATE_PER_HOUR, '1 hour') };
  const linkPage = perClientPage(LINK_PAGES_PER_MINUTE, page);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  async function emailLink(email: string, action: 'access' | 'delete') {
    const token = newToken();
    const now = Date.now();
    await db.insertInto('gdpr_requests').values({ token_hash: hashToken(token), email, action, created_at: now, expires_at: now + GDPR_LINK_EXPIRY_MS, used_at: null }).execute();
    options.mailer.send(dataRightsEmail(email, action, `${config.publicUrl}/api/gdpr/requests/${token}`)).catch((error: unknown) => app.log.error({ err: error }, 'email could not be sent'));
  }

  const exportOf = async (subject: DataSubject) => ({ exportedAt: new Date().toISOString(), subject: subject.email, records: await app.dataRights.exportFor(db, subject) });

  app.post('/api/gdpr/access', { ...limited, schema: { body: requestBody.nullish() } }, async (request, reply) => {
    const session = await findSession(db, request);
    if (session) {
      reply.header('content-disposition', 'attachment; filename="bytebound-data-export.json"').header('cache-control', 'no-store');
      return exportOf({ email: session.account.email, accountId: session.account.id });
    }
    const email = (request.body as z.infer<typeof requestBody> | undefined)?.email;
    if (!email) throw new HttpError(400, GDPR_MESSAGES.emailNeeded);
    await emailLink(email, 'access');
    return reply.status(202).send({ success: true, message: GDPR_MESSAGES.linkSent });
  });

  app.post('/api/gdpr/delete', { ...limited, schema: { body: requestBody.nullish() } }, async (request, reply) => {
    const body = request.body as z.infer<typeof requestBody> | undefined;
    const session = await findSession(db, request);
    if (session) {
      if (!body?.password) throw new HttpError(400, GDPR_MESSAGES.passwordNeeded);
      if (!(await checkAccountPassword(db, session.account, body.password))) throw new HttpError(400, GDPR_MESSAGES.passwordWrong);
      const erased = await app.dataRights.eraseFor(db, { email: session.account.email, accountId: session.account.id });
      clearSessionCookie(config, reply);
      return { success: true, erased };
    }
    if (!body?.email) throw new HttpError(400, GDPR_MESSAGES.emailNeeded);
    await emailLink(body.email, 'delete');
    return reply.status(202).send({ success: true, message: GDPR_MESSAGES.linkSent });
  });

  // Any token is looked up by its hash: one that is not ours (mistyped, cut short, too long) gets the page a used link gets.
  app.get<{ Params: { token: string } }>('/api/gdpr/requests/:token', linkPage, async (request, reply) => {
    const { token } = request.params;
    const row = await db.selectFrom('gdpr_requests').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!row || row.used_at !== null || Number(row.expires_at) <= Date.now()) return reply.status(410).send(page('Link no longer valid', `<p>${escapeHtml(GDPR_MESSAGES.linkInvalid)}</p>`));
    const access = row.action === 'access';
    const form = `<form method="post" action="/api/gdpr/requests/${escapeHtml(token)}"><button type="submit">${access ? 'Download my data' : 'Delete my data'}</button></form>`;
    return reply.send(
      page(
        access ? 'Download your data' : 'Delete your data',
        `<p>${access ? 'Download a copy (JSON) of the personal data we hold about' : 'Permanently delete the personal data we hold about'} ${escapeHtml(row.email)}.</p>${form}`,
      ),
    );
  });

  app.post<{ Params: { token: string } }>('/api/gdpr/requests/:token', linkPage, async (request, reply) => {
    const { token } = request.params;
    const tokenHash = hashToken(token);
    const row = await db.selectFrom('gdpr_requests').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    const now = Date.now();
    const claimed = row && Number(row.expires_at) > now ? await db.updateTable('gdpr_requests').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst() : null;
    if (!row || !claimed || Number(claimed.numUpdatedRows) !== 1) {
      return reply.status(410).type('text/html; charset=utf-8').send(page('Link no longer valid', `<p>${escapeHtml(GDPR_MESSAGES.linkInvalid)}</p>`));
    }
    const subject = { email: row.email, accountId: null };
    if (row.action === 'access') {
      reply.header('content-disposition', 'attachment; filename="bytebound-data-export.json"').header('cache-control', 'no-store');
      return exportOf(subject);
    }
    await app.dataRights.eraseFor(db, subject);
    await db.deleteFrom('gdpr_requests').where('email', '=', row.email).execute();
    return reply.type('text/html; charset=utf-8').send(page('Your data has been deleted', '<p>Everything we held about this email address has been deleted.</p>'));
  });
}
