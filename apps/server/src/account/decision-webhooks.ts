// Decision webhooks (Growth and Enterprise): every blocked decision of the customer is POSTed to
// their URL, signed like an API request (X-Bytebound-Signature: t=<unix seconds>,v1=<hex
// HMAC-SHA256(secret, t + "." + body)>), and retried with doubling delays when it fails. The
// dispatcher reads the decision log, so the decision path needs no change to feed it.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { dataKeyOf } from '../api-keys/api-key-auth.ts';
import { decryptSecret, encryptSecret } from '../api-keys/data-key.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { isPublicAddress, literalAddress, postToPublicAddress } from './webhook-address.ts';

export const WEBHOOK_POLL_MS = 2_000;
export const WEBHOOK_TIMEOUT_MS = 5_000;
export const WEBHOOK_RETRY_BASE_MS = 30_000;
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** How long a pass holds a delivery it is sending; one that ended mid-send leaves it due again after this. */
export const WEBHOOK_CLAIM_MS = 60_000;
const BATCH = 100;

const sealContext = (customerId: string) => `decision-webhook:${customerId}`;

// A fully qualified name may end in dots (localhost. is localhost).
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)\.*$/i;

/** Local delivery (http to this machine) is allowed only while the server itself runs on http (development). */
export const allowsLocalWebhooks = (config: Config) => config.publicUrl.startsWith('http:');

/**
 * A URL a webhook may target: https to a public internet host, or http to this machine when the
 * server itself runs on http (development). Names are resolved again at each delivery and refused
 * when they lead to a private address.
 */
export function webhookUrlProblem(config: Config, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a full URL, e.g. https://example.com/bytebound-webhook';
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol === 'http:' && local && allowsLocalWebhooks(config)) return null;
  if (parsed.protocol !== 'https:') return 'The webhook URL must use https';
  if (parsed.username || parsed.password) return 'The webhook URL must not contain a user name or password';
  const literal = literalAddress(parsed.hostname);
  if ((literal && !isPublicAddress(literal)) || (!literal && LOCAL_NAMES.test(parsed.hostname))) {
    return 'The webhook URL must point to a public internet address, not a private, loopback or link-local one';
  }
  return null;
}

export async function saveWebhook(db: Database, config: Config, customerId: string, url: string, now = Date.now()): Promise<string> {
  const secret = `whsec_${crypto.randomBytes(32).toString('hex')}`;
  const values = { url, secret_encrypted: encryptSecret(dataKeyOf(config), secret, sealContext(customerId)), cursor_at: now, created_at: now };
  await db
    .insertInto('decision_webhooks')
    .values({ customer_id: customerId, ...values })
    .onConflict((c) => c.column('customer_id').doUpdateSet(values))
    .execute();
  return secret;
}

export async function deleteWebhook(db: Database, customerId: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('customer_id', '=', customerId).where('delivered_at', 'is', null).execute();
  await db.deleteFrom('decision_webhooks').where('customer_id', '=', customerId).execute();
}

export function sign(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

/** Queues the blocked decisions made since each webhook's cursor. */
async function queue(db: Database, config: Config, now: number): Promise<number> {
  let queued = 0;
  const hooks = await db.selectFrom('decision_webhooks').select(['customer_id', 'cursor_at']).execute();
  for (const hook of hooks) {
    const rows = await db
      .selectFrom('decision_logs')
      .select(['id', 'decision', 'exit_code', 'article', 'bundle_id', 'created_at'])
      .where('customer_id', '=', hook.customer_id)
      .where('exit_code', '=', 2)
      .where('created_at', '>=', Number(hook.cursor_at))
      .orderBy('created_at')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) continue;
    for (const row of rows) {
      const payload = JSON.stringify({
        type: 'decision.blocked',
        decision: {
          id: row.id,
          customerId: hook.customer_id,
          decision: row.decision,
          exitCode: row.exit_code,
          article: row.article,
          at: new Date(Number(row.created_at)).toISOString(),
          proofBundle: row.bundle_id ? `${config.publicUrl}/api/v1/audit/bundles/${row.bundle_id}` : null,
        },
      });
      const inserted = await db
        .insertInto('webhook_deliveries')
        .values({ decision_id: row.id, customer_id: hook.customer_id, payload, attempts: 0, next_attempt_at: now, delivered_at: null, failed_at: null, last_status: null, created_at: now })
        .onConflict((c) => c.column('decision_id').doNothing())
        .executeTakeFirst();
      queued += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }
    // Same-millisecond decisions after the last one are caught next time; the primary key drops repeats.
    await db.updateTable('decision_webhooks').set({ cursor_at: Number(rows.at(-1)!.created_at) }).where('customer_id', '=', hook.customer_id).execute();
  }
  return queued;
}

