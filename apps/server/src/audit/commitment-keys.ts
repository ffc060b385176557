// Keys of the keyed commitments (DESIGN section 5): one per data subject, or one per customer and
// month where no subject is known. Erasing a subject deletes its key: the commitments in the log
// stay, verifiable, but can no longer be linked to anyone (crypto-shredding). Secrets are stored
// sealed with the data key (AES-256-GCM, bound to their row), so a copy of the database alone
// cannot link commitments either.
import crypto from 'node:crypto';
import { type CommitmentKey, commitmentKeyPeriod, newCommitmentSecret } from '@bytebound/engine/commitments';
import { sql } from 'kysely';
import { type DataKey, decryptSecret, encryptSecret } from '../api-keys/data-key.ts';
import { type Database, truncateWriteAheadLog } from '../db/database.ts';

const dataKeys = new WeakMap<Database, DataKey>();

/** Commitment keys of this database are sealed with `dataKey` (the audit set-up calls this). */
export function sealCommitmentKeysWith(db: Database, dataKey: DataKey): void {
  dataKeys.set(db, dataKey);
}

function dataKeyOf(db: Database): DataKey {
  const dataKey = dataKeys.get(db);
  if (!dataKey) throw new Error('commitment keys are sealed with the data key: set up the audit log (setUpAudit) before using them');
  return dataKey;
}

const SUBJECT = 'subject_keys';
const CUSTOMER = 'customer_commitment_keys';

function seal(db: Database, table: string, keyId: string): string {
  return encryptSecret(dataKeyOf(db), Buffer.from(newCommitmentSecret()).toString('base64'), `${table}:${keyId}`);
}

function unseal(db: Database, table: string, row: { key_id: string; secret: string }): CommitmentKey {
  const secret = decryptSecret(dataKeyOf(db), row.secret, `${table}:${row.key_id}`);
  return { id: row.key_id, secret: new Uint8Array(Buffer.from(secret, 'base64')) };
}

const newKeyId = (prefix: string) => `${prefix}_${crypto.randomBytes(16).toString('hex')}`;

/** The subject's key, created on first use. `subjectRef` is the server's own id of the subject, never an email. */
export async function subjectCommitmentKey(db: Database, subjectRef: string, now = Date.now()): Promise<CommitmentKey> {
  const keyId = newKeyId('sk');
  await db
    .insertInto('subject_keys')
    .values({ key_id: keyId, subject_ref: subjectRef, secret: seal(db, SUBJECT, keyId), created_at: now })
    .onConflict((oc) => oc.column('subject_ref').doNothing())
    .execute();
  const row = await db.selectFrom('subject_keys').select(['key_id', 'secret']).where('subject_ref', '=', subjectRef).executeTakeFirstOrThrow();
  return unseal(db, SUBJECT, row);
}

export async function findSubjectCommitmentKey(db: Database, subjectRef: string): Promise<CommitmentKey | null> {
  const row = await db.selectFrom('subject_keys').select(['key_id', 'secret']).where('subject_ref', '=', subjectRef).executeTakeFirst();
  return row ? unseal(db, SUBJECT, row) : null;
}

/** The customer's key for the month of `at` (UTC); a new month gets a new key. */
export async function customerCommitmentKey(db: Database, customerId: string, at = new Date()): Promise<CommitmentKey> {
  const period = commitmentKeyPeriod(at);
  const keyId = newKeyId('ck');
  await db
    .insertInto('customer_commitment_keys')
    .values({ key_id: keyId, customer_id: customerId, period, secret: seal(db, CUSTOMER, keyId), created_at: at.getTime() })
    .onConflict((oc) => oc.columns(['customer_id', 'period']).doNothing())
    .execute();
  return unseal(
    db,
    CUSTOMER,
    await db
      .selectFrom('customer_commitment_keys')
      .select(['key_id', 'secret'])
      .where('customer_id', '=', customerId)
      .where('period', '=', period)
      .executeTakeFirstOrThrow(),
  );
}

/** Customer keys in memory, per database: a key never changes once created for its month. */
const customerKeys = new WeakMap<Database, Map<string, CommitmentKey>>();
/** Customers whose keys are kept in memory per database (a bound on memory; the oldest leaves first). */
const CUSTOMER_KEYS_CACHED = 10_000;

/**
 * customerCommitmentKey without a database round trip after the first use in a month. Deleting a
 * customer's keys (account deletion) goes through forgetCustomerCommitmentKeys.
 */
export async function cachedCustomerCommitmentKey(db: Database, customerId: string, now = Date.now()): Promise<CommitmentKey> {
  let cache = customerKeys.get(db);
  if (!cache) {
    cache = new Map();
    customerKeys.set(db, cache);
  }
  const at = new Date(now);
  const id = `${customerId}\u0000${commitmentKeyPeriod(at)}`;
  const cached = cache.get(id);
  if (cached) return cached;
  const key = await customerCommitmentKey(db, customerId, at);
  if (cache.size >= CUSTOMER_KEYS_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(id, key);
  return key;
}

/** Drops a customer's keys from memory (after they are deleted from the database). */
export function forgetCustomerCommitmentKeys(db: Database, customerId: string): void {
  const cache = customerKeys.get(db);
  if (!cache) return;
  for (const id of [...cache.keys()]) if (id.startsWith(`${customerId}\u0000`)) cache.delete(id);
}

/**
 * Crypto-shredding: deletes the subject's commitment key. Returns whether there was one. On SQLite
 * the freed pages are zeroed (secure_delete) and the write-ahead log truncated, so the sealed
 * secret does not linger in the database files; PostgreSQL reclaims dead rows by VACUUM.
 */
export async function eraseSubjectCommitmentKey(db: Database, subjectRef: string): Promise<boolean> {
  if (db.dialect === 'sqlite') await sql`pragma secure_delete = on`.execute(db);
  const result = await db.deleteFrom('subject_keys').where('subject_ref', '=', subjectRef).executeTakeFirst();
  if (db.dialect === 'sqlite') await truncateWriteAheadLog(db);
  return Number(result.numDeletedRows) > 0;
}
