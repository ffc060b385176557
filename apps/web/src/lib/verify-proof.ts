// Proof verification in the browser (DESIGN section 5), with WebCrypto alone: the Ed25519 DSSE
// signature of a decision bundle and of a signed audit checkpoint, and the RFC 6962 inclusion of a
// bundle's leaf in the tree the checkpoint signs. The same checks as the engine's verify.ts, which
// uses node:crypto and so cannot run here; the canonical JSON and the constants are the engine's own.
import { canonicalBytes } from '@bytebound/engine/canonical-json';
import { AUDIT_LOG_ORIGIN, CHECKPOINT_PAYLOAD_TYPE, DECISION_PAYLOAD_TYPE } from '@bytebound/engine/config';

/** One public key of the server's JWK set (GET /api/v1/keys). */
export type PublicJwk = { kty: string; crv: string; x: string; kid: string };
export type JwkSet = { keys: PublicJwk[] };

export type DsseEnvelope = { payload: string; payloadType: string; signatures: Array<{ keyid: string; sig: string }> };

/** A signed checkpoint as the audit log serves it. */
export type SignedCheckpoint = { origin: string; size: number; root: string; timestamp: string; keyId: string; signature: string };

/** GET /api/v1/audit/proof/:id: where a bundle's leaf sits and the path up to a signed root. */
export type InclusionProofFile = {
  kind: string;
  bundleId: string;
  leafIndex: number;
  treeSize: number;
  leafHash: string;
  proof: string[];
  checkpoint: SignedCheckpoint;
  envelope: DsseEnvelope | null;
};

/** The outcome of a verification: every check that passed and every one that failed, in words. */
export type ProofCheck = { ok: boolean; passed: string[]; failures: string[] };

const encoder = new TextEncoder();
const HASH_BYTES = 32;

