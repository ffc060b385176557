import { describe, expect, it } from 'vitest';
import { pae, signEnvelope, verifyEnvelope } from './dsse.ts';
import { generateSigningKey } from './signing-keys.ts';

describe('DSSE', () => {
  it('encodes PAE as the DSSE protocol example shows', () => {
    // secure-systems-lab/dsse protocol.md, "Test case": PAE("http://example.com/HelloWorld", "hello world").
    const encoded = pae('http://example.com/HelloWorld', new TextEncoder().encode('hello world'));
    expect(new TextDecoder().decode(encoded)).toBe('DSSEv1 29 http://example.com/HelloWorld 11 hello world');
  });

  it('counts lengths in bytes, not characters', () => {
    expect(new TextDecoder().decode(pae('t', new TextEncoder().encode('é')))).toBe('DSSEv1 1 t 2 é');
  });

  const key = generateSigningKey();
  const ring = new Map([[key.keyId, key.publicKey]]);
  const type = 'application/vnd.bytebound.decision+json';

  it('verifies its own envelope and refuses another payload type', () => {
    const envelope = signEnvelope(type, new TextEncoder().encode('{"a":1}'), key);
    expect(verifyEnvelope(envelope, type, ring)).toMatchObject({ ok: true, keyId: key.keyId });
    expect(verifyEnvelope({ ...envelope, payloadType: 'application/json' }, type, ring)).toMatchObject({ ok: false });
    expect(verifyEnvelope(envelope, type, new Map())).toMatchObject({ ok: false, reason: expect.stringMatching(/not in the given key set/) });
  });
});
