// API keys: bb_live_<id>_<secret>. The id is public (it names the key in lists, logs and the HMAC
// header); the secret is shown once at creation. Stored: a SHA-256 hash of the secret for bearer
// use and the secret itself AES-256-GCM encrypted under the data key, for HMAC signatures.
import crypto from 'node:crypto';
import { API_KEY_ID_BYTES, API_KEY_PREFIX, API_KEY_SCOPES, API_KEY_SECRET_BYTES } from '../constants.ts';
import type { Database } from '../db/database.ts';
import { recentReads } from '../db/recent-reads.ts';
import type { ApiKeysTable } from '../db/tables.ts';
import { type DataKey, decryptSecret, encryptSecret } from './data-key.ts';

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a list shows: never the secret. */
export type ApiKeySummary = {
  id: string;
  customerId: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}([0-9a-f]{${API_KEY_ID_BYTES * 2}})_([0-9a-f]{${API_KEY_SECRET_BYTES * 2}})$`);
const ID_PATTERN = new RegExp(`^(?:${API_KEY_PREFIX})?([0-9a-f]{${API_KEY_ID_BYTES * 2}})$`);

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** Splits a full key into id and secret; null when it is not shaped like one. */
export function parseApiKey(key: string): { id: string; secret: string } | null {
  const match = KEY_PATTERN.exec(key);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

/** A key id as sent in X-Bytebound-Key (with or without the bb_live_ prefix); null when malformed. */
export function parseApiKeyId(text: string): string | null {
  return ID_PATTERN.exec(text)?.[1] ?? null;
}

export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Associated data of a sealed secret: the ciphertext cannot be moved to another key's row. */
const sealContext = (id: string) => `api-key:${id}`;

export type CreatedApiKey = ApiKeySummary & { key: string };

export async function createApiKey(
  db: Database,
  dataKey: DataKey,
  input: { customerId: string; name: string; scopes?: readonly ApiKeyScope[] },
  now = Date.now(),
): Promise<CreatedApiKey> {
  const id = crypto.randomBytes(API_KEY_ID_BYTES).toString('hex');
  const secret = crypto.randomBytes(API_KEY_SECRET_BYTES).toString('hex');
  const scopes = [...new Set(input.scopes && input.scopes.length > 0 ? input.scopes : API_KEY_SCOPES)];
  const row: ApiKeysTable = {
    id,
    customer_id: input.customerId,
    name: input.name,
    prefix: `${API_KEY_PREFIX}${id}_${secret.slice(0, 4)}`,
    secret_hash: hashSecret(secret),
    secret_encrypted: encryptSecret(dataKey, secret, sealContext(id)),
    scopes: scopes.join(' '),
    created_at: now,
    last_used_at: null,
    revoked_at: null,
  };
  await db.insertInto('api_keys').values(row).execute();
  return { ...summarize(row), key: `${API_KEY_PREFIX}${id}_${secret}` };
}

export async function listApiKeys(db: Database, customerId?: string): Promise<ApiKeySummary[]> {
  let query = db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id');
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  return (await query.execute()).map(summarize);
}

/** Revokes a key; false when no such key exists. Revoking twice keeps the first time. */
export async function revokeApiKey(db: Database, id: string, now = Date.now()): Promise<boolean> {
  const row = await db.selectFrom('api_keys').select(['id', 'revoked_at']).where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  if (row.revoked_at === null) await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).execute();
  forgetApiKeys(db);
  return true;
}

const recentKeys = recentReads<ApiKeysTable>();

/** A key's row, as read within the last second (every request that uses a key reads it). */
export async function findApiKey(db: Database, id: string): Promise<ApiKeysTable | undefined> {
  return recentKeys.get(db, id, () => db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst());
}

/** Called after keys are revoked or deleted: the next use reads them again. */
export function forgetApiKeys(db: Database): void {
  recentKeys.forget(db);
}

export function unsealSecret(dataKey: DataKey, row: ApiKeysTable): string {
  return decryptSecret(dataKey, row.secret_encrypted, sealContext(row.id));
}

export function summarize(row: ApiKeysTable): ApiKeySummary {
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  return {
    id: row.id,
    customerId: row.customer_id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.split(' ').filter(isApiKeyScope),
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}