function report(): ProofCheck & { pass(text: string): void; fail(text: string): void; done(): ProofCheck } {
  const passed: string[] = [];
  const failures: string[] = [];
  return {
    ok: false,
    passed,
    failures,
    pass: (text) => passed.push(text),
    fail: (text) => failures.push(text),
    done: () => ({ ok: failures.length === 0 && passed.length > 0, passed, failures }),
  };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict standard base64 (DSSE's encoding); null when the text is not exactly that. */
export function decodeBase64(text: unknown): Uint8Array | null {
  if (typeof text !== 'string' || !BASE64.test(text)) return null;
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function decodeBase64Url(text: string): Uint8Array | null {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  return decodeBase64(standard + '='.repeat((4 - (standard.length % 4)) % 4));
}

export function fromHex(hex: unknown): Uint8Array | null {
  if (typeof hex !== 'string' || !/^[0-9a-f]{64}$/.test(hex)) return null;
  const out = new Uint8Array(HASH_BYTES);
  for (let i = 0; i < HASH_BYTES; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', concat(...parts)));
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** DSSE's pre-authentication encoding: "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body. */
export function pae(payloadType: string, payload: Uint8Array): Uint8Array {
  const type = encoder.encode(payloadType);
  return concat(encoder.encode(`DSSEv1 ${type.length} ${payloadType} ${payload.length} `), payload);
}

/** The JWK set as WebCrypto keys by key id; keys that are not Ed25519 are left out. */
export async function importKeys(set: JwkSet): Promise<Map<string, CryptoKey>> {
  const keys = new Map<string, CryptoKey>();
  for (const jwk of set.keys ?? []) {
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') continue;
    const raw = decodeBase64Url(jwk.x);
    if (!raw || raw.length !== HASH_BYTES) continue;
    keys.set(jwk.kid, await crypto.subtle.importKey('raw', concat(raw), { name: 'Ed25519' }, false, ['verify']));
  }
  return keys;
}

async function ed25519Verify(key: CryptoKey, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  try {
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, concat(signature), concat(message));
  } catch {
    return false;
  }
}

/** Verifies a DSSE envelope of the expected type; returns the key id or why it does not verify. */
export async function verifyEnvelope(envelope: DsseEnvelope | null | undefined, expectedType: string, keys: Map<string, CryptoKey>): Promise<{ ok: true; keyId: string } | { ok: false; reason: string }> {
  if (!envelope || typeof envelope !== 'object') return { ok: false, reason: 'not a DSSE envelope' };
  if (envelope.payloadType !== expectedType) return { ok: false, reason: `payload type is ${envelope.payloadType}, expected ${expectedType}` };
  const payload = decodeBase64(envelope.payload);
  if (!payload) return { ok: false, reason: 'the payload is not base64' };
  if (!Array.isArray(envelope.signatures) || envelope.signatures.length === 0) return { ok: false, reason: 'the envelope has no signature' };
  for (const s of envelope.signatures) {
    const key = keys.get(s.keyid);
    if (!key) continue;
    const sig = decodeBase64(s.sig);
    if (sig && (await ed25519Verify(key, sig, pae(expectedType, payload)))) return { ok: true, keyId: s.keyid };
    return { ok: false, reason: `the signature by key ${s.keyid} does not verify` };
  }
  return { ok: false, reason: 'signed by a key that is not among the published keys' };
}

/** Verifies a signed checkpoint: our log's origin, and an Ed25519 signature over PAE of its canonical body. */
export async function verifyCheckpoint(checkpoint: SignedCheckpoint, keys: Map<string, CryptoKey>): Promise<{ ok: true; root: Uint8Array } | { ok: false; reason: string }> {
  if (checkpoint.origin !== AUDIT_LOG_ORIGIN) return { ok: false, reason: `the checkpoint is of another log (${checkpoint.origin})` };
  const root = fromHex(checkpoint.root);
  if (!root) return { ok: false, reason: 'the checkpoint root is not a 32-byte hex hash' };
  if (!Number.isSafeInteger(checkpoint.size) || checkpoint.size < 0) return { ok: false, reason: 'the checkpoint size is not a whole number' };
  const key = keys.get(checkpoint.keyId);
  if (!key) return { ok: false, reason: `the checkpoint is signed by key ${checkpoint.keyId}, which is not among the published keys` };
  const sig = decodeBase64(checkpoint.signature);
  const { origin, size, timestamp, keyId } = checkpoint;
  const body = canonicalBytes({ origin, size, root: checkpoint.root, timestamp, keyId });
  if (!sig || !(await ed25519Verify(key, sig, pae(CHECKPOINT_PAYLOAD_TYPE, body)))) {
    return { ok: false, reason: `the signature of the checkpoint of size ${size} does not verify` };
  }
  return { ok: true, root };
}

/** RFC 6962 leaf hash of a bundle: SHA-256(0x00 || canonical JSON of its envelope). */
export async function bundleLeafHash(envelope: DsseEnvelope): Promise<Uint8Array> {
  return sha256(Uint8Array.of(0), canonicalBytes(envelope));
}

/** RFC 9162 section 2.1.3.2: does `proof` put `leaf` at `index` of the tree of `size` with `root`? */
export async function verifyInclusion(leaf: Uint8Array, index: number, size: number, proof: Uint8Array[], root: Uint8Array): Promise<boolean> {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  if (leaf.length !== HASH_BYTES || root.length !== HASH_BYTES) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (p.length !== HASH_BYTES || sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = await sha256(Uint8Array.of(1), p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn /= 2;
        sn = Math.floor(sn / 2);
      }
    } else {
      r = await sha256(Uint8Array.of(1), r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(r, root);
}

/**
 * Verifies an inclusion proof file: its checkpoint's signature, the bundle's signature, that the
 * leaf is the bundle's hash, and that the path leads from the leaf to the signed root. When
 * `expected` is given, the checkpoint must also be that one (same size and root).
 */
export async function verifyInclusionProof(file: InclusionProofFile, keys: Map<string, CryptoKey>, expected?: { size: number; root: string }): Promise<ProofCheck> {
  const r = report();
  try {
    const checkpoint = await verifyCheckpoint(file.checkpoint, keys);
    if (!checkpoint.ok) r.fail(checkpoint.reason);
    else r.pass(`checkpoint of size ${file.checkpoint.size} signed by key ${file.checkpoint.keyId}`);
    if (expected && (file.checkpoint.size !== expected.size || file.checkpoint.root !== expected.root)) {
      r.fail(`the proof is against a tree of size ${file.checkpoint.size}, not the checkpoint of size ${expected.size}`);
    }
    if (file.treeSize !== file.checkpoint.size) r.fail(`the proof is for size ${file.treeSize} but its checkpoint is of size ${file.checkpoint.size}`);
    const leaf = fromHex(file.leafHash);
    if (!leaf) r.fail('the leaf hash is not a 32-byte hex hash');
    if (file.envelope) {
      const signed = await verifyEnvelope(file.envelope, DECISION_PAYLOAD_TYPE, keys);
      if (signed.ok) r.pass(`decision ${file.bundleId} signed by key ${signed.keyId}`);
      else r.fail(`decision ${file.bundleId}: ${signed.reason}`);
      if (leaf && equal(await bundleLeafHash(file.envelope), leaf)) r.pass(`leaf ${file.leafIndex} is the hash of decision ${file.bundleId}`);
      else r.fail(`leaf ${file.leafIndex} is not the hash of decision ${file.bundleId}`);
    }
    const path = Array.isArray(file.proof) ? file.proof.map(fromHex) : [null];
    if (path.some((h) => h === null)) r.fail('the inclusion path is not a list of 32-byte hex hashes');
    else if (leaf && checkpoint.ok) {
      if (await verifyInclusion(leaf, file.leafIndex, file.treeSize, path as Uint8Array[], checkpoint.root)) r.pass(`leaf ${file.leafIndex} is in the tree of size ${file.treeSize}`);
      else r.fail(`the path does not place leaf ${file.leafIndex} in the tree of size ${file.treeSize} with the signed root`);
    }
  } catch (error) {
    r.fail(`the proof is malformed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return r.done();
}
