// DSSE (Dead Simple Signing Envelope, secure-systems-lab/dsse v1): the signature covers the
// pre-authentication encoding PAE(type, payload), so the payload type cannot be swapped.
import { type KeyRing, type Signer, verifySignature } from './signing-keys.ts';

export type DsseSignature = { keyid: string; sig: string };

/** payload and sig are standard base64, as in the DSSE protocol's JSON envelope. */
export type DsseEnvelope = { payload: string; payloadType: string; signatures: DsseSignature[] };

const encoder = new TextEncoder();

/** PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, lengths in bytes as ASCII decimal. */
export function pae(payloadType: string, payload: Uint8Array): Uint8Array {
  const type = encoder.encode(payloadType);
  const head = encoder.encode(`DSSEv1 ${type.length} ${payloadType} ${payload.length} `);
  const out = new Uint8Array(head.length + payload.length);
  out.set(head, 0);
  out.set(payload, head.length);
  return out;
}

export function signEnvelope(payloadType: string, payload: Uint8Array, signer: Signer): DsseEnvelope {
  const sig = signer.sign(pae(payloadType, payload));
  return {
    payload: Buffer.from(payload).toString('base64'),
    payloadType,
    signatures: [{ keyid: signer.keyId, sig: Buffer.from(sig).toString('base64') }],
  };
}

export type EnvelopeCheck =
  | { ok: true; keyId: string; payload: Uint8Array }
  | { ok: false; reason: string };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict base64: a value that does not round-trip is refused, so one signature has one encoding. */
export function decodeBase64(text: unknown): Uint8Array | null {
  if (typeof text !== 'string' || !BASE64.test(text)) return null;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/**
 * Verifies a DSSE envelope of the expected payload type: at least one signature must be by a key
 * of the ring and valid over PAE. Returns the payload bytes when it is.
 */
export function verifyEnvelope(envelope: unknown, expectedType: string, keys: KeyRing): EnvelopeCheck {
  const e = envelope as Partial<DsseEnvelope> | null;
  if (!e || typeof e !== 'object') return { ok: false, reason: 'not a DSSE envelope' };
  if (e.payloadType !== expectedType) return { ok: false, reason: `payloadType is ${JSON.stringify(e.payloadType)}, expected ${expectedType}` };
  const payload = decodeBase64(e.payload);
  if (!payload) return { ok: false, reason: 'payload is not valid base64' };
  if (!Array.isArray(e.signatures) || e.signatures.length === 0) return { ok: false, reason: 'the envelope has no signature' };
  const message = pae(expectedType, payload);
  const unknownKeys: string[] = [];
  for (const s of e.signatures) {
    const key = keys.get(String(s?.keyid));
    if (!key) {
      unknownKeys.push(String(s?.keyid));
      continue;
    }
    const sig = decodeBase64(s.sig);
    if (sig && verifySignature(key, message, sig)) return { ok: true, keyId: s.keyid, payload };
    return { ok: false, reason: `signature by key ${s.keyid} does not verify` };
  }
  return { ok: false, reason: `signed by key ${unknownKeys.join(', ')}, which is not in the given key set` };
}
