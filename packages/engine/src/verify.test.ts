import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Checkpoint, signCheckpoint } from './checkpoint.ts';
import { MerkleTree, leafHash, toHex } from './merkle.ts';
import { auditLeafData, createProofBundle } from './proof-bundle.ts';
import { generateSigningKey } from './signing-keys.ts';
import { AUDIT_EXPORT_KIND, type AuditExport, CONSISTENCY_PROOF_KIND, INCLUSION_PROOF_KIND, type InclusionProofFile, detectKind, verifyFile } from './verify.ts';

const key = generateSigningKey();
const keys = new Map([[key.keyId, key.publicKey]]);

function buildLog(count: number) {
  const tree = new MerkleTree();
  const entries: AuditExport['entries'] = [];
  const checkpoints: Checkpoint[] = [];
  for (let i = 0; i < count; i++) {
    const allow = i % 3 !== 0;
    const { envelope } = createProofBundle(
      { decision: allow ? 'ALLOW' : 'DENY', exitCode: allow ? 0 : 2, reasons: [], applied_policies: [], article: null },
      { latency_us: i },
      { signer: key },
    );
    const leaf = leafHash(auditLeafData(envelope));
    tree.append(leaf);
    entries.push({ index: i, leafHash: toHex(leaf), bundleId: `b${i}`, createdAt: new Date(0).toISOString(), envelope });
    if ((i + 1) % 4 === 0) checkpoints.push(signCheckpoint(i + 1, tree.root(), key));
  }
  const checkpoint = signCheckpoint(count, tree.root(), key);
  const log: AuditExport = { kind: AUDIT_EXPORT_KIND, checkpoint, checkpoints, entries };
  return { tree, log };
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

/** A signed decision, and the decision API's answer with it: its fields, then the API's own and the envelope. */
function decisionAnswer() {
  const bundle = createProofBundle(
    { decision: 'DENY', exitCode: 2, reasons: [{ ruleId: 'gdpr-art-44', article: 'GDPR Art. 44', text: 'GDPR Art. 44: transfer', priority: 95 }], applied_policies: ['gdpr-art-44'], article: 'GDPR Art. 44' },
    { latency_us: 3.2 },
    { signer: key, commitments: [{ field: 'request', key: 'ck_1', value: 'hmac-sha256:00' }] },
  );
  const answer = { ...bundle.decision, decisionId: 'dec_1', bundleId: bundle.decision.digest.slice('sha256:'.length), auditIndex: 7, envelope: bundle.envelope, arbiters: [{ arbiter: 'gdpr' }] };
  return { bundle, answer };
}

describe('verifying an exported audit log', () => {
  const { tree, log } = buildLog(13);

  it('accepts the log as exported', () => {
    const result = verifyFile(clone(log), keys);
    expect(result).toMatchObject({ kind: 'audit-export', ok: true, failures: [] });
  });

  it('detects a changed entry, a removed entry and two swapped entries, naming the entry', () => {
    const changed = clone(log);
    changed.entries[5]!.leafHash = toHex(leafHash(new Uint8Array([1])));
    const r1 = verifyFile(changed, keys);
    expect(r1.ok).toBe(false);
    expect(r1.failures.some((f) => f.check === 'leaf' && f.entry?.startsWith('entry 5'))).toBe(true);

    const removed = clone(log);
    removed.entries.splice(7, 1);
    const r2 = verifyFile(removed, keys);
    expect(r2.ok).toBe(false);
    expect(r2.failures.map((f) => f.check)).toContain('completeness');

    const swapped = clone(log);
    const [a, b] = [swapped.entries[2]!, swapped.entries[3]!];
    swapped.entries[2] = { ...b, index: 2 };
    swapped.entries[3] = { ...a, index: 3 };
    const r3 = verifyFile(swapped, keys);
    expect(r3.ok).toBe(false);
    expect(r3.failures.some((f) => f.check === 'root')).toBe(true);
  });

  it('detects a changed decision inside an entry and a forged checkpoint', () => {
    const forged = clone(log);
    const payload = JSON.parse(Buffer.from(forged.entries[3]!.envelope!.payload, 'base64').toString());
    payload.decision = 'ALLOW';
    forged.entries[3]!.envelope!.payload = Buffer.from(JSON.stringify(payload)).toString('base64');
    expect(verifyFile(forged, keys).failures.some((f) => f.check === 'signature' && f.entry?.startsWith('entry 3'))).toBe(true);

    const badCheckpoint = clone(log);
    badCheckpoint.checkpoints[0]!.root = toHex(leafHash(new Uint8Array()));
    expect(verifyFile(badCheckpoint, keys).failures.some((f) => f.check === 'checkpoint')).toBe(true);
  });

  it('still verifies the tree when bundle payloads have passed retention', () => {
    const purged = clone(log);
    for (const e of purged.entries.slice(0, 6)) e.envelope = null;
    expect(verifyFile(purged, keys).ok).toBe(true);
  });

  it('verifies inclusion and consistency proof files, and rejects a proof for another leaf', () => {
    const proof: InclusionProofFile = {
      kind: INCLUSION_PROOF_KIND,
      bundleId: 'b6',
      leafIndex: 6,
      treeSize: 13,
      leafHash: log.entries[6]!.leafHash,
      proof: tree.inclusionProof(6, 13).map(toHex),
      checkpoint: log.checkpoint,
      envelope: log.entries[6]!.envelope,
    };
    expect(detectKind(proof)).toBe('inclusion-proof');
    expect(verifyFile(proof, keys).ok).toBe(true);
    expect(verifyFile({ ...proof, leafIndex: 7 }, keys).ok).toBe(false);
    expect(verifyFile({ ...proof, envelope: log.entries[7]!.envelope }, keys).failures.map((f) => f.check)).toContain('leaf');

    const consistency = { kind: CONSISTENCY_PROOF_KIND, from: log.checkpoints[1]!, to: log.checkpoint, proof: tree.consistencyProof(8, 13).map(toHex) };
    expect(verifyFile(consistency, keys).ok).toBe(true);
    expect(verifyFile({ ...consistency, from: log.checkpoints[0]! }, keys).ok).toBe(false);
  });

  it('checks an export against checkpoints saved earlier: a rewritten or truncated history fails', () => {
    const saved = clone(log.checkpoints[1]!); // size 8
    expect(verifyFile(clone(log), keys, { trustedCheckpoints: [saved] }).ok).toBe(true);

    // The operator rebuilds the log from entry 5 on and signs fresh checkpoints: self-consistent, but not what was seen.
    const rewritten = buildLog(13).log;
    const alone = verifyFile(clone(rewritten), keys);
    expect(alone.ok).toBe(true);
    const against = verifyFile(clone(rewritten), keys, { trustedCheckpoints: [saved] });
    expect(against.ok).toBe(false);
    expect(against.failures.some((f) => f.check === 'root' && f.entry === 'checkpoint of size 8')).toBe(true);

    // Serving an older, genuinely signed state of the log (truncation) fails as well.
    const truncated = clone(log);
    truncated.entries = truncated.entries.slice(0, 4);
    truncated.checkpoint = truncated.checkpoints[0]!;
    truncated.checkpoints = [truncated.checkpoints[0]!];
    expect(verifyFile(clone(truncated), keys).ok).toBe(true);
    const stale = verifyFile(truncated, keys, { trustedCheckpoints: [saved] });
    expect(stale.failures.map((f) => f.check)).toContain('completeness');
  });

  it('never throws on malformed input: any JSON, and valid files with any member replaced', () => {
    const files = [clone(log), { ...clone(log), kind: INCLUSION_PROOF_KIND }, { kind: CONSISTENCY_PROOF_KIND }, { envelope: {} }, clone(decisionAnswer().answer)];
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(files.length - 1), fc.string(), (junk, which, member) => {
        expect(() => verifyFile(junk, keys)).not.toThrow();
        const file = clone(files[which]!) as Record<string, unknown>;
        const target = Array.isArray(file.entries) && file.entries.length > 0 && member.length % 2 === 0 ? (file.entries as unknown[]) : null;
        if (target) target[member.length % target.length] = junk;
        else file[member.length % 3 === 0 ? 'checkpoint' : member || 'entries'] = junk;
        const result = verifyFile(file, keys);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });

  it("verifies the decision API's answer as it comes, and notes the fields its signature does not cover", () => {
    const { bundle, answer } = decisionAnswer();
    const valid = verifyFile(clone(answer), keys);
    expect(valid).toMatchObject({ kind: 'proof-bundle', ok: true, failures: [] });
    expect(valid.passed).toEqual(expect.arrayContaining(['bundle id is the SHA-256 of the payload', 'decision matches the signed payload']));
    expect(valid.notes).toEqual([expect.stringMatching(/^not signed, so not checked: decisionId, auditIndex, arbiters \(/)]);

    const checksFailed = (changed: Record<string, unknown>) => verifyFile(changed, keys).failures.map((f) => f.check);
    expect(checksFailed({ ...clone(answer), decision: 'ALLOW', exitCode: 0 })).toEqual(['decision']);
    const { reasons: _reasons, ...withoutReasons } = clone(answer);
    expect(checksFailed(withoutReasons)).toEqual(['decision']);
    expect(checksFailed({ ...clone(answer), bundleId: 'f'.repeat(64) })).toEqual(['bundle id']);
    expect(checksFailed({ ...clone(answer), signature: 'AAAA' })).toEqual(['decision signature']);
    // The API's own fields are not signed: changing them changes no check's outcome.
    expect(verifyFile({ ...clone(answer), auditIndex: 8, arbiters: [] }, keys).ok).toBe(true);
    // Any field replaced by any other JSON value fails, except the three the signature does not cover.
    const unsigned = ['decisionId', 'auditIndex', 'arbiters'];
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(answer)), fc.jsonValue(), (field, junk) => {
        fc.pre(JSON.stringify(junk) !== JSON.stringify(answer[field as keyof typeof answer]));
        expect(verifyFile({ ...clone(answer), [field]: junk }, keys).ok).toBe(unsigned.includes(field));
      }),
      { numRuns: 300 },
    );
    // A bundle as the log keeps it ({decision, envelope}) has nothing unsigned to note.
    expect(verifyFile(clone(bundle), keys)).toMatchObject({ ok: true });
    expect(verifyFile(clone(bundle), keys).notes).toBeUndefined();
  });

  it('says when a file is none of the known kinds', () => {
    expect(verifyFile({ hello: 'world' }, keys)).toMatchObject({ kind: 'unknown', ok: false });
  });
});
