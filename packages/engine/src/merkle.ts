// The RFC 6962 Merkle tree of the audit log: leaf hash SHA-256(0x00||d), node hash
// SHA-256(0x01||l||r), tree heads, inclusion and consistency proofs (RFC 6962 section 2.1) and
// their verification (the algorithms of RFC 9162 sections 2.1.3.2 and 2.1.4.2).
//
// A tree is read through a NodeSource: the hash of the perfect subtree at (level, index), which
// covers leaves [index * 2^level, (index + 1) * 2^level). A log that stores those hashes as they
// complete (at most log2(n) per append) answers any root or proof with O(log n) lookups.
import crypto from 'node:crypto';

export type Hash = Uint8Array;
export type NodeSource = (level: number, index: number) => Hash;
export type StoredNode = { level: number; index: number; hash: Hash };

export const HASH_BYTES = 32;

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

// A hash's input is written into one scratch buffer (grown when an input needs more) and hashed in
// one call: a third quicker than a Hash object fed part by part, for inputs this small. Safe because
// hashing is synchronous and nothing keeps a reference to the buffer.
let scratch = Buffer.alloc(4096);

function sha256(prefix: number, first: Uint8Array, second?: Uint8Array): Hash {
  const length = 1 + first.length + (second?.length ?? 0);
  if (scratch.length < length) scratch = Buffer.alloc(2 * length);
  scratch[0] = prefix;
  scratch.set(first, 1);
  if (second) scratch.set(second, 1 + first.length);
  return new Uint8Array(crypto.hash('sha256', scratch.subarray(0, length), 'buffer'));
}

/** MTH({}) = SHA-256 of the empty string. */
export const EMPTY_ROOT: Hash = new Uint8Array(crypto.hash('sha256', new Uint8Array(0), 'buffer'));

export function leafHash(data: Uint8Array): Hash {
  return sha256(LEAF_PREFIX, data);
}

export function nodeHash(left: Hash, right: Hash): Hash {
  return sha256(NODE_PREFIX, left, right);
}

export function equalHashes(a: Hash, b: Hash): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export const toHex = (hash: Hash): string => Buffer.from(hash).toString('hex');

export function fromHex(hex: unknown): Hash | null {
  if (typeof hex !== 'string' || !/^[0-9a-f]{64}$/.test(hex)) return null;
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

/** The largest power of two strictly below n (n >= 2): RFC 6962's split point k. */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function isPowerOfTwo(n: number): boolean {
  // Not (n & (n - 1)): bitwise operators truncate to 32 bits and logs outgrow that.
  return n > 0 && 2 ** Math.round(Math.log2(n)) === n;
}

/** MTH(D[start:end]); start is aligned as the RFC's recursion always leaves it. */
export function rangeRoot(get: NodeSource, start: number, end: number): Hash {
  const size = end - start;
  if (size === 0) return EMPTY_ROOT;
  if (isPowerOfTwo(size) && start % size === 0) return get(Math.round(Math.log2(size)), start / size);
  const k = split(size);
  return nodeHash(rangeRoot(get, start, start + k), rangeRoot(get, start + k, end));
}

export function treeRoot(get: NodeSource, size: number): Hash {
  return rangeRoot(get, 0, size);
}

/** PATH(m, D[0:n]) of RFC 6962 section 2.1.1, sibling hashes from the leaf up. */
export function inclusionProof(get: NodeSource, index: number, size: number): Hash[] {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) {
    throw new RangeError(`no leaf ${index} in a tree of size ${size}`);
  }
  const path: Hash[] = [];
  const walk = (m: number, start: number, end: number): void => {
    const n = end - start;
    if (n <= 1) return;
    const k = split(n);
    if (m < k) {
      walk(m, start, start + k);
      path.push(rangeRoot(get, start + k, end));
    } else {
      walk(m - k, start + k, end);
      path.push(rangeRoot(get, start, start + k));
    }
  };
  walk(index, 0, size);
  return path;
}

/** PROOF(m, D[0:n]) of RFC 6962 section 2.1.2; empty when m is 0 or m equals n. */
export function consistencyProof(get: NodeSource, first: number, second: number): Hash[] {
  if (!Number.isInteger(first) || !Number.isInteger(second) || first < 0 || first > second) {
    throw new RangeError(`no consistency proof from size ${first} to size ${second}`);
  }
  const proof: Hash[] = [];
  if (first === 0 || first === second) return proof;
  const sub = (m: number, start: number, end: number, whole: boolean): void => {
    const n = end - start;
    if (m === n) {
      if (!whole) proof.push(rangeRoot(get, start, end));
      return;
    }
    const k = split(n);
    if (m <= k) {
      sub(m, start, start + k, whole);
      proof.push(rangeRoot(get, start + k, end));
    } else {
      sub(m - k, start + k, end, false);
      proof.push(rangeRoot(get, start, start + k));
    }
  };
  sub(first, 0, second, true);
  return proof;
}

