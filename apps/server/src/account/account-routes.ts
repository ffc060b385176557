// The customer account API behind /account: profile, plan and trial, usage against the plan's
// quota, API keys (through the api-keys module: the secret is shown once), recent decisions with
// their proof bundles, and change of password (which signs out every other device).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dataKeyOf } from '../api-keys/api-key-auth.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../api-keys/api-key-store.ts';
import { API_KEYS_PER_ACCOUNT_MAX, RECENT_DECISIONS_SHOWN } from '../auth/account-constants.ts';
import { sentPassword } from '../auth/auth-schemas.ts';
import { passwordMark } from '../auth/password-mark.ts';
import { hashPassword, passwordProblem } from '../auth/passwords.ts';
import { requireSession } from '../auth/sessions.ts';
import { checkAccountPassword } from '../auth/throttle.ts';
import { callsThisMonth, termsOf } from '../billing/entitlements.ts';
import { ACCOUNT_REQUESTS_PER_MINUTE, SUBJECT_ERASURE_RATE_PER_MINUTE } from '../constants.ts';
import { eraseSubject, subjectReference } from '../decide/decide-routes.ts';
import type { Mailer } from '../email/mailer.ts';
import { passwordChangedEmail } from '../email/messages.ts';
import { HttpError } from '../http/errors.ts';
import { perAccount } from '../http/rate-limits.ts';
import { deleteWebhook, saveWebhook, webhookUrlProblem } from './decision-webhooks.ts';

const keyBody = z.object({ name: z.string().trim().min(1, 'Name the key').max(80, 'A key name has at most 80 characters') }).strict();
const keyParams = z.object({ id: z.string().regex(/^[0-9a-f]{1,64}$/, 'Unknown key') });
const webhookBody = z.object({ url: z.string().trim().min(1, 'Enter the webhook URL').max(2_000) }).strict();
const passwordBody = z.object({ currentPassword: sentPassword.min(1, 'Current password is required'), newPassword: sentPassword }).strict();

