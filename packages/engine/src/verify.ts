// Offline verification with public keys alone: a proof bundle, an inclusion proof, a consistency
// proof, or a whole exported audit log. Each check that fails says which check and which entry.
import { canonicalize } from './canonical-json.ts';
import { type Checkpoint, verifyCheckpoint } from './checkpoint.ts';
import { DECISION_PAYLOAD_TYPE, DIGEST_PREFIX } from './config.ts';
import { type DsseEnvelope, verifyEnvelope } from './dsse.ts';
import { type Hash, appendToFrontier, equalHashes, frontierRoot, fromHex, leafHash, toHex, verifyConsistency, verifyInclusion } from './merkle.ts';
import { type ProofBundle, auditLeafData, decisionPayload, sha256Digest } from './proof-bundle.ts';
import type { KeyRing } from './signing-keys.ts';

export const INCLUSION_PROOF_KIND = 'bytebound.inclusion-proof';
export const CONSISTENCY_PROOF_KIND = 'bytebound.consistency-proof';
export const AUDIT_EXPORT_KIND = 'bytebound.audit-export';

export type InclusionProofFile = {
  kind: typeof INCLUSION_PROOF_KIND;
  bundleId: string;
  leafIndex: number;
  treeSize: number;
  /** hex */
  leafHash: string;
  /** hex hashes, from the leaf up */
  proof: string[];
  checkpoint: Checkpoint;
  /** The bundle's envelope, or null once its payload has passed retention. */
  envelope: DsseEnvelope | null;
};

export type ConsistencyProofFile = { kind: typeof CONSISTENCY_PROOF_KIND; from: Checkpoint; to: Checkpoint; proof: string[] };

export type AuditExportEntry = { index: number; leafHash: string; bundleId: string; createdAt: string; envelope: DsseEnvelope | null };

export type AuditExport = {
  kind: typeof AUDIT_EXPORT_KIND;
  /** The checkpoint the export is complete up to: entries are leaves 0 .. checkpoint.size - 1. */
  checkpoint: Checkpoint;
  checkpoints: Checkpoint[];
  entries: AuditExportEntry[];
};

export type VerifiedKind = 'proof-bundle' | 'inclusion-proof' | 'consistency-proof' | 'audit-export' | 'unknown';
export type Failure = { check: string; entry?: string; message: string };
/** `notes`: what the file holds that its signatures do not cover, so no check could vouch for it. */
export type Verification = { kind: VerifiedKind; ok: boolean; passed: string[]; failures: Failure[]; notes?: string[] };

class Report {
  readonly passed: string[] = [];
  readonly failures: Failure[] = [];
  readonly notes: string[] = [];
  constructor(readonly kind: VerifiedKind) {}
  pass(check: string) {
    this.passed.push(check);
  }
  fail(check: string, message: string, entry?: string) {
    this.failures.push(entry === undefined ? { check, message } : { check, entry, message });
  }
  note(text: string) {
    this.notes.push(text);
  }
  done(): Verification {
    const verification: Verification = { kind: this.kind, ok: this.failures.length === 0, passed: this.passed, failures: this.failures };
    if (this.notes.length > 0) verification.notes = this.notes;
    return verification;
  }
}

/** Recognises what a parsed file is, by its shape. */
export function detectKind(value: unknown): VerifiedKind {
  const v = value as Record<string, unknown> | null;
  if (!v || typeof v !== 'object') return 'unknown';
  if (v.kind === INCLUSION_PROOF_KIND) return 'inclusion-proof';
  if (v.kind === CONSISTENCY_PROOF_KIND) return 'consistency-proof';
  if (v.kind === AUDIT_EXPORT_KIND) return 'audit-export';
  if ((v.envelope && typeof v.envelope === 'object') || (typeof v.payloadType === 'string' && Array.isArray(v.signatures))) return 'proof-bundle';
  return 'unknown';
}

