// Signed checkpoints: "the audit log had `size` leaves and root `root` at `timestamp`", signed
// with Ed25519 over DSSE's PAE of the checkpoint's canonical JSON.
import { canonicalBytes } from './canonical-json.ts';
import { AUDIT_LOG_ORIGIN, CHECKPOINT_PAYLOAD_TYPE } from './config.ts';
import { decodeBase64, pae } from './dsse.ts';
import { type Hash, fromHex, toHex } from './merkle.ts';
import { type KeyRing, type Signer, verifySignature } from './signing-keys.ts';

export type CheckpointBody = {
  origin: string;
  size: number;
  /** Root hash, hex. */
  root: string;
  /** ISO 8601. */
  timestamp: string;
  keyId: string;
};

export type Checkpoint = CheckpointBody & { signature: string };

function signedBytes(body: CheckpointBody): Uint8Array {
  const { origin, size, root, timestamp, keyId } = body;
  return pae(CHECKPOINT_PAYLOAD_TYPE, canonicalBytes({ origin, size, root, timestamp, keyId }));
}

export function signCheckpoint(size: number, root: Hash, signer: Signer, timestamp = new Date().toISOString()): Checkpoint {
  const body: CheckpointBody = { origin: AUDIT_LOG_ORIGIN, size, root: toHex(root), timestamp, keyId: signer.keyId };
  return { ...body, signature: Buffer.from(signer.sign(signedBytes(body))).toString('base64') };
}

export type CheckpointCheck = { ok: true; root: Hash } | { ok: false; reason: string };

export function verifyCheckpoint(checkpoint: unknown, keys: KeyRing): CheckpointCheck {
  const c = checkpoint as Partial<Checkpoint> | null;
  if (!c || typeof c !== 'object') return { ok: false, reason: 'not a checkpoint' };
  if (c.origin !== AUDIT_LOG_ORIGIN) return { ok: false, reason: `origin is ${JSON.stringify(c.origin)}, expected ${JSON.stringify(AUDIT_LOG_ORIGIN)}` };
  if (!Number.isSafeInteger(c.size) || (c.size as number) < 0) return { ok: false, reason: 'size is not a whole number' };
  const root = fromHex(c.root);
  if (!root) return { ok: false, reason: 'root is not a 32-byte hex hash' };
  if (typeof c.timestamp !== 'string' || typeof c.keyId !== 'string') return { ok: false, reason: 'timestamp or keyId missing' };
  const key = keys.get(c.keyId);
  if (!key) return { ok: false, reason: `signed by key ${c.keyId}, which is not in the given key set` };
  const sig = decodeBase64(c.signature);
  if (!sig || !verifySignature(key, signedBytes(c as CheckpointBody), sig)) {
    return { ok: false, reason: `signature of the checkpoint of size ${c.size} does not verify` };
  }
  return { ok: true, root };
}
