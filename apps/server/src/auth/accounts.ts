// Registers accounts on the app: cookies, email, the auth API, checkout and billing, the customer
// account API and data rights, and the retention of their records. app.ts calls this once.
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { accountDataRights, outboxDataRights } from '../account/account-data.ts';
import { accountRetention } from '../account/account-retention.ts';
import { accountRoutes } from '../account/account-routes.ts';
import { startWebhookDispatcher } from '../account/decision-webhooks.ts';
import { billingRoutes, billingWebhookRoutes } from '../billing/billing-routes.ts';
import { createMailer, type Mailer, outboxDirectory } from '../email/mailer.ts';
import { DataRightsRegistry } from '../gdpr/data-rights.ts';
import { gdprRoutes } from '../gdpr/gdpr-routes.ts';
import { BILLING_EVENT_RETENTION_MS, OUTBOX_RETENTION_MS, TOKEN_RECORD_RETENTION_MS } from './account-constants.ts';
import { authRoutes } from './auth-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export async function registerAccounts(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  const mailer = createMailer(app.config, app.db, app.log);
  app.decorate('mailer', mailer);
  app.decorateRequest('session', null);
  app.decorate('dataRights', new DataRightsRegistry());
  app.dataRights.register(accountDataRights);
  app.dataRights.register(outboxDataRights(outboxDirectory(app.config)));

  const purge = (table: 'sessions' | 'password_resets' | 'gdpr_requests', column: 'expires_at') => async (db: FastifyInstance['db'], cutoff: number) =>
    Number((await db.deleteFrom(table).where(column, '<', cutoff).executeTakeFirst()).numDeletedRows);
  app.retention.register({ name: 'expired sessions', periodMs: 1, purge: purge('sessions', 'expires_at') });
  app.retention.register({ name: 'password reset links', periodMs: TOKEN_RECORD_RETENTION_MS, purge: purge('password_resets', 'expires_at') });
  app.retention.register({ name: 'data-rights links', periodMs: TOKEN_RECORD_RETENTION_MS, purge: purge('gdpr_requests', 'expires_at') });
  app.retention.register({
    name: 'sign-in throttle',
    periodMs: TOKEN_RECORD_RETENTION_MS,
    purge: async (db, cutoff) => Number((await db.deleteFrom('auth_throttle').where('updated_at', '<', cutoff).executeTakeFirst()).numDeletedRows),
  });
  app.retention.register({
    name: 'development outbox',
    periodMs: OUTBOX_RETENTION_MS,
    purge: async (db, cutoff) => Number((await db.deleteFrom('outbox').where('created_at', '<', cutoff).executeTakeFirst()).numDeletedRows),
  });
  app.retention.register({
    name: 'decision webhook deliveries',
    periodMs: TOKEN_RECORD_RETENTION_MS,
    purge: async (db, cutoff) =>
      Number((await db.deleteFrom('webhook_deliveries').where('created_at', '<', cutoff).where((eb) => eb.or([eb('delivered_at', 'is not', null), eb('failed_at', 'is not', null)])).executeTakeFirst()).numDeletedRows),
  });
  app.retention.register(accountRetention(app.config, mailer, app.log));
  app.retention.register({
    name: 'billing events',
    periodMs: BILLING_EVENT_RETENTION_MS,
    purge: async (db, cutoff) => Number((await db.deleteFrom('billing_events').where('received_at', '<', cutoff).executeTakeFirst()).numDeletedRows),
  });

  await app.register(authRoutes, { mailer });
  await app.register(billingRoutes);
  await app.register(billingWebhookRoutes);
  await app.register(accountRoutes, { mailer });
  await app.register(gdprRoutes, { mailer });
  startWebhookDispatcher(app);
}
