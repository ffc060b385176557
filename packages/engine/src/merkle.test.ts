import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  type Hash,
  MerkleTree,
  consistencyProof,
  fromHex,
  inclusionProof,
  leafHash,
  nodesRead,
  toHex,
  treeRoot,
  verifyConsistency,
  verifyInclusion,
} from './merkle.ts';

// The RFC 6962 reference vectors of google/certificate-transparency-go (merkle/testonly/constants.go,
// now transparency-dev/merkle testonly/constants.go): eight leaf inputs, the tree heads of sizes
// 0..8, and known inclusion and consistency proofs.
const LEAF_INPUTS = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION = [
  { index: 0, size: 8, proof: ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4'] },
  { index: 5, size: 8, proof: ['bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b', 'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7'] },
  { index: 2, size: 3, proof: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'] },
  { index: 1, size: 5, proof: ['6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b'] },
];
const CONSISTENCY = [
  { first: 1, second: 1, proof: [] as string[] },
  { first: 1, second: 8, proof: ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4'] },
  { first: 6, second: 8, proof: ['0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a', 'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7'] },
  { first: 2, second: 5, proof: ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b'] },
];

const hex = (h: Hash[]) => h.map(toHex);
const unhex = (h: string) => fromHex(h)!;

function treeOf(leaves: Hash[]): MerkleTree {
  const tree = new MerkleTree();
  for (const leaf of leaves) tree.append(leaf);
  return tree;
}

const ctTree = treeOf(LEAF_INPUTS.map((h) => leafHash(Buffer.from(h, 'hex'))));

describe('RFC 6962 Merkle tree', () => {
  it('has the reference tree heads of the empty tree and sizes 1..8', () => {
    expect(toHex(EMPTY_ROOT)).toBe(ROOTS[0]);
    for (let n = 0; n <= 8; n++) expect(toHex(ctTree.root(n)), `size ${n}`).toBe(ROOTS[n]);
  });

  it.each(INCLUSION)('produces and verifies the reference inclusion proof of leaf $index in size $size', ({ index, size, proof }) => {
    expect(hex(ctTree.inclusionProof(index, size))).toEqual(proof);
    expect(verifyInclusion(ctTree.get(0, index), index, size, proof.map(unhex), unhex(ROOTS[size]!))).toBe(true);
  });

  it.each(CONSISTENCY)('produces and verifies the reference consistency proof $first -> $second', ({ first, second, proof }) => {
    expect(hex(ctTree.consistencyProof(first, second))).toEqual(proof);
    expect(verifyConsistency(first, second, unhex(ROOTS[first]!), unhex(ROOTS[second]!), proof.map(unhex))).toBe(true);
  });

  const N = 64;
  const leaves = Array.from({ length: N }, (_, i) => leafHash(crypto.createHash('sha256').update(`leaf ${i}`).digest()));
  const big = treeOf(leaves);
  const roots = Array.from({ length: N + 1 }, (_, n) => big.root(n));

  it('hashes a leaf of any size as SHA-256(0x00 || data), a long one between short ones included', () => {
    const expected = (data: Uint8Array) => crypto.createHash('sha256').update(Uint8Array.of(0)).update(data).digest('hex');
    for (const size of [0, 1, 64, 5_000, 100_000, 3, 0]) {
      const data = crypto.randomBytes(size);
      expect(toHex(leafHash(data))).toBe(expected(data));
    }
  });

  it('verifies every inclusion proof of every leaf in every tree of size 1..64, and no altered one', () => {
    for (let n = 1; n <= N; n++) {
      for (let i = 0; i < n; i++) {
        const proof = big.inclusionProof(i, n);
        expect(verifyInclusion(leaves[i]!, i, n, proof, roots[n]!), `leaf ${i} of ${n}`).toBe(true);
        // Another leaf, another index, the next tree, a flipped bit, a dropped or extra hash: all refused.
        expect(verifyInclusion(leaves[(i + 1) % N]!, i, n, proof, roots[n]!)).toBe(false);
        if (n > 1) expect(verifyInclusion(leaves[i]!, (i + 1) % n, n, proof, roots[n]!)).toBe(false);
        if (n < N) expect(verifyInclusion(leaves[i]!, i, n + 1, proof, roots[n + 1]!)).toBe(false);
        if (proof.length > 0) {
          const flipped = proof.map((h) => Uint8Array.from(h));
          flipped[proof.length - 1]![0]! ^= 1;
          expect(verifyInclusion(leaves[i]!, i, n, flipped, roots[n]!)).toBe(false);
          expect(verifyInclusion(leaves[i]!, i, n, proof.slice(0, -1), roots[n]!)).toBe(false);
        }
        expect(verifyInclusion(leaves[i]!, i, n, [...proof, leaves[0]!], roots[n]!)).toBe(false);
      }
    }
  });

  it('verifies every consistency proof for every 0 <= m <= n <= 64, and no altered one', () => {
    for (let n = 0; n <= N; n++) {
      for (let m = 0; m <= n; m++) {
        const proof = big.consistencyProof(m, n);
        expect(verifyConsistency(m, n, roots[m]!, roots[n]!, proof), `${m} -> ${n}`).toBe(true);
        if (m > 0 && m < n) {
          expect(verifyConsistency(m, n, roots[m - 1]!, roots[n]!, proof)).toBe(false);
          expect(verifyConsistency(m, n, roots[m]!, roots[n - 1]!, proof)).toBe(false);
          const flipped = proof.map((h) => Uint8Array.from(h));
          flipped[0]![5]! ^= 0x80;
          expect(verifyConsistency(m, n, roots[m]!, roots[n]!, flipped)).toBe(false);
          expect(verifyConsistency(m, n, roots[m]!, roots[n]!, proof.slice(0, -1))).toBe(false);
          expect(verifyConsistency(m, n, roots[m]!, roots[n]!, [...proof, leaves[0]!])).toBe(false);
        }
      }
    }
  });

  it('keeps the incremental root equal to the recursive tree head at every size', () => {
    const tree = new MerkleTree();
    for (let n = 1; n <= N; n++) {
      tree.append(leaves[n - 1]!);
      expect(toHex(tree.root())).toBe(toHex(big.root(n)));
    }
  });

  it('needs only O(log n) stored nodes for a root or a proof of a large log', () => {
    const size = 1_000_003;
    const bound = 2 * Math.ceil(Math.log2(size));
    expect(nodesRead((get) => treeRoot(get, size)).length).toBeLessThanOrEqual(bound);
    expect(nodesRead((get) => inclusionProof(get, 123_457, size)).length).toBeLessThanOrEqual(bound);
    expect(nodesRead((get) => consistencyProof(get, 777_777, size)).length).toBeLessThanOrEqual(bound);
  });
});
