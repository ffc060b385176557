import { describe, expect, it } from 'vitest';
import { canonicalize } from './canonical-json.ts';
import { commitAll, newCommitmentSecret } from './commitments.ts';
import { DECISION_PAYLOAD_TYPE } from './config.ts';
import { auditLeafData, auditLeafText, bundleWithSignature, createProofBundle, decisionOfEnvelope, sha256Digest, signatureOfBundle } from './proof-bundle.ts';
import { generateSigningKey } from './signing-keys.ts';
import { verifyProofBundle } from './verify.ts';

const key = generateSigningKey();
const keys = new Map([[key.keyId, key.publicKey]]);

const deny = {
  decision: 'DENY' as const,
  exitCode: 2 as const,
  reasons: [{ ruleId: 'gdpr-art-44', article: 'GDPR Art. 44', text: 'transfer to a third country without safeguards', priority: 100 }],
  applied_policies: ['gdpr-art-44'],
  article: 'GDPR Art. 44',
};

function bundle() {
  const commitments = commitAll({ id: 'subject-key-1', secret: newCommitmentSecret() }, { email: 'ada@example.com' });
  return createProofBundle(deny, { latency_us: 3.1 }, { signer: key, commitments });
}

describe('proof bundles', () => {
  it('signs the canonical decision without its signature and digest, as a DSSE envelope', () => {
    const { decision, envelope } = bundle();
    expect(envelope.payloadType).toBe(DECISION_PAYLOAD_TYPE);
    const payload = Buffer.from(envelope.payload, 'base64');
    const { digest, signature, ...signed } = decision;
    expect(payload.toString('utf8')).toBe(canonicalize(signed));
    expect(digest).toBe(sha256Digest(payload));
    expect(signature).toBe(envelope.signatures[0]!.sig);
    expect(envelope.signatures[0]!.keyid).toBe(key.keyId);
    expect(decision).toMatchObject({ decision: 'DENY', exitCode: 2, article: 'GDPR Art. 44', latency_us: 3.1 });
    expect(decision.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(Number.isNaN(Date.parse(decision.timestamp))).toBe(false);
    expect(verifyProofBundle({ decision, envelope }, keys)).toMatchObject({ ok: true, failures: [] });
  });

  it('gives back the signed decision from its envelope alone (how stored bundles are read)', () => {
    const { decision, envelope } = bundle();
    expect(decisionOfEnvelope(envelope)).toEqual(decision);
    const other = bundle();
    expect(decisionOfEnvelope(other.envelope)).toEqual(other.decision);
    expect(decisionOfEnvelope(other.envelope)).not.toEqual(decision);
  });

  it("keeps a local decision's context, and prints digest and signature after what they cover", () => {
    const context = { event: 'PreToolUse', tool: 'Bash', summary: 'curl (upload)', found: 'email', destinations: ['example.net'], sessionId: 's-1' };
    const local = createProofBundle(deny, { latency_us: 3.1, context }, { signer: key });
    expect(local.decision.context).toEqual(context);
    expect(decisionOfEnvelope(local.envelope)).toEqual(local.decision);
    const covered = ['decision', 'exitCode', 'reasons', 'applied_policies', 'article', 'latency_us', 'timestamp', 'nonce', 'commitments'];
    expect(Object.keys(local.decision)).toEqual([...covered, 'context', 'digest', 'signature']);
    expect(Object.keys(bundle().decision)).toEqual([...covered, 'digest', 'signature']);
  });

  it("signs a decision's own fields and its details, whatever else the object handed over carries", () => {
    const handedOver = { ...deny, decisionId: 'dec_1', latencyNs: 3_100 };
    const { decision, envelope } = createProofBundle(handedOver, { latency_us: 3.1, timestamp: '2026-11-24T12:00:00.000Z', nonce: 'ab'.repeat(16) }, { signer: key });
    const signed = JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8'));
    expect(signed).toEqual({ ...deny, latency_us: 3.1, timestamp: '2026-11-24T12:00:00.000Z', nonce: 'ab'.repeat(16), commitments: [] });
    expect(decision).not.toHaveProperty('decisionId');
    expect(handedOver).toEqual({ ...deny, decisionId: 'dec_1', latencyNs: 3_100 });
  });

  it('is the same bundle again from its signature and what was signed (how a thread that signed hands a bundle back)', () => {
    const commitments = commitAll({ id: 'customer-key-1', secret: newCommitmentSecret() }, { request: '{"action":"read"}' });
    const details = { latency_us: 3.1, timestamp: '2026-11-25T00:00:00.000Z' };
    const made = createProofBundle(deny, details, { signer: key, commitments });
    const again = bundleWithSignature(deny, details, commitments, key.keyId, signatureOfBundle(made));
    expect(again).toEqual(made);
    expect(Object.keys(again.decision)).toEqual(Object.keys(made.decision));
    expect(JSON.stringify(again)).toBe(JSON.stringify(made));
    expect(verifyProofBundle(again, keys)).toMatchObject({ ok: true, failures: [] });
    // With another decision than the one signed, the signature no longer verifies.
    const allow = { ...deny, decision: 'ALLOW' as const, exitCode: 0 as const };
    expect(verifyProofBundle(bundleWithSignature(allow, details, commitments, key.keyId, signatureOfBundle(made)), keys).ok).toBe(false);
  });

  it("gives the audit log the envelope's canonical JSON, as text and as its UTF-8 bytes", () => {
    const { envelope } = bundle();
    const text = auditLeafText(envelope);
    expect(text).toBe(canonicalize(envelope));
    expect(JSON.parse(text)).toEqual(envelope);
    expect(Buffer.from(auditLeafData(envelope)).toString('utf8')).toBe(text);
  });

  it('holds no personal value, only its keyed commitment', () => {
    const text = JSON.stringify(bundle());
    expect(text).not.toContain('ada@example.com');
    expect(Buffer.from(bundle().envelope.payload, 'base64').toString()).toMatch(/"commitments":\[\{"field":"email","key":"subject-key-1","value":"hmac-sha256:[0-9a-f]{64}"\}\]/);
  });

  it('fails verification when any byte of the payload is changed', () => {
    const { decision, envelope } = bundle();
    const payload = Buffer.from(envelope.payload, 'base64');
    for (let i = 0; i < payload.length; i++) {
      const tampered = Buffer.from(payload);
      tampered[i]! ^= 0x01;
      const result = verifyProofBundle({ decision, envelope: { ...envelope, payload: tampered.toString('base64') } }, keys);
      expect(result.ok, `byte ${i}`).toBe(false);
      expect(result.failures[0]!.check).toBe('signature');
    }
  });

  it('fails verification when any byte of the signature is changed', () => {
    const { decision, envelope } = bundle();
    const sig = Buffer.from(envelope.signatures[0]!.sig, 'base64');
    for (let i = 0; i < sig.length; i++) {
      const tampered = Buffer.from(sig);
      tampered[i]! ^= 0x80;
      const signatures = [{ keyid: key.keyId, sig: tampered.toString('base64') }];
      expect(verifyProofBundle({ decision, envelope: { ...envelope, signatures } }, keys).ok, `byte ${i}`).toBe(false);
    }
  });

  it('fails when the readable decision is not what was signed, or the key is unknown', () => {
    const { decision, envelope } = bundle();
    const flipped = verifyProofBundle({ decision: { ...decision, decision: 'ALLOW', exitCode: 0 }, envelope }, keys);
    expect(flipped.failures.map((f) => f.check)).toContain('decision');
    const wrongDigest = verifyProofBundle({ decision: { ...decision, digest: sha256Digest(new Uint8Array()) }, envelope }, keys);
    expect(wrongDigest.failures.map((f) => f.check)).toEqual(['digest']);
    const other = generateSigningKey();
    const unknown = verifyProofBundle({ decision, envelope }, new Map([[other.keyId, other.publicKey]]));
    expect(unknown.failures[0]!.message).toMatch(/not in the given key set/);
  });

  it('gives every decision its own 128-bit nonce, across refills of the nonce pool', () => {
    const nonces = new Set(Array.from({ length: 1_000 }, () => bundle().decision.nonce));
    expect(nonces.size).toBe(1_000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  });
});
