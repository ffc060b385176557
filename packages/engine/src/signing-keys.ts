// Ed25519 signing keys (node:crypto): creation, the two accepted encodings of a private key
// (PKCS8 PEM or base64 of the raw 32-byte seed), public keys as JWKs whose key id is their
// RFC 7638 thumbprint, and JWK sets.
import crypto, { type KeyObject } from 'node:crypto';

/** A public Ed25519 key as a JWK (RFC 8037), with its RFC 7638 thumbprint as `kid`. */
export type PublicJwk = {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
  /** When the key started signing (ISO 8601); informational. */
  created?: string;
  /** When the key stopped signing; its old signatures stay valid. */
  retired?: string | null;
};

export type JwkSet = { keys: PublicJwk[] };

/** What the proof and audit code signs with: a key id and a detached Ed25519 signature function. */
export type Signer = { keyId: string; sign: (message: Uint8Array) => Uint8Array };

export type SigningKey = Signer & { privateKey: KeyObject; publicKey: KeyObject; publicJwk: PublicJwk };

const SEED_BYTES = 32;
// DER prefix of a PKCS8 Ed25519 private key (RFC 8410): the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function generateSigningKey(): SigningKey {
  return signingKeyFromPrivateKey(crypto.generateKeyPairSync('ed25519').privateKey);
}

export function signingKeyFromSeed(seed: Uint8Array): SigningKey {
  if (seed.length !== SEED_BYTES) throw new Error(`an Ed25519 seed is ${SEED_BYTES} bytes, got ${seed.length}`);
  const der = Buffer.concat([PKCS8_ED25519_PREFIX, seed]);
  return signingKeyFromPrivateKey(crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }));
}

/**
 * Reads a private key given as text: a PKCS8 PEM ("-----BEGIN PRIVATE KEY-----") or the base64
 * of the raw 32-byte Ed25519 seed. Anything else is refused with a readable error.
 */
export function parseSigningKey(text: string): SigningKey {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    let key: KeyObject;
    try {
      key = crypto.createPrivateKey({ key: trimmed, format: 'pem' });
    } catch {
      throw new Error('the signing key PEM could not be read (expected a PKCS8 Ed25519 private key)');
    }
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`the signing key is ${key.asymmetricKeyType}, not Ed25519`);
    return signingKeyFromPrivateKey(key);
  }
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) {
    throw new Error('the signing key is neither a PKCS8 PEM nor base64 of a 32-byte Ed25519 seed');
  }
  const seed = Buffer.from(trimmed, 'base64');
  if (seed.length !== SEED_BYTES) throw new Error(`the signing key decodes to ${seed.length} bytes; an Ed25519 seed is ${SEED_BYTES}`);
  return signingKeyFromSeed(seed);
}

export function signingKeyFromPrivateKey(privateKey: KeyObject): SigningKey {
  const publicKey = crypto.createPublicKey(privateKey);
  const publicJwk = toPublicJwk(publicKey);
  return {
    keyId: publicJwk.kid,
    privateKey,
    publicKey,
    publicJwk,
    sign: (message) => new Uint8Array(crypto.sign(null, message, privateKey)),
  };
}

/** The private key as PKCS8 PEM, the form written to disk. */
export function privateKeyPem(key: SigningKey): string {
  return key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** RFC 7638 thumbprint of an Ed25519 JWK: base64url SHA-256 of its required members in lexical order. */
export function jwkThumbprint(jwk: { crv: string; kty: string; x: string }): string {
  const required = `{"crv":${JSON.stringify(jwk.crv)},"kty":${JSON.stringify(jwk.kty)},"x":${JSON.stringify(jwk.x)}}`;
  return crypto.createHash('sha256').update(required, 'utf8').digest('base64url');
}

export function toPublicJwk(publicKey: KeyObject): PublicJwk {
  const exported = publicKey.export({ format: 'jwk' });
  if (exported.kty !== 'OKP' || exported.crv !== 'Ed25519' || typeof exported.x !== 'string') {
    throw new Error('not an Ed25519 public key');
  }
  const core = { kty: 'OKP' as const, crv: 'Ed25519' as const, x: exported.x };
  return { ...core, kid: jwkThumbprint(core), alg: 'EdDSA', use: 'sig' };
}

/** Imports the public key of a JWK; throws when the JWK is not an Ed25519 public key. */
export function publicKeyFromJwk(jwk: unknown): KeyObject {
  const j = jwk as Partial<PublicJwk> | null;
  if (!j || j.kty !== 'OKP' || j.crv !== 'Ed25519' || typeof j.x !== 'string') {
    throw new Error('a key in the JWK set is not an Ed25519 public key (kty OKP, crv Ed25519)');
  }
  return crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: j.x }, format: 'jwk' });
}

/** Public keys by key id. The id is recomputed from the key itself, so a JWK set cannot mislabel a key. */
export type KeyRing = Map<string, KeyObject>;

export function keyRingFromJwks(jwks: unknown): KeyRing {
  const keys = (jwks as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new Error('not a JWK set: expected {"keys": [...]}');
  const ring: KeyRing = new Map();
  for (const jwk of keys) {
    const publicKey = publicKeyFromJwk(jwk);
    ring.set(toPublicJwk(publicKey).kid, publicKey);
  }
  return ring;
}

export function verifySignature(publicKey: KeyObject, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return crypto.verify(null, message, publicKey, signature);
  } catch {
    return false;
  }
}
