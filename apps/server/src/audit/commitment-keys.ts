// Keys of the keyed commitments (DESIGN section 5): one per data subject a customer names (the
// decision API's `subject`, the receptionist's conversation), or one per customer and month where
// no subject is known. Erasing a subject deletes its key: the commitments in the log
// stay, verifiable, but can no longer be linked to anyone (crypto-shredding). Secrets are stored
// sealed with the data key (AES-256-GCM, bound to their row), so a copy of the database alone
// cannot link commitments either.
import crypto from 'node:crypto';
import { type CommitmentKey, commitmentKeyPeriod, newCommitmentSecret } from '@bytebound/engine/commitments';
import { sql } from 'kysely';
import { type DataKey, decryptSecret, encryptSecret } from '../api-keys/data-key.ts';
import { type Database, truncateWriteAheadLog } from '../db/database.ts';
import { type Gathered, gatheredPerTurn } from '../db/gathered-calls.ts';
import { recentReads } from '../db/recent-reads.ts';
import { chunks, INSERT_ROWS } from './audit-log.ts';

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
  return sealSecret(db, table, keyId, newCommitmentSecret());
}

function sealSecret(db: Database, table: string, keyId: string, secret: Uint8Array): string {
  return encryptSecret(dataKeyOf(db), Buffer.from(secret).toString('base64'), `${table}:${keyId}`);
}

function unseal(db: Database, table: string, row: { key_id: string; secret: string }): CommitmentKey {
  const secret = decryptSecret(dataKeyOf(db), row.secret, `${table}:${row.key_id}`);
  return { id: row.key_id, secret: new Uint8Array(Buffer.from(secret, 'base64')) };
}

const newKeyId = (prefix: string) => `${prefix}_${crypto.randomBytes(16).toString('hex')}`;

const subjectRefKeys = new WeakMap<Database, Buffer>();

/**
 * How a customer's data subject is stored: HMAC-SHA256 of the customer id and the caller's own
 * reference (a user id, a conversation id, even an email), keyed with a key derived from the data
 * key. Neither the reference nor a hash a dictionary reverses reaches the database, and equal
 * references of two customers are two subjects.
 */
function subjectRef(db: Database, customerId: string, subject: string): string {
  let key = subjectRefKeys.get(db);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', dataKeyOf(db).key, Buffer.alloc(0), 'bytebound subject references', 32));
    subjectRefKeys.set(db, key);
  }
  return crypto.createHmac('sha256', key).update(customerId, 'utf8').update('\0').update(subject, 'utf8').digest('hex');
}

/** Subject keys used by decisions, kept a moment (RECENT_READ_TTL_MS) and forgotten at once when a subject is erased here. */
const recentSubjectKeys = recentReads<CommitmentKey>();

async function readSubjectKey(db: Database, ref: string): Promise<CommitmentKey | undefined> {
  const row = await db.selectFrom('subject_keys').select(['key_id', 'secret']).where('subject_ref', '=', ref).executeTakeFirst();
  return row && unseal(db, SUBJECT, row);
}

/** Attempts at creating a subject's key while erasures of the subject keep deleting the one another decision created. */
const SUBJECT_KEY_ATTEMPTS = 5;

/**
 * The key of the customer's data subject `subject`, created on its first decision. Decisions and
 * erasures of one subject may run at once: a key this call creates is the decision's even if an
 * erasure deletes it a moment later (what it commits is then unlinkable, as erased subjects are).
 */
export async function subjectCommitmentKey(db: Database, customerId: string, subject: string, now = Date.now()): Promise<CommitmentKey> {
  const ref = subjectRef(db, customerId, subject);
  return (await recentSubjectKeys.get(db, ref, () => findOrCreateTogether(db, { ref, customerId, now })))!;
}

type KeyWanted = { ref: string; customerId: string; now: number };

/**
 * Each subject's stored key, or one created for it: decisions naming new subjects (say, a user id
 * each) cost one read and one insert per batch instead of per decision (on SQLite the insert waits
 * for the decision recorder's write lock, so fewer inserts also mean fewer waits).
 */
