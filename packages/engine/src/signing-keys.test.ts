import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSigningKey, jwkThumbprint, keyRingFromJwks, parseSigningKey, privateKeyPem, verifySignature } from './signing-keys.ts';

// RFC 8032 section 7.1 TEST 1 is the same key as RFC 8037 Appendix A.1/A.2; RFC 8037 A.3 gives its
// RFC 7638 thumbprint.
const SEED_HEX = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const PUBLIC_X = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';
const THUMBPRINT = 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k';
const EMPTY_MESSAGE_SIGNATURE =
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';

describe('Ed25519 signing keys', () => {
  it('reads a base64 seed, exports the RFC 8037 public JWK and its RFC 7638 thumbprint as key id', () => {
    const key = parseSigningKey(Buffer.from(SEED_HEX, 'hex').toString('base64'));
    expect(key.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', x: PUBLIC_X, kid: THUMBPRINT, alg: 'EdDSA' });
    expect(key.keyId).toBe(THUMBPRINT);
    expect(jwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: PUBLIC_X })).toBe(THUMBPRINT);
  });

  it('signs as RFC 8032 says (deterministic Ed25519)', () => {
    const key = parseSigningKey(Buffer.from(SEED_HEX, 'hex').toString('base64'));
    expect(Buffer.from(key.sign(new Uint8Array())).toString('hex')).toBe(EMPTY_MESSAGE_SIGNATURE);
  });

  it('gives the same identity from the PKCS8 PEM and from the seed', () => {
    const key = generateSigningKey();
    const fromPem = parseSigningKey(privateKeyPem(key));
    expect(fromPem.keyId).toBe(key.keyId);
    const message = crypto.randomBytes(40);
    expect(verifySignature(key.publicKey, message, fromPem.sign(message))).toBe(true);
  });

  it('refuses keys that are not Ed25519 seeds or PEMs', () => {
    expect(() => parseSigningKey('c2hvcnQ=')).toThrow(/5 bytes/);
    expect(() => parseSigningKey('not a key!')).toThrow(/neither/);
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => parseSigningKey(rsa)).toThrow(/rsa, not Ed25519/);
  });

  it('builds a key ring from a JWK set, keyed by recomputed thumbprints', () => {
    const a = generateSigningKey();
    const b = generateSigningKey();
    const ring = keyRingFromJwks({ keys: [a.publicJwk, { ...b.publicJwk, kid: a.keyId }] });
    expect([...ring.keys()].sort()).toEqual([a.keyId, b.keyId].sort());
    expect(() => keyRingFromJwks({ keys: [{ kty: 'RSA' }] })).toThrow(/Ed25519/);
    expect(() => keyRingFromJwks([])).toThrow(/JWK set/);
  });
});
