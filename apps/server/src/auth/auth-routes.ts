// The auth API of spec section 7: sign-in (and the legacy POST /login), register, forgot and reset
// password, logout and me. Sign-in and forgot-password answer alike whether or not an account
// exists; registration cannot (it returns a token at once), so it is rate-limited per IP, costs
// one argon2 hash either way, and emails the owner of an existing account.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Mailer } from '../email/mailer.ts';
import { perClient } from '../http/rate-limits.ts';
import { startNewsletterOptIn } from '../leads/newsletter-routes.ts';
import { accountExistsEmail, passwordChangedEmail, resetPasswordEmail, welcomeEmail } from '../email/messages.ts';
import {
  AUTH_ANSWER_FLOOR_MS,
  FORGOT_PASSWORD_PER_EMAIL_PER_HOUR,
  FORGOT_PASSWORD_RATE_PER_HOUR_PER_IP,
  REGISTER_RATE_PER_HOUR,
  RESET_LINK_EXPIRY_MS,
  SIGNIN_FREE_FAILURES_PER_IP,
  TERMS_VERSION,
  TRIAL_DAYS,
  TRIAL_MS,
} from './account-constants.ts';
import { firstMessage, forgotPasswordBody, logoutBody, RESET_LINK_INVALID, registerBody, resetPasswordBody, signInBody } from './auth-schemas.ts';
import { dummyHash, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { clearSessionCookie, requireSession, revokeAllSessions, revokeSession, sessionToEnd, startSession } from './sessions.ts';
import { accountThrottle, clearFailures, recordFailure, waitBeforeAttempt } from './throttle.ts';
import { hashToken, newAccountId, newToken } from './tokens.ts';

export const AUTH_MESSAGES = {
  badCredentials: 'Invalid email or password',
  throttled: (seconds: number) => `Too many sign-in attempts. Please wait ${seconds} seconds and try again.`,
  emailTaken: 'An account with this email already exists. Please sign in or reset your password.',
  forgotAccepted: 'If an account exists for this email, we have sent a link to reset the password.',
  resetInvalid: RESET_LINK_INVALID,
  resetDone: 'Your password has been changed. Please sign in with your new password.',
} as const;

type Fail = { success: false; error: string };

function parse<T extends z.ZodType>(schema: T, body: unknown, reply: FastifyReply): z.infer<T> | null {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  void reply.status(400).send({ success: false, error: firstMessage(result.error) } satisfies Fail);
  return null;
}

/** Waits until `floorMs` have passed since `startedAt` (performance.now()), so every path answers alike. */
async function answerNoSoonerThan(startedAt: number, floorMs = AUTH_ANSWER_FLOOR_MS): Promise<void> {
  const remaining = startedAt + floorMs - performance.now();
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}

/** Sends in the background: the response must not wait on (or reveal) mail delivery. */
function sendLater(app: FastifyInstance, mailer: Mailer, message: Parameters<Mailer['send']>[0]): void {
  mailer.send(message).catch((error: unknown) => app.log.error({ err: error }, 'email could not be sent'));
}

export async function authRoutes(app: FastifyInstance, options: { mailer: Mailer }): Promise<void> {
  const { db, config } = app;
  const { mailer } = options;
  const link = (path: string) => `${config.publicUrl}${path}`;

  async function signIn(request: FastifyRequest, reply: FastifyReply) {
    const startedAt = performance.now();
    const body = parse(signInBody, request.body, reply);
    if (!body) return reply;
    const keys = [
      accountThrottle(body.email),
      { key: `ip:${request.ip}`, freeFailures: SIGNIN_FREE_FAILURES_PER_IP },
    ];
    const wait = await waitBeforeAttempt(db, keys);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      return reply.status(429).header('retry-after', String(seconds)).send({ success: false, error: AUTH_MESSAGES.throttled(seconds) } satisfies Fail);
    }
    const account = await db.selectFrom('accounts').selectAll().where('email', '=', body.email).executeTakeFirst();
    const valid = await verifyPassword(account?.password_hash ?? (await dummyHash()), body.password);
    if (!account || !valid) {
      await recordFailure(db, keys);
      await answerNoSoonerThan(startedAt);
      return reply.status(401).send({ success: false, error: AUTH_MESSAGES.badCredentials } satisfies Fail);
    }
    await clearFailures(db, keys[0]!.key);
    // The account deleted while its password was checked: its credentials are no longer valid.
    const token = await startSession(db, config, reply, account, body.rememberMe);
    if (!token) return reply.status(401).send({ success: false, error: AUTH_MESSAGES.badCredentials } satisfies Fail);
    return reply.send({ success: true, token, customerId: account.id });
  }

  app.post('/api/auth/signin', signIn);
  /** The spec's older client: POST /login with credentials, reads the token field. */
  app.post('/login', signIn);

  app.post('/api/auth/register', { config: perClient(REGISTER_RATE_PER_HOUR, '1 hour') }, async (request, reply) => {
    const startedAt = performance.now();
    const body = parse(registerBody, request.body, reply);
    if (!body) return reply;
    const problem = passwordProblem(body.password);
    if (problem) return reply.status(400).send({ success: false, error: problem } satisfies Fail);
    const passwordHash = await hashPassword(body.password);
    const existing = await db.selectFrom('accounts').select('id').where('email', '=', body.email).executeTakeFirst();
    if (existing) {
      sendLater(app, mailer, accountExistsEmail(body.email, link('/auth/sign-in'), link('/auth/forget-password')));
      await answerNoSoonerThan(startedAt);
      return reply.status(409).send({ success: false, error: AUTH_MESSAGES.emailTaken } satisfies Fail);
    }
    const now = Date.now();
    const id = newAccountId();
    try {
      await db
        .insertInto('accounts')
        .values({
          id,
          email: body.email,
          password_hash: passwordHash,
          first_name: body.firstName,
          last_name: body.lastName,
          company_name: body.companyName,
          terms_version: body.termsVersion ?? TERMS_VERSION,
          terms_accepted_at: now,
          newsletter: body.subscribeNewsletter ? 1 : 0,
          plan: 'trial',
          plan_status: 'trialing',
          billing_cycle: null,
          trial_ends_at: now + TRIAL_MS,
          stripe_customer_id: null,
          stripe_subscription_id: null,
          plan_event_at: 0,
          created_at: now,
          password_changed_at: now,
        })
        .execute();
    } catch {
      // Lost a race with a registration of the same email.
      await answerNoSoonerThan(startedAt);
      return reply.status(409).send({ success: false, error: AUTH_MESSAGES.emailTaken } satisfies Fail);
    }
    sendLater(app, mailer, welcomeEmail(body.email, body.firstName, config.accountUrl, TRIAL_DAYS));
    // The updates box starts the newsletter's double opt-in: nothing is sent until the link is followed.
    if (body.subscribeNewsletter) startNewsletterOptIn(app, body.email).catch((error: unknown) => app.log.error({ err: error }, 'newsletter opt-in failed'));
    const token = await startSession(db, config, reply, { id, password_hash: passwordHash }, false, now);
    await answerNoSoonerThan(startedAt);
    if (!token) return reply.status(401).send({ success: false, error: AUTH_MESSAGES.badCredentials } satisfies Fail);
    return reply.status(201).send({ success: true, token, customerId: id });
  });

  let resetQueue: Promise<void> = Promise.resolve();
  async function createReset(email: string) {
    const now = Date.now();
    const account = await db.selectFrom('accounts').select(['id', 'first_name']).where('email', '=', email).executeTakeFirst();
    if (!account) return;
    const recent = await db
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', account.id)
      .where('created_at', '>', now - 60 * 60 * 1000)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= FORGOT_PASSWORD_PER_EMAIL_PER_HOUR) return;
    const token = newToken();
    await db.insertInto('password_resets').values({ token_hash: hashToken(token), account_id: account.id, created_at: now, expires_at: now + RESET_LINK_EXPIRY_MS, used_at: null }).execute();
    await mailer.send(resetPasswordEmail(email, account.first_name, link(`/auth/reset-password?token=${encodeURIComponent(token)}`)));
  }
  app.addHook('onClose', async () => {
    await resetQueue;
  });

  app.post('/api/auth/forgot-password', { config: perClient(FORGOT_PASSWORD_RATE_PER_HOUR_PER_IP, '1 hour') }, async (request, reply) => {
    const startedAt = performance.now();
    const body = parse(forgotPasswordBody, request.body, reply);
    if (!body) return reply;
    // The lookup and the email happen after the answer, one request at a time, so the answer's
    // time is the same whether or not the account exists.
    resetQueue = resetQueue.then(() => createReset(body.email)).catch((error: unknown) => app.log.error({ err: error }, 'password reset failed'));
    await answerNoSoonerThan(startedAt);
    return reply.send({ success: true, message: AUTH_MESSAGES.forgotAccepted });
  });

  app.post('/api/auth/reset-password', { config: perClient(FORGOT_PASSWORD_RATE_PER_HOUR_PER_IP, '1 hour') }, async (request, reply) => {
    const body = parse(resetPasswordBody, request.body, reply);
    if (!body) return reply;
    const problem = passwordProblem(body.password);
    if (problem) return reply.status(400).send({ success: false, error: problem } satisfies Fail);
    const now = Date.now();
    const tokenHash = hashToken(body.token);
    const reset = await db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!reset || reset.used_at !== null || Number(reset.expires_at) <= now) {
      return reply.status(400).send({ success: false, error: AUTH_MESSAGES.resetInvalid } satisfies Fail);
    }
    const passwordHash = await hashPassword(body.password);
    // Single use even under concurrent requests: only the request that marks it used goes on.
    const claimed = await db.updateTable('password_resets').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return reply.status(400).send({ success: false, error: AUTH_MESSAGES.resetInvalid } satisfies Fail);
    const account = await db
      .updateTable('accounts')
      .set({ password_hash: passwordHash, password_changed_at: now })
      .where('id', '=', reset.account_id)
      .returning(['email', 'first_name'])
      .executeTakeFirstOrThrow();
    await revokeAllSessions(db, reset.account_id);
    await db.updateTable('password_resets').set({ used_at: now }).where('account_id', '=', reset.account_id).where('used_at', 'is', null).execute();
    await clearFailures(db, `account:${account.email}`);
    sendLater(app, mailer, passwordChangedEmail(account.email, account.first_name, link('/auth/forget-password')));
    return reply.send({ success: true, message: AUTH_MESSAGES.resetDone });
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const body = logoutBody.safeParse(request.body ?? undefined);
    const session = await sessionToEnd(db, request);
    if (session) {
      if (body.success && body.data?.everywhere) await revokeAllSessions(db, session.account.id);
      else await revokeSession(db, session.tokenHash);
    }
    clearSessionCookie(config, reply);
    return reply.send({ success: true });
  });

  app.get('/api/auth/me', { preValidation: requireSession(db) }, async (request) => {
    const account = request.session!.account;
    return { success: true, customerId: account.id, email: account.email, firstName: account.first_name, lastName: account.last_name, companyName: account.company_name };
  });
}
