// The browser verifier against the engine's real signing code: bundles signed and appended to a
// Merkle log by the engine verify here with WebCrypto, and every kind of tampering is caught.
import { signCheckpoint } from '@bytebound/engine/checkpoint';
import { MerkleTree, leafHash, toHex as engineHex } from '@bytebound/engine/merkle';
import { auditLeafData, createProofBundle } from '@bytebound/engine/proof-bundle';
import { generateSigningKey, keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type InclusionProofFile, importKeys, verifyCheckpoint, verifyInclusionProof } from './verify-proof.ts';

const key = generateSigningKey();
const jwks = { keys: [key.publicJwk] };

function logOf(count: number) {
  const tree = new MerkleTree();
  const bundles = Array.from({ length: count }, (_, i) => {
    const bundle = createProofBundle(
      {
        decision: i % 3 === 0 ? 'DENY' : 'ALLOW',
        exitCode: i % 3 === 0 ? 2 : 0,
        reasons: [{ ruleId: `r${i}`, article: 'GDPR Art. 6', text: `reason ${i}`, priority: 100 }],
        applied_policies: ['gdpr'],
        article: 'GDPR Art. 6',
      },
      { latency_us: 3.5 + i },
      { signer: key },
    );
    tree.append(leafHash(auditLeafData(bundle.envelope)));
    return bundle;
  });
  return { tree, bundles };
}

function proofFile(count: number, index: number, size = count): InclusionProofFile {
  const { tree, bundles } = logOf(count);
  return {
    kind: 'bytebound.inclusion-proof',
    bundleId: `b${index}`,
    leafIndex: index,
    treeSize: size,
    leafHash: engineHex(leafHash(auditLeafData(bundles[index]!.envelope))),
    proof: tree.inclusionProof(index, size).map(engineHex),
    checkpoint: signCheckpoint(size, tree.root(size), key),
    envelope: bundles[index]!.envelope,
  };
}

describe('verifying a proof in the browser', () => {
  it('accepts what the engine signed, and agrees with the engine verifier', async () => {
    const keys = await importKeys(jwks);
    const file = proofFile(13, 7);
    const result = await verifyInclusionProof(file, keys);
    expect(result.failures).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.passed.join('\n')).toMatch(/leaf 7 is in the tree of size 13/);
    expect(verifyFile(file, keyRingFromJwks(jwks)).ok).toBe(true);
  });

  it('accepts every leaf of logs of any size', async () => {
    const keys = await importKeys(jwks);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n - 1 }))), async ([n, i]) => {
        expect((await verifyInclusionProof(proofFile(n, i), keys)).ok).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('rejects a tampered decision, path, root, checkpoint or an unknown key', async () => {
    const keys = await importKeys(jwks);
    const good = proofFile(10, 3);

    const payload = JSON.parse(atob(good.envelope!.payload)) as Record<string, unknown>;
    const forged = { ...good, envelope: { ...good.envelope!, payload: btoa(JSON.stringify({ ...payload, decision: 'ALLOW', exitCode: 0 })) } };
    const forgedResult = await verifyInclusionProof(forged, keys);
    expect(forgedResult.ok).toBe(false);
    expect(forgedResult.failures.join('\n')).toMatch(/does not verify/);

    const flipped = good.proof[0]!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const badPath = await verifyInclusionProof({ ...good, proof: [flipped, ...good.proof.slice(1)] }, keys);
    expect(badPath.ok).toBe(false);
    expect(badPath.failures.join('\n')).toMatch(/does not place leaf 3/);

    const badRoot = await verifyInclusionProof({ ...good, checkpoint: { ...good.checkpoint, root: '0'.repeat(64) } }, keys);
    expect(badRoot.ok).toBe(false);
    expect(badRoot.failures.join('\n')).toMatch(/signature of the checkpoint/);

    const otherIndex = await verifyInclusionProof({ ...good, leafIndex: 4 }, keys);
    expect(otherIndex.ok).toBe(false);

    const stranger = await importKeys({ keys: [generateSigningKey().publicJwk] });
    const unknown = await verifyInclusionProof(good, stranger);
    expect(unknown.ok).toBe(false);
    expect(unknown.failures.join('\n')).toMatch(/not among the published keys/);

    const otherCheckpoint = await verifyInclusionProof(good, keys, { size: 9, root: good.checkpoint.root });
    expect(otherCheckpoint.ok).toBe(false);
  });

  it('checks a checkpoint on its own', async () => {
    const keys = await importKeys(jwks);
    const { tree } = logOf(5);
    const checkpoint = signCheckpoint(5, tree.root(), key);
    expect((await verifyCheckpoint(checkpoint, keys)).ok).toBe(true);
    expect((await verifyCheckpoint({ ...checkpoint, size: 6 }, keys)).ok).toBe(false);
    expect((await verifyCheckpoint({ ...checkpoint, timestamp: new Date(0).toISOString() }, keys)).ok).toBe(false);
  });
});