export async function accountRoutes(app: FastifyInstance, options: { mailer: Mailer }): Promise<void> {
  const { db, config } = app;
  app.addHook('preValidation', requireSession(db));
  const limited = { config: perAccount(ACCOUNT_REQUESTS_PER_MINUTE) };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/account', limited, async (request) => {
    const account = request.session!.account;
    const { plan, contract, name, trialDaysLeft, trialExpired, entitlements } = termsOf(account);
    return {
      profile: { customerId: account.id, email: account.email, firstName: account.first_name, lastName: account.last_name, companyName: account.company_name },
      // Under a contract there is no trial and no billing of the site's own to show.
      plan: {
        id: plan,
        contract,
        name,
        status: contract ? 'active' : account.plan_status,
        billingCycle: contract ? null : account.billing_cycle,
        trialEndsAt: contract ? null : new Date(Number(account.trial_ends_at)).toISOString(),
        trialDaysLeft,
        trialExpired,
      },
      entitlements,
      usage: { calls: await callsThisMonth(db, account.id), limit: entitlements.apiCallsPerMonth },
    };
  });

  app.get('/api/account/keys', limited, async (request) => ({ keys: await listApiKeys(db, request.session!.account.id) }));

  app.post('/api/account/keys', { ...limited, schema: { body: keyBody } }, async (request, reply) => {
    const customerId = request.session!.account.id;
    const active = (await listApiKeys(db, customerId)).filter((k) => k.revokedAt === null);
    if (active.length >= API_KEYS_PER_ACCOUNT_MAX) throw new HttpError(400, `An account can have at most ${API_KEYS_PER_ACCOUNT_MAX} active keys: revoke one first`);
    const { name } = request.body as z.infer<typeof keyBody>;
    const created = await createApiKey(db, dataKeyOf(config), { customerId, name });
    return reply.status(201).send({ key: created });
  });

  app.delete('/api/account/keys/:id', { ...limited, schema: { params: keyParams } }, async (request) => {
    const { id } = request.params as z.infer<typeof keyParams>;
    const owned = (await listApiKeys(db, request.session!.account.id)).some((k) => k.id === id);
    if (!owned) throw new HttpError(404, 'Unknown key');
    await revokeApiKey(db, id);
    return { revoked: true };
  });

  app.get('/api/account/decisions', limited, async (request) => {
    const rows = await db
      .selectFrom('decision_logs')
      .select(['id', 'decision', 'exit_code', 'article', 'latency_ns', 'bundle_id', 'created_at'])
      .where('customer_id', '=', request.session!.account.id)
      .orderBy('created_at', 'desc')
      .limit(RECENT_DECISIONS_SHOWN)
      .execute();
    return {
      decisions: rows.map((r) => ({
        id: r.id,
        decision: r.decision,
        exitCode: r.exit_code,
        article: r.article,
        latencyUs: Number(r.latency_ns) / 1000,
        at: new Date(Number(r.created_at)).toISOString(),
        proofBundle: r.bundle_id ? `/api/v1/audit/bundles/${r.bundle_id}` : null,
      })),
    };
  });

  // Custom arbiters are made with an API key (POST /api/v1/arbiters); the account lists them against the plan.
  app.get('/api/account/arbiters', limited, async (request) => {
    const account = request.session!.account;
    const rows = await db
      .selectFrom('arbiters')
      .innerJoin('arbiter_versions', (join) => join.onRef('arbiter_versions.arbiter_id', '=', 'arbiters.id').onRef('arbiter_versions.version', '=', 'arbiters.latest_version'))
      .select(['arbiters.id', 'arbiters.name', 'arbiters.latest_version', 'arbiters.updated_at', 'arbiter_versions.rule_count'])
      .where('arbiters.customer_id', '=', account.id)
      .orderBy('arbiters.name')
      .execute();
    const { customArbiters, rulesPerArbiter } = termsOf(account).entitlements;
    return {
      allowed: customArbiters,
      rulesPerArbiter,
      arbiters: rows.map((r) => ({ id: r.id, name: r.name, version: r.latest_version, rules: r.rule_count, updatedAt: new Date(Number(r.updated_at)).toISOString() })),
    };
  });

  // A data subject's erasure from the account page, for a request that reaches the customer's privacy team rather than its code.
  app.post(
    '/api/account/subjects/erase',
    {
      schema: { body: z.object({ subject: subjectReference }).strict() },
      config: perAccount(SUBJECT_ERASURE_RATE_PER_MINUTE),
    },
    async (request) => eraseSubject(app, request.session!.account.id, (request.body as { subject: string }).subject),
  );

  app.get('/api/account/webhook', limited, async (request) => {
    const account = request.session!.account;
    const row = await db.selectFrom('decision_webhooks').select(['url', 'created_at']).where('customer_id', '=', account.id).executeTakeFirst();
    const counts = await db
      .selectFrom('webhook_deliveries')
      .select((eb) => [eb.fn.count<number>('delivered_at').as('delivered'), eb.fn.count<number>('failed_at').as('failed'), eb.fn.countAll<number>().as('total')])
      .where('customer_id', '=', account.id)
      .executeTakeFirstOrThrow();
    return {
      allowed: termsOf(account).entitlements.webhooks,
      webhook: row ? { url: row.url, createdAt: new Date(Number(row.created_at)).toISOString() } : null,
      deliveries: { delivered: Number(counts.delivered), failed: Number(counts.failed), pending: Number(counts.total) - Number(counts.delivered) - Number(counts.failed) },
    };
  });

  app.put('/api/account/webhook', { ...limited, schema: { body: webhookBody } }, async (request) => {
    const account = request.session!.account;
    const terms = termsOf(account);
    if (!terms.entitlements.webhooks) throw new HttpError(403, `Decision webhooks are part of the Growth and Enterprise plans; your plan is ${terms.name}.`);
    const { url } = request.body as z.infer<typeof webhookBody>;
    const problem = webhookUrlProblem(config, url);
    if (problem) throw new HttpError(400, problem);
    const secret = await saveWebhook(db, config, account.id, url);
    return { url, secret };
  });

  app.delete('/api/account/webhook', limited, async (request) => {
    await deleteWebhook(db, request.session!.account.id);
    return { deleted: true };
  });

  app.post('/api/account/password', { ...limited, schema: { body: passwordBody } }, async (request) => {
    const session = request.session!;
    const { currentPassword, newPassword } = request.body as z.infer<typeof passwordBody>;
    if (!(await checkAccountPassword(db, session.account, currentPassword))) throw new HttpError(400, 'The current password is not correct');
    const problem = passwordProblem(newPassword);
    if (problem) throw new HttpError(400, problem);
    const now = Date.now();
    const passwordHash = await hashPassword(newPassword);
    await db.updateTable('accounts').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', session.account.id).execute();
    // This session goes on with the new password; every other one ends, and one signed in with the old password meanwhile is refused (passwordMark).
    await db.updateTable('sessions').set({ password_mark: passwordMark(passwordHash) }).where('token_hash', '=', session.tokenHash).execute();
    await db.deleteFrom('sessions').where('account_id', '=', session.account.id).where('token_hash', '!=', session.tokenHash).execute();
    options.mailer
      .send(passwordChangedEmail(session.account.email, session.account.first_name, `${config.publicUrl}/auth/forget-password`))
      .catch((error: unknown) => app.log.error({ err: error }, 'email could not be sent'));
    return { success: true };
  });
}