export type VerifyOptions = {
  /**
   * Checkpoints the verifier saved earlier (e.g. on a previous visit). An export must contain a
   * tree with each one's size and root: that proves history was neither rewritten nor truncated.
   */
  trustedCheckpoints?: Checkpoint[];
};

export function verifyFile(value: unknown, keys: KeyRing, options: VerifyOptions = {}): Verification {
  try {
    return verifyKnownFile(value, keys, options);
  } catch (error) {
    // A shape no check anticipated: still an answer, never a crash.
    const r = new Report(detectKind(value));
    r.fail('format', `the file is malformed: ${error instanceof Error ? error.message : String(error)}`);
    return r.done();
  }
}

function verifyKnownFile(value: unknown, keys: KeyRing, options: VerifyOptions): Verification {
  switch (detectKind(value)) {
    case 'proof-bundle':
      return verifyProofBundle(value as ProofBundle | DsseEnvelope, keys);
    case 'inclusion-proof':
      return verifyInclusionProofFile(value as InclusionProofFile, keys);
    case 'consistency-proof':
      return verifyConsistencyProofFile(value as ConsistencyProofFile, keys);
    case 'audit-export':
      return verifyAuditExport(value as AuditExport, keys, options.trustedCheckpoints);
    default: {
      const r = new Report('unknown');
      r.fail('format', 'not a proof bundle, a DSSE envelope, an inclusion proof, a consistency proof or an audit-log export');
      return r.done();
    }
  }
}

/** Checks a bundle's signature and that its readable decision is exactly what was signed. */
function checkBundle(bundle: ProofBundle | DsseEnvelope, keys: KeyRing, r: Report, entry?: string): void {
  if (!bundle || typeof bundle !== 'object') {
    r.fail('bundle', 'not a proof bundle or DSSE envelope', entry);
    return;
  }
  const envelope = 'envelope' in bundle ? bundle.envelope : bundle;
  const signed = verifyEnvelope(envelope, DECISION_PAYLOAD_TYPE, keys);
  if (!signed.ok) {
    r.fail('signature', signed.reason, entry);
    return;
  }
  r.pass(`signature by key ${signed.keyId}`);
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(signed.payload));
    if (canonicalize(payload) !== new TextDecoder().decode(signed.payload)) throw new Error('not canonical');
  } catch {
    r.fail('payload', 'the signed payload is not RFC 8785 canonical JSON', entry);
    return;
  }
  r.pass('payload is canonical JSON');
  if (!('envelope' in bundle)) return;
  const decision =
    typeof bundle.decision === 'string'
      ? signedPartOfAnswer(bundle as unknown as Record<string, unknown>, payload, sha256Digest(signed.payload), r)
      : (bundle.decision as unknown as Record<string, unknown> | undefined);
  if (!decision || typeof decision !== 'object') {
    r.fail('decision', 'the bundle has no decision', entry);
    return;
  }
  let sameDecision = false;
  try {
    sameDecision = equalHashes(decisionPayload(decision as never), signed.payload);
  } catch {
    sameDecision = false;
  }
  if (sameDecision) r.pass('decision matches the signed payload');
  else r.fail('decision', 'the decision differs from the signed payload', entry);
  if (decision.digest === sha256Digest(signed.payload)) r.pass('digest is the SHA-256 of the payload');
  else r.fail('digest', `digest ${String(decision.digest)} is not the SHA-256 of the signed payload`, entry);
  if (envelope.signatures.some((s) => s.sig === decision.signature)) r.pass('decision signature is the envelope signature');
  else r.fail('decision signature', "the decision's signature is not the envelope's", entry);
}

/**
 * The decision API's answer (`POST /api/v1/decide`, the MCP decide tool) holds the signed decision's
 * fields at its top level, next to the API's own (decisionId, bundleId, auditIndex, arbiters) and
 * the envelope. The signed decision is the answer's fields the payload names, with its digest and
 * signature: a signed field missing or changed then fails as a changed decision would. The bundle
 * id must be the payload's digest; the API's other fields are not signed, and a note says so.
 */
