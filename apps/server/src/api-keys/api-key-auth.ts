// Authentication by API key, as a Fastify preValidation hook (credentials are checked before the
// body's shape, so a caller without them learns that first): `Authorization: Bearer <key>`, or an HMAC
// signature of the raw body (`X-Bytebound-Signature: t=<unix seconds>,v1=<hex>` with
// `X-Bytebound-Key: <key id>`), valid 5 minutes around t and accepted once (the signatures seen
// are kept in the database, so every instance refuses a replay). Every failure is a 401 that says
// which check failed; comparisons of secrets and MACs are constant-time.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { checkCredentials } from '../auth/failed-credentials.ts';
import type { Config } from '../config.ts';
import { HMAC_SIGNATURE_WINDOW_SECONDS } from '../constants.ts';
import type { Database } from '../db/database.ts';
import type { ApiKeysTable } from '../db/tables.ts';
import { HttpError } from '../http/errors.ts';
import { useJsonBodies } from '../http/json-body.ts';
import { type ApiKeyScope, findApiKey, hashSecret, isApiKeyScope, parseApiKey, parseApiKeyId, unsealSecret } from './api-key-store.ts';
import { type DataKey, loadDataKey } from './data-key.ts';
import { acceptSignatureOnce } from './signature-ledger.ts';

export type AuthenticatedKey = { id: string; customerId: string; scopes: ApiKeyScope[]; method: 'bearer' | 'hmac' };

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: AuthenticatedKey | null;
    rawBody: string | undefined;
  }
}

export const AUTH_MESSAGES = {
  missing: 'Missing API key: send "Authorization: Bearer <key>" or an "X-Bytebound-Signature" with "X-Bytebound-Key"',
  malformedBearer: 'Malformed API key: expected "Authorization: Bearer bb_live_<id>_<secret>"',
  malformedSignature: 'Malformed X-Bytebound-Signature: expected "t=<unix seconds>,v1=<hex HMAC-SHA256>"',
  missingKeyId: 'X-Bytebound-Signature needs an "X-Bytebound-Key: <key id>" header',
  malformedKeyId: 'Malformed X-Bytebound-Key: expected the key id (bb_live_<id>)',
  invalid: 'Invalid API key',
  revoked: 'This API key has been revoked',
  expired: `Signature timestamp is outside the ${HMAC_SIGNATURE_WINDOW_SECONDS / 60}-minute window: sign with the current time`,
  badSignature: 'Invalid signature: expected HMAC-SHA256(secret, t + "." + raw body)',
  replay: 'Replayed signature: this signed request was already accepted',
} as const;

/** Do not write last_used_at more often than this per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

const dataKeys = new WeakMap<Config, DataKey>();

/** The data key of an app's configuration, loaded (or created) once. */
export function dataKeyOf(config: Config): DataKey {
  let key = dataKeys.get(config);
  if (!key) {
    key = loadDataKey({ dataKey: config.dataKey, dataDir: config.dataDir });
    dataKeys.set(config, key);
  }
  return key;
}

/**
 * Keeps each JSON body's raw text (HMAC signatures cover the exact bytes sent) for the routes of
 * the plugin that calls it. Also declares `request.apiKey`.
 */
export function useApiKeyAuth(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('apiKey')) app.decorateRequest('apiKey', null);
  if (!app.hasRequestDecorator('rawBody')) app.decorateRequest('rawBody', undefined);
  useJsonBodies(app, { keepRawBody: true });
}

/** The 403 message of a key without the scope a route needs. */
export const lacksScope = (scope: ApiKeyScope): string => `This API key lacks the "${scope}" scope`;

/** A preValidation hook that admits a request only with a valid key holding `scope`. */
export function requireApiKey(app: FastifyInstance, scope: ApiKeyScope): preValidationAsyncHookHandler {
  return async (request) => {
    const key = await authenticate(app, request);
    if (!key) throw new HttpError(401, AUTH_MESSAGES.missing);
    if (!key.scopes.includes(scope)) throw new HttpError(403, lacksScope(scope));
    request.apiKey = key;
  };
}

/** A preValidation hook that authenticates when credentials are sent and lets anonymous requests through. */
export function optionalApiKey(app: FastifyInstance): preValidationAsyncHookHandler {
  return async (request) => {
    request.apiKey = await authenticate(app, request);
  };
}

