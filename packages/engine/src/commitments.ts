// Keyed commitments: a bundle names a request's personal values only as HMAC-SHA256(key, value),
// never the value nor a plain hash of it (a plain hash of an email is reversed by a dictionary).
// The key belongs to one data subject (or to one customer for one month when no subject is
// known); deleting the key makes every commitment made with it unlinkable (crypto-shredding).
import crypto from 'node:crypto';
import { COMMITMENT_KEY_BYTES, COMMITMENT_PREFIX } from './config.ts';

/** A commitment as it appears in a decision: which field, which key (by id only), the HMAC. */
export type Commitment = { field: string; key: string; value: string };

/** A commitment key: its public id (safe to publish) and its secret (never leaves the store). */
export type CommitmentKey = { id: string; secret: Uint8Array };

export function newCommitmentSecret(): Uint8Array {
  return new Uint8Array(crypto.randomBytes(COMMITMENT_KEY_BYTES));
}

// Importing a secret costs more than the HMAC of a small request: each secret is imported once.
const imported = new WeakMap<Uint8Array, crypto.KeyObject>();

function hmacKey(secret: Uint8Array): crypto.KeyObject {
  let key = imported.get(secret);
  if (!key) {
    key = crypto.createSecretKey(secret);
    imported.set(secret, key);
  }
  return key;
}

function mac(key: CommitmentKey, field: string, value: string): Buffer {
  // The field name is bound in, so equal values in two fields give unrelated commitments.
  return crypto.createHmac('sha256', hmacKey(key.secret)).update(field, 'utf8').update('\0').update(value, 'utf8').digest();
}

export function commit(key: CommitmentKey, field: string, value: string): Commitment {
  return { field, key: key.id, value: COMMITMENT_PREFIX + mac(key, field, value).toString('hex') };
}

/** Commitments to several named values, ordered by field name. */
export function commitAll(key: CommitmentKey, values: Record<string, string>): Commitment[] {
  return Object.keys(values)
    .sort()
    .map((field) => commit(key, field, values[field]!));
}

/** True when `candidate` is the value committed to; only the key's holder can ask. */
export function commitmentMatches(key: CommitmentKey, commitment: Commitment, candidate: string): boolean {
  if (commitment.key !== key.id || !commitment.value.startsWith(COMMITMENT_PREFIX)) return false;
  const expected = mac(key, commitment.field, candidate);
  const given = Buffer.from(commitment.value.slice(COMMITMENT_PREFIX.length), 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The month a per-customer key covers, "YYYY-MM" in UTC: the key rotates monthly. */
export function commitmentKeyPeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}