function signedPartOfAnswer(answer: Record<string, unknown>, payload: unknown, digest: string, r: Report): Record<string, unknown> {
  const decision: Record<string, unknown> = {};
  const signedFields = typeof payload === 'object' && payload !== null ? Object.keys(payload) : [];
  for (const field of [...signedFields, 'digest', 'signature']) if (field in answer) decision[field] = answer[field];
  if ('bundleId' in answer) {
    if (`${DIGEST_PREFIX}${String(answer.bundleId)}` === digest) r.pass('bundle id is the SHA-256 of the payload');
    else r.fail('bundle id', `bundleId ${String(answer.bundleId)} is not the SHA-256 of the signed payload`);
  }
  const unsigned = Object.keys(answer).filter((field) => !(field in decision) && field !== 'envelope' && field !== 'bundleId');
  if (unsigned.length > 0) {
    const place = 'auditIndex' in answer ? ' (GET /api/v1/audit/proof/<bundleId> proves the place in the audit log)' : '';
    r.note(`not signed, so not checked: ${unsigned.join(', ')}${place}`);
  }
  return decision;
}

export function verifyProofBundle(bundle: ProofBundle | DsseEnvelope, keys: KeyRing): Verification {
  const r = new Report('proof-bundle');
  checkBundle(bundle, keys, r);
  return r.done();
}

function hashes(list: unknown, check: string, r: Report): Hash[] | null {
  if (!Array.isArray(list)) {
    r.fail(check, 'the proof is not a list of hashes');
    return null;
  }
  const out: Hash[] = [];
  for (const [i, h] of list.entries()) {
    const hash = fromHex(h);
    if (!hash) {
      r.fail(check, `proof hash ${i} is not a 32-byte hex hash`);
      return null;
    }
    out.push(hash);
  }
  return out;
}

export function verifyInclusionProofFile(file: InclusionProofFile, keys: KeyRing): Verification {
  const r = new Report('inclusion-proof');
  const checkpoint = verifyCheckpoint(file.checkpoint, keys);
  if (!checkpoint.ok) r.fail('checkpoint', checkpoint.reason);
  else r.pass(`checkpoint of size ${file.checkpoint.size} signed by key ${file.checkpoint.keyId}`);
  if (file.checkpoint?.size !== file.treeSize) r.fail('tree size', `the proof is for size ${file.treeSize} but the checkpoint is of size ${file.checkpoint?.size}`);
  const leaf = fromHex(file.leafHash);
  if (!leaf) r.fail('leaf', 'leafHash is not a 32-byte hex hash');
  if (file.envelope) {
    checkBundle(file.envelope, keys, r, `bundle ${file.bundleId}`);
    if (leaf && equalHashes(leafHash(auditLeafData(file.envelope)), leaf)) r.pass('leaf hash is the hash of the bundle');
    else r.fail('leaf', 'the leaf hash is not the hash of the enclosed bundle', `leaf ${file.leafIndex}`);
  }
  const proof = hashes(file.proof, 'inclusion', r);
  if (leaf && proof && checkpoint.ok) {
    if (verifyInclusion(leaf, file.leafIndex, file.treeSize, proof, checkpoint.root)) r.pass(`leaf ${file.leafIndex} is in the tree of size ${file.treeSize}`);
    else r.fail('inclusion', `the proof does not place leaf ${file.leafIndex} in the tree of size ${file.treeSize} with the checkpoint's root`, `leaf ${file.leafIndex}`);
  }
  return r.done();
}

export function verifyConsistencyProofFile(file: ConsistencyProofFile, keys: KeyRing): Verification {
  const r = new Report('consistency-proof');
  const from = verifyCheckpoint(file.from, keys);
  const to = verifyCheckpoint(file.to, keys);
  if (!from.ok) r.fail('checkpoint', `from: ${from.reason}`);
  else r.pass(`checkpoint of size ${file.from.size}`);
  if (!to.ok) r.fail('checkpoint', `to: ${to.reason}`);
  else r.pass(`checkpoint of size ${file.to.size}`);
  const proof = hashes(file.proof, 'consistency', r);
  if (from.ok && to.ok && proof) {
    if (verifyConsistency(file.from.size, file.to.size, from.root, to.root, proof)) {
      r.pass(`the tree of size ${file.to.size} extends the tree of size ${file.from.size}`);
    } else {
      r.fail('consistency', `the tree of size ${file.to.size} is not proven to extend the tree of size ${file.from.size}`);
    }
  }
  return r.done();
}