export type DispatchResult = { queued: number; delivered: number; failed: number; retrying: number };

/** One pass: queue new blocked decisions, then try every delivery that is due and not taken by another pass. */
export async function dispatchWebhooks(db: Database, config: Config, now = Date.now()): Promise<DispatchResult> {
  const result: DispatchResult = { queued: await queue(db, config, now), delivered: 0, failed: 0, retrying: 0 };
  const due = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('decision_webhooks', 'decision_webhooks.customer_id', 'webhook_deliveries.customer_id')
    .select(['webhook_deliveries.decision_id', 'webhook_deliveries.payload', 'webhook_deliveries.attempts', 'webhook_deliveries.next_attempt_at', 'decision_webhooks.url', 'decision_webhooks.secret_encrypted', 'decision_webhooks.customer_id'])
    .where('webhook_deliveries.delivered_at', 'is', null)
    .where('webhook_deliveries.failed_at', 'is', null)
    .where('webhook_deliveries.next_attempt_at', '<=', now)
    .orderBy('webhook_deliveries.created_at')
    .limit(BATCH)
    .execute();
  for (const delivery of due) {
    // Claimed before it is sent, on the values read: a concurrent pass (another instance, or this
    // one's timer) finds it changed and skips it, so a decision is not delivered twice.
    const claim = await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: now + WEBHOOK_CLAIM_MS })
      .where('decision_id', '=', delivery.decision_id)
      .where('attempts', '=', delivery.attempts)
      .where('next_attempt_at', '=', delivery.next_attempt_at)
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) continue;
    const secret = decryptSecret(dataKeyOf(config), delivery.secret_encrypted, sealContext(delivery.customer_id));
    let status: string;
    try {
      const headers = { 'content-type': 'application/json', 'user-agent': 'Bytebound-Webhooks', 'x-bytebound-signature': sign(secret, delivery.payload, Math.floor(now / 1000)) };
      const response = await postToPublicAddress(delivery.url, headers, delivery.payload, { allowLocal: allowsLocalWebhooks(config), timeoutMs: WEBHOOK_TIMEOUT_MS });
      status = String(response.status);
      if (response.status >= 200 && response.status < 300) {
        await db.updateTable('webhook_deliveries').set({ delivered_at: now, attempts: delivery.attempts + 1, last_status: status }).where('decision_id', '=', delivery.decision_id).execute();
        result.delivered++;
        continue;
      }
    } catch (error) {
      status = error instanceof Error ? error.name : 'error';
    }
    const attempts = delivery.attempts + 1;
    const gaveUp = attempts >= WEBHOOK_MAX_ATTEMPTS;
    await db
      .updateTable('webhook_deliveries')
      .set({ attempts, last_status: status, next_attempt_at: now + WEBHOOK_RETRY_BASE_MS * 2 ** (attempts - 1), failed_at: gaveUp ? now : null })
      .where('decision_id', '=', delivery.decision_id)
      .execute();
    if (gaveUp) result.failed++;
    else result.retrying++;
  }
  return result;
}

/** Runs the dispatcher every WEBHOOK_POLL_MS while the app is up. */
export function startWebhookDispatcher(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = dispatchWebhooks(app.db, app.config)
      .catch((error: unknown) => app.log.error({ err: error }, 'decision webhook dispatch failed'))
      .finally(() => (running = null));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, WEBHOOK_POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