const findOrCreateTogether = gatheredPerTurn<KeyWanted, CommitmentKey>(async (db, calls) => {
  const byRef = new Map<string, Gathered<KeyWanted, CommitmentKey>[]>();
  for (const call of calls) {
    const same = byRef.get(call.ask.ref);
    if (same) same.push(call);
    else byRef.set(call.ask.ref, [call]);
  }
  const settle = (ref: string, key: CommitmentKey) => {
    for (const call of byRef.get(ref)!) call.resolve(key);
    byRef.delete(ref);
  };
  for (let attempt = 0; attempt < SUBJECT_KEY_ATTEMPTS && byRef.size > 0; attempt++) {
    for (const chunk of chunks([...byRef.keys()], INSERT_ROWS)) {
      const rows = await db.selectFrom('subject_keys').select(['subject_ref', 'key_id', 'secret']).where('subject_ref', 'in', chunk).execute();
      for (const row of rows) settle(row.subject_ref, unseal(db, SUBJECT, row));
    }
    // The others are created; a key another decision created meanwhile is read on the next round,
    // and one an erasure deleted meanwhile is created again.
    for (const chunk of chunks([...byRef.values()].map((waiting) => waiting[0]!.ask), INSERT_ROWS)) {
      const created = new Map(chunk.map((w) => [w.ref, { id: newKeyId('sk'), secret: newCommitmentSecret() }]));
      const rows = await db
        .insertInto('subject_keys')
        .values(
          chunk.map((w) => {
            const { id, secret } = created.get(w.ref)!;
            return { key_id: id, subject_ref: w.ref, customer_id: w.customerId, secret: sealSecret(db, SUBJECT, id, secret), created_at: w.now };
          }),
        )
        .onConflict((oc) => oc.column('subject_ref').doNothing())
        .returning('subject_ref')
        .execute();
      for (const row of rows) settle(row.subject_ref, created.get(row.subject_ref)!);
    }
  }
  if (byRef.size > 0) throw new Error(`the key of a data subject could not be created: it was erased ${SUBJECT_KEY_ATTEMPTS} times while it was created`);
});

export async function findSubjectCommitmentKey(db: Database, customerId: string, subject: string): Promise<CommitmentKey | null> {
  return (await readSubjectKey(db, subjectRef(db, customerId, subject))) ?? null;
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

/** Drops a customer's keys, and those of its subjects, from memory (after they are deleted from the database). */
export function forgetCustomerCommitmentKeys(db: Database, customerId: string): void {
  recentSubjectKeys.forget(db);
  const cache = customerKeys.get(db);
  if (!cache) return;
  for (const id of [...cache.keys()]) if (id.startsWith(`${customerId}\u0000`)) cache.delete(id);
}

/**
 * Crypto-shredding: deletes the commitment keys of the customer's data subjects `subjects`, and
 * returns how many there were. On SQLite the freed pages are zeroed (secure_delete) and the
 * write-ahead log truncated, so the sealed secrets do not linger in the database files; PostgreSQL
 * reclaims dead rows by VACUUM. Decisions of another instance sharing the database stop using a
 * key within RECENT_READ_TTL_MS; what they commit with it meanwhile is unlinkable too.
 */
export async function eraseSubjectCommitmentKeys(db: Database, customerId: string, subjects: readonly string[]): Promise<number> {
  if (subjects.length === 0) return 0;
  const refs = subjects.map((subject) => subjectRef(db, customerId, subject));
  if (db.dialect === 'sqlite') await sql`pragma secure_delete = on`.execute(db);
  let erased = 0;
  for (const chunk of chunks(refs, INSERT_ROWS)) {
    erased += Number((await db.deleteFrom('subject_keys').where('subject_ref', 'in', chunk).executeTakeFirst()).numDeletedRows);
  }
  recentSubjectKeys.forget(db);
  if (db.dialect === 'sqlite' && erased > 0) await truncateWriteAheadLog(db);
  return erased;
}

/** Crypto-shredding of one data subject: whether it had a key. */
export async function eraseSubjectCommitmentKey(db: Database, customerId: string, subject: string): Promise<boolean> {
  return (await eraseSubjectCommitmentKeys(db, customerId, [subject])) > 0;
}