/** Rebuilds the whole tree from the exported leaves; every checkpoint's root and every bundle must match. */
export function verifyAuditExport(file: AuditExport, keys: KeyRing, trusted: Checkpoint[] = []): Verification {
  const r = new Report('audit-export');
  const head = verifyCheckpoint(file.checkpoint, keys);
  if (!head.ok) r.fail('checkpoint', head.reason);
  if (!Array.isArray(file.entries)) {
    r.fail('entries', 'the export has no list of entries');
    return r.done();
  }
  const bySize = new Map<number, Checkpoint[]>();
  const trustedSet = new Set(trusted);
  for (const c of [file.checkpoint, ...(Array.isArray(file.checkpoints) ? file.checkpoints : []), ...trusted]) {
    const label = `${trustedSet.has(c) ? 'trusted ' : ''}checkpoint of size ${c?.size}`;
    const check = verifyCheckpoint(c, keys);
    if (!check.ok) {
      r.fail('checkpoint', check.reason, label);
      continue;
    }
    if (c.size > file.entries.length) r.fail('completeness', `a checkpoint of size ${c.size} but only ${file.entries.length} entries`, label);
    bySize.set(c.size, [...(bySize.get(c.size) ?? []), c]);
  }
  if (head.ok && file.entries.length !== file.checkpoint.size) {
    r.fail('completeness', `the export holds ${file.entries.length} entries, its checkpoint says ${file.checkpoint.size}`);
  }
  const checkRoots = (size: number, root: Hash) => {
    for (const c of bySize.get(size) ?? []) {
      if (c.root === toHex(root)) r.pass(`root of size ${size}`);
      else r.fail('root', `the entries do not hash to the root the checkpoint of size ${size} signed`, `checkpoint of size ${size}`);
    }
  };
  let frontier: Hash[] = [];
  checkRoots(0, frontierRoot(frontier));
  let bundles = 0;
  let withheld = 0;
  for (const [i, entry] of file.entries.entries()) {
    const name = `entry ${i}${typeof entry?.bundleId === 'string' ? ` (bundle ${entry.bundleId})` : ''}`;
    if (entry?.index !== i) r.fail('order', `entry at position ${i} says it is leaf ${entry?.index}`, name);
    let leaf = fromHex(entry?.leafHash);
    if (!leaf) {
      r.fail('leaf', 'leafHash is not a 32-byte hex hash', name);
      leaf = new Uint8Array(32);
    }
    if (entry?.envelope) {
      const before = r.failures.length;
      checkBundle(entry.envelope, keys, r, name);
      if (!equalHashes(leafHash(auditLeafData(entry.envelope)), leaf)) r.fail('leaf', 'the leaf hash is not the hash of the bundle', name);
      if (r.failures.length === before) bundles += 1;
    } else {
      withheld += 1;
    }
    frontier = appendToFrontier(frontier, i, leaf).frontier;
    checkRoots(i + 1, frontierRoot(frontier));
  }
  r.pass(`${bundles} bundles verified, ${withheld} leaves without their payload (past retention, or not the reader's decisions)`);
  // The passed list for a large log would be long; keep one line per kind of check.
  const summary = new Report('audit-export');
  const counts = new Map<string, number>();
  for (const p of r.passed) {
    const key = p.startsWith('root of size') ? 'roots' : p;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [k, n] of counts) summary.pass(k === 'roots' ? `${n} checkpoint roots match the entries` : n > 1 ? `${k} (x${n})` : k);
  for (const f of r.failures) summary.failures.push(f);
  return summary.done();
}