/**
 * The key a request authenticates with; null when it sends none; throws 401 when it sends a bad one
 * (counted against its address), and 429 while its address has sent too many (failed-credentials.ts).
 */
export async function authenticate(app: FastifyInstance, request: FastifyRequest, now = Date.now()): Promise<AuthenticatedKey | null> {
  const authorization = request.headers.authorization;
  const signature = request.headers['x-bytebound-signature'];
  if (typeof signature === 'string') return checkCredentials(app.db, request, () => authenticateSignature(app, request, signature, now));
  if (typeof authorization === 'string') return checkCredentials(app.db, request, () => authenticateBearer(app.db, authorization, now));
  return null;
}

async function authenticateBearer(db: Database, authorization: string, now: number): Promise<AuthenticatedKey> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  const parsed = match ? parseApiKey(match[1]!) : null;
  if (!parsed) throw new HttpError(401, AUTH_MESSAGES.malformedBearer);
  const row = await findApiKey(db, parsed.id);
  const given = Buffer.from(hashSecret(parsed.secret), 'hex');
  // Compare against a dummy hash when the id is unknown, so both paths cost the same.
  const expected = Buffer.from(row?.secret_hash ?? hashSecret(''), 'hex');
  const matches = crypto.timingSafeEqual(given, expected);
  if (!row || !matches) throw new HttpError(401, AUTH_MESSAGES.invalid);
  return admit(db, row, 'bearer', now);
}

/**
 * Each key's HMAC key, unsealed once per read of its row: findApiKey keeps a row a moment, so the
 * requests of that moment neither decrypt the secret again nor import it again.
 */
const hmacKeys = new WeakMap<ApiKeysTable, crypto.KeyObject>();

function hmacKeyOf(config: Config, row: ApiKeysTable): crypto.KeyObject {
  let key = hmacKeys.get(row);
  if (!key) {
    key = crypto.createSecretKey(Buffer.from(unsealSecret(dataKeyOf(config), row), 'utf8'));
    hmacKeys.set(row, key);
  }
  return key;
}

async function authenticateSignature(app: FastifyInstance, request: FastifyRequest, header: string, now: number): Promise<AuthenticatedKey> {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) throw new HttpError(401, AUTH_MESSAGES.malformedSignature);
  const keyHeader = request.headers['x-bytebound-key'];
  if (typeof keyHeader !== 'string') throw new HttpError(401, AUTH_MESSAGES.missingKeyId);
  const id = parseApiKeyId(keyHeader.trim());
  if (!id) throw new HttpError(401, AUTH_MESSAGES.malformedKeyId);
  const timestamp = Number(match[1]);
  if (Math.abs(now / 1000 - timestamp) > HMAC_SIGNATURE_WINDOW_SECONDS) throw new HttpError(401, AUTH_MESSAGES.expired);
  const row = await findApiKey(app.db, id);
  if (!row) throw new HttpError(401, AUTH_MESSAGES.invalid);
  const expected = crypto.createHmac('sha256', hmacKeyOf(app.config, row)).update(`${timestamp}.${request.rawBody ?? ''}`, 'utf8').digest();
  const given = Buffer.from(match[2]!.toLowerCase(), 'hex');
  if (!crypto.timingSafeEqual(expected, given)) throw new HttpError(401, AUTH_MESSAGES.badSignature);
  if (row.revoked_at !== null) throw new HttpError(401, AUTH_MESSAGES.revoked);
  if (!(await acceptSignatureOnce(app.db, `${row.id}:${given.toString('hex')}`, (timestamp + HMAC_SIGNATURE_WINDOW_SECONDS) * 1000, now))) {
    throw new HttpError(401, AUTH_MESSAGES.replay);
  }
  return admit(app.db, row, 'hmac', now);
}

async function admit(db: Database, row: ApiKeysTable, method: AuthenticatedKey['method'], now: number): Promise<AuthenticatedKey> {
  if (row.revoked_at !== null) throw new HttpError(401, AUTH_MESSAGES.revoked);
  if (row.last_used_at === null || now - Number(row.last_used_at) > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
    row.last_used_at = now; // the row may be the one findApiKey keeps: later uses see the write
  }
  return { id: row.id, customerId: row.customer_id, scopes: row.scopes.split(' ').filter(isApiKeyScope), method };
}
