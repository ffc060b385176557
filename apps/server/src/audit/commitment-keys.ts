// Keys of the keyed commitments (DESIGN section 5): one per data subject, or one per customer and
// month where no subject is known. Erasing a subject deletes its key: the commitments in the log
// stay, verifiable, but can no longer be linked to anyone (crypto-shredding).
import crypto from 'node:crypto';
import { type CommitmentKey, commitmentKeyPeriod, newCommitmentSecret } from '@bytebound/engine/commitments';
import type { Database } from '../db/database.ts';

const toKey = (row: { key_id: string; secret: string }): CommitmentKey => ({ id: row.key_id, secret: new Uint8Array(Buffer.from(row.secret, 'base64')) });
const newKeyId = (prefix: string) => `${prefix}_${crypto.randomBytes(16).toString('hex')}`;

/** The subject's key, created on first use. `subjectRef` is the server's own id of the subject, never an email. */
export async function subjectCommitmentKey(db: Database, subjectRef: string, now = Date.now()): Promise<CommitmentKey> {
  await db
    .insertInto('subject_keys')
    .values({ key_id: newKeyId('sk'), subject_ref: subjectRef, secret: Buffer.from(newCommitmentSecret()).toString('base64'), created_at: now })
    .onConflict((oc) => oc.column('subject_ref').doNothing())
    .execute();
  return toKey(await db.selectFrom('subject_keys').select(['key_id', 'secret']).where('subject_ref', '=', subjectRef).executeTakeFirstOrThrow());
}

export async function findSubjectCommitmentKey(db: Database, subjectRef: string): Promise<CommitmentKey | null> {
  const row = await db.selectFrom('subject_keys').select(['key_id', 'secret']).where('subject_ref', '=', subjectRef).executeTakeFirst();
  return row ? toKey(row) : null;
}

/** The customer's key for the month of `at` (UTC); a new month gets a new key. */
export async function customerCommitmentKey(db: Database, customerId: string, at = new Date()): Promise<CommitmentKey> {
  const period = commitmentKeyPeriod(at);
  await db
    .insertInto('customer_commitment_keys')
    .values({ key_id: newKeyId('ck'), customer_id: customerId, period, secret: Buffer.from(newCommitmentSecret()).toString('base64'), created_at: at.getTime() })
    .onConflict((oc) => oc.columns(['customer_id', 'period']).doNothing())
    .execute();
  return toKey(
    await db
      .selectFrom('customer_commitment_keys')
      .select(['key_id', 'secret'])
      .where('customer_id', '=', customerId)
      .where('period', '=', period)
      .executeTakeFirstOrThrow(),
  );
}

/** Crypto-shredding: deletes the subject's commitment key. Returns whether there was one. */
export async function eraseSubjectCommitmentKey(db: Database, subjectRef: string): Promise<boolean> {
  const result = await db.deleteFrom('subject_keys').where('subject_ref', '=', subjectRef).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