/** RFC 9162 section 2.1.3.2: does `proof` put `leaf` at `index` of the tree of `size` with `root`? */
export function verifyInclusion(leaf: Hash, index: number, size: number, proof: Hash[], root: Hash): boolean {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  if (leaf.length !== HASH_BYTES || root.length !== HASH_BYTES) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (p.length !== HASH_BYTES || sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn /= 2;
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalHashes(r, root);
}

/** RFC 9162 section 2.1.4.2: is the tree of size `second` an append-only extension of the one of size `first`? */
export function verifyConsistency(first: number, second: number, firstRoot: Hash, secondRoot: Hash, proof: Hash[]): boolean {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 0 || first > second) return false;
  if (firstRoot.length !== HASH_BYTES || secondRoot.length !== HASH_BYTES) return false;
  if (first === second) return proof.length === 0 && equalHashes(firstRoot, secondRoot);
  if (first === 0) return proof.length === 0 && equalHashes(firstRoot, EMPTY_ROOT);
  if (proof.length === 0 || proof.some((p) => p.length !== HASH_BYTES)) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : proof;
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn /= 2;
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalHashes(fr, firstRoot) && equalHashes(sr, secondRoot);
}

/**
 * The right edge of a tree: the roots of its perfect subtrees, largest first (one per set bit of
 * the size). Appending touches only this edge, so an append costs O(log n) hashes.
 */
export type Frontier = Hash[];

export function appendToFrontier(frontier: Frontier, size: number, leaf: Hash): { frontier: Frontier; nodes: StoredNode[] } {
  const next = frontier.slice();
  const nodes: StoredNode[] = [{ level: 0, index: size, hash: leaf }];
  let hash = leaf;
  let level = 0;
  let index = size;
  while (index % 2 === 1) {
    const left = next.pop();
    if (!left) throw new Error(`frontier of ${frontier.length} hashes does not fit a tree of size ${size}`);
    hash = nodeHash(left, hash);
    index = (index - 1) / 2;
    level += 1;
    nodes.push({ level, index, hash });
  }
  next.push(hash);
  return { frontier: next, nodes };
}

export function frontierRoot(frontier: Frontier): Hash {
  if (frontier.length === 0) return EMPTY_ROOT;
  let root = frontier[frontier.length - 1]!;
  for (let i = frontier.length - 2; i >= 0; i--) root = nodeHash(frontier[i]!, root);
  return root;
}

/**
 * The nodes a computation reads, found by running it once against placeholder hashes: the shape
 * of a root or proof depends on sizes and indices only, never on the hash values.
 */
export function nodesRead(compute: (get: NodeSource) => unknown): Array<{ level: number; index: number }> {
  const seen = new Map<string, { level: number; index: number }>();
  const placeholder = new Uint8Array(HASH_BYTES);
  compute((level, index) => {
    seen.set(`${level}:${index}`, { level, index });
    return placeholder;
  });
  return [...seen.values()];
}

/** An in-memory log: every perfect subtree hash kept, for tests, tools and verifying an export. */
export class MerkleTree {
  private readonly nodes = new Map<string, Hash>();
  private frontier: Frontier = [];
  size = 0;

  readonly get: NodeSource = (level, index) => {
    const hash = this.nodes.get(`${level}:${index}`);
    if (!hash) throw new RangeError(`no node at level ${level}, index ${index} in a tree of size ${this.size}`);
    return hash;
  };

  append(leaf: Hash): void {
    const { frontier, nodes } = appendToFrontier(this.frontier, this.size, leaf);
    for (const n of nodes) this.nodes.set(`${n.level}:${n.index}`, n.hash);
    this.frontier = frontier;
    this.size += 1;
  }

  root(size = this.size): Hash {
    if (size > this.size || size < 0) throw new RangeError(`no tree of size ${size}; the log has ${this.size} leaves`);
    return size === this.size ? frontierRoot(this.frontier) : treeRoot(this.get, size);
  }

  inclusionProof(index: number, size = this.size): Hash[] {
    if (size > this.size) throw new RangeError(`no tree of size ${size}; the log has ${this.size} leaves`);
    return inclusionProof(this.get, index, size);
  }

  consistencyProof(first: number, second = this.size): Hash[] {
    if (second > this.size) throw new RangeError(`no tree of size ${second}; the log has ${this.size} leaves`);
    return consistencyProof(this.get, first, second);
  }
}
