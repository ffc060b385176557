// Random hex strings for the per-decision path (nonces, decision ids): taken from a pool refilled by
// one CSPRNG call every 4 KiB, because a randomBytes call per decision costs more than the rest of
// a proof bundle but its signature. The pool is never handed out: each string is a fresh copy.
import crypto from 'node:crypto';

const pool = Buffer.alloc(4096);
let offset = pool.length;

/** `bytes` random bytes (at most 4096) as lowercase hex, from node:crypto's CSPRNG. */
export function randomHex(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > pool.length) throw new RangeError(`randomHex: ${bytes} bytes is outside 1..${pool.length}`);
  if (offset + bytes > pool.length) {
    crypto.randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}
