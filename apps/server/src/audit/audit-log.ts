// The audit log in the database: every proof bundle becomes a leaf of one RFC 6962 Merkle tree.
// Appends are serialised (PostgreSQL: a transaction-scoped advisory lock, so several server
// instances keep one log; SQLite: the database write lock, taken by the transaction's first
// statement) and cost O(log n): the tree's right edge lives in `audit_state`, every leaf's hash in
// `audit_trail` and every completed subtree above the leaves in `audit_subtrees` (by its place in
// the tree's post-order, subtree-position.ts), from which any root or proof is read with O(log n)
// lookups.
import { type Checkpoint, signCheckpoint } from '@bytebound/engine/checkpoint';
import { AUDIT_LOG_ORIGIN, CHECKPOINT_EVERY_DECISIONS } from '@bytebound/engine/config';
import {
  type Hash,
  type NodeSource,
  appendToFrontier,
  consistencyProof,
  frontierRoot,
  fromHex,
  inclusionProof,
  leafHash,
  nodesRead,
  toHex,
  treeRoot,
} from '@bytebound/engine/merkle';
import type { DsseEnvelope } from '@bytebound/engine/dsse';
import { type ProofBundle, type SignedDecision, auditLeafText } from '@bytebound/engine/proof-bundle';
import type { Signer } from '@bytebound/engine/signing-keys';
import {
  AUDIT_EXPORT_KIND,
  CONSISTENCY_PROOF_KIND,
  type ConsistencyProofFile,
  INCLUSION_PROOF_KIND,
  type InclusionProofFile,
} from '@bytebound/engine/verify';
import { type Insertable, type Selectable, type Transaction, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { AuditCheckpointsTable, AuditStateTable, AuditSubtreesTable, AuditTrailTable, ProofBundlesTable, Tables } from '../db/tables.ts';
import { HttpError } from '../http/errors.ts';
import { subtreePosition } from './subtree-position.ts';

/** Key of the PostgreSQL advisory lock that serialises appends ("bb-audit" as a number). */
export const AUDIT_APPEND_LOCK = 0x62622d6175646974n;
/** The id of the log's one state row. */
export const STATE_ID = 1;

export type AppendOptions = {
  /** Signs a checkpoint every CHECKPOINT_EVERY_DECISIONS leaves when given. */
  signer?: Signer;
  customerId?: string | null;
  now?: number;
};

export type AppendResult = {
  bundleId: string;
  leafIndex: number;
  leafHash: string;
  treeSize: number;
  /** The root of the tree this entry completes: given for a batch's last entry and where a checkpoint is signed (null between). */
  root: string | null;
  checkpoint: Checkpoint | null;
};

/** The id of a bundle in the log and its URLs: the hex of its digest. */
export function bundleId(bundle: LoggedBundle): string {
  return bundle.decision.digest.replace(/^sha256:/, '');
}

async function lockLog(trx: Transaction<Tables>, db: Database, now: number): Promise<void> {
  if (db.dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(${AUDIT_APPEND_LOCK.toString()}::bigint)`.execute(trx);
  } else {
    // A write as the first statement takes SQLite's write lock at once (BEGIN IMMEDIATE semantics),
    // so two writers never both read the same state and then race to upgrade.
    await trx.updateTable('audit_state').set({ updated_at: now }).where('id', '=', STATE_ID).execute();
  }
}

/** Appends one proof bundle to the audit log in a transaction of its own. */
export async function appendToAuditLog(db: Database, bundle: ProofBundle, options: AppendOptions = {}): Promise<AppendResult> {
  const [result] = await db.transaction().execute((trx) => appendEntries(trx, db, [{ bundle, customerId: options.customerId ?? null }], options));
  return result!;
}

/** What the log keeps of a proof bundle: its envelope, and the verdict and digest it is found by. */
export type LoggedBundle = { decision: Pick<SignedDecision, 'decision' | 'digest'>; envelope: DsseEnvelope };

export type AuditEntry = { bundle: LoggedBundle; customerId: string | null };

/**
 * Appends proof bundles in order inside the caller's transaction (the decision recorder commits a
 * batch of decisions and their log entries together): one lock, one read and one write of the
 * tree's state, and one insert per table for the whole batch.
 */
export async function appendEntries(trx: Transaction<Tables>, db: Database, entries: readonly AuditEntry[], options: Omit<AppendOptions, 'customerId'> = {}): Promise<AppendResult[]> {
  if (entries.length === 0) return [];
  const now = options.now ?? Date.now();
  await lockLog(trx, db, now);
  const state = await trx.selectFrom('audit_state').selectAll().where('id', '=', STATE_ID).executeTakeFirstOrThrow();
  const planned = planAppend(state, entries, { ...options, now });
  for (const rows of chunks(planned.bundles, INSERT_ROWS)) await trx.insertInto('proof_bundles').values(rows).execute();
  for (const rows of chunks(planned.trail, INSERT_ROWS)) await trx.insertInto('audit_trail').values(rows).execute();
  for (const rows of chunks(planned.subtrees, INSERT_ROWS)) await trx.insertInto('audit_subtrees').values(rows).execute();
  await trx.updateTable('audit_state').set(planned.state).where('id', '=', STATE_ID).execute();
  for (const checkpoint of planned.checkpoints) await insertCheckpoint(trx, checkpoint, now);
  return planned.results;
}

/** The log's state row, as an append reads it. */
export type LogState = Pick<Selectable<AuditStateTable>, 'size' | 'frontier'>;

/** What appending some entries writes: each table's new rows and the state row after them, and each entry's place. */
export type PlannedAppend = {
  bundles: Insertable<ProofBundlesTable>[];
  trail: Insertable<AuditTrailTable>[];
  subtrees: Insertable<AuditSubtreesTable>[];
  checkpoints: Checkpoint[];
  state: Omit<AuditStateTable, 'id'>;
  results: AppendResult[];
};

/**
 * The rows that append `entries` to the log in `state` (the caller holds the log's lock and writes
 * them): a leaf, its bundle and the completed subtree hashes per entry, and a checkpoint every
 * CHECKPOINT_EVERY_DECISIONS leaves when a signer is given.
 */
export function planAppend(state: LogState, entries: readonly AuditEntry[], { signer, now }: Omit<AppendOptions, 'customerId'> & { now: number }): PlannedAppend {
  let size = Number(state.size);
  let frontier = (JSON.parse(state.frontier) as string[]).map((h) => fromHex(h)!);
  let root: Hash = new Uint8Array(0); // set by the last append
  const planned: Omit<PlannedAppend, 'state'> = { bundles: [], trail: [], subtrees: [], checkpoints: [], results: [] };
  for (const [position, { bundle, customerId }] of entries.entries()) {
    // The envelope's canonical JSON is both the leaf's data and the text kept: written out once.
    const envelope = auditLeafText(bundle.envelope);
    const leaf = leafHash(Buffer.from(envelope, 'utf8'));
    const leafHex = toHex(leaf);
    const id = bundleId(bundle);
    const next = appendToFrontier(frontier, size, leaf);
    frontier = next.frontier;
    planned.bundles.push({
      id,
      leaf_index: size,
      customer_id: customerId,
      verdict: bundle.decision.decision,
      digest: bundle.decision.digest,
      key_id: bundle.envelope.signatures[0]?.keyid ?? '',
      envelope,
      // The decision is the envelope's payload: it is read from there (decisionOfEnvelope), not stored twice.
      decision: null,
      created_at: now,
      payload_purged_at: null,
    });
    planned.trail.push({ leaf_index: size, bundle_id: id, leaf_hash: leafHex, created_at: now });
    // Level 0 is the leaf itself, kept in audit_trail.
    for (const n of next.nodes) if (n.level > 0) planned.subtrees.push({ position: subtreePosition(n.level, n.index), hash: toHex(n.hash) });
    size += 1;
    // A root costs a hash per frontier node: it is computed only where it is used.
    const checkpointDue = signer !== undefined && size % CHECKPOINT_EVERY_DECISIONS === 0;
    const rootNeeded = checkpointDue || position === entries.length - 1;
    if (rootNeeded) root = frontierRoot(frontier);
    const checkpoint = checkpointDue ? signCheckpoint(size, root, signer, new Date(now).toISOString()) : null;
    if (checkpoint) planned.checkpoints.push(checkpoint);
    planned.results.push({ bundleId: id, leafIndex: size - 1, leafHash: leafHex, treeSize: size, root: rootNeeded ? toHex(root) : null, checkpoint });
  }
  return { ...planned, state: { size, frontier: JSON.stringify(frontier.map(toHex)), root: toHex(root), updated_at: now } };
}

/** Rows per insert statement: well under SQLite's and PostgreSQL's limits on bound parameters. */
export const INSERT_ROWS = 200;

export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** A signed checkpoint as audit_checkpoints keeps it. */
export function checkpointRow(c: Checkpoint, now: number): Insertable<AuditCheckpointsTable> {
  return { size: c.size, root: c.root, timestamp: c.timestamp, key_id: c.keyId, signature: c.signature, created_at: now };
}

async function insertCheckpoint(db: Database | Transaction<Tables>, c: Checkpoint, now: number): Promise<void> {
  await db
    .insertInto('audit_checkpoints')
    .values(checkpointRow(c, now))
    .onConflict((oc) => oc.column('size').doNothing())
    .execute();
}

export async function logSize(db: Database): Promise<number> {
  const state = await db.selectFrom('audit_state').select('size').where('id', '=', STATE_ID).executeTakeFirstOrThrow();
  return Number(state.size);
}

/**
 * Runs a root or proof computation against the stored hashes: the nodes it needs are found from the
 * tree's shape, fetched in one query per table (the leaves from audit_trail, the subtrees above them
 * from audit_subtrees), and the computation runs again on them.
 */
async function withNodes<T>(db: Database, compute: (get: NodeSource) => T): Promise<T> {
  const wanted = nodesRead(compute);
  const leaves = wanted.filter((w) => w.level === 0).map((w) => w.index);
  const subtrees = wanted.filter((w) => w.level > 0);
  const found = new Map<string, Hash>();
  if (leaves.length > 0) {
    const rows = await db.selectFrom('audit_trail').select(['leaf_index', 'leaf_hash']).where('leaf_index', 'in', leaves).execute();
    for (const row of rows) found.set(`0:${Number(row.leaf_index)}`, fromHex(row.leaf_hash)!);
  }
  if (subtrees.length > 0) {
    const at = new Map(subtrees.map((w) => [subtreePosition(w.level, w.index), `${w.level}:${w.index}`]));
    const rows = await db.selectFrom('audit_subtrees').selectAll().where('position', 'in', [...at.keys()]).execute();
    for (const row of rows) found.set(at.get(Number(row.position))!, fromHex(row.hash)!);
  }
  return compute((level, index) => {
    const hash = found.get(`${level}:${index}`);
    if (!hash) throw new Error(`audit log node (${level}, ${index}) is missing`);
    return hash;
  });
}

function rowToCheckpoint(row: Selectable<AuditCheckpointsTable>): Checkpoint {
  return {
    origin: AUDIT_LOG_ORIGIN,
    size: Number(row.size),
    root: row.root,
    timestamp: row.timestamp,
    keyId: row.key_id,
    signature: row.signature,
  };
}

/**
 * The signed checkpoint of the tree of `size` leaves (default: the whole log). A stored one is
 * returned as it is; the log's current size is signed and stored; any other past size is signed
 * on the fly and not stored, so callers cannot fill the table with checkpoints of every size.
 */
export async function checkpointFor(db: Database, signer: Signer, size?: number): Promise<Checkpoint> {
  const current = await logSize(db);
  const wanted = size ?? current;
  if (!Number.isSafeInteger(wanted) || wanted < 0) throw new HttpError(400, 'size must be a whole number');
  if (wanted > current) throw new HttpError(404, `The audit log has ${current} entries; there is no tree of size ${wanted}`);
  const stored = await db.selectFrom('audit_checkpoints').selectAll().where('size', '=', wanted).executeTakeFirst();
  if (stored) return rowToCheckpoint(stored);
  const root = await withNodes(db, (get) => treeRoot(get, wanted));
  const now = Date.now();
  const checkpoint = signCheckpoint(wanted, root, signer, new Date(now).toISOString());
  if (wanted !== current) return checkpoint;
  await insertCheckpoint(db, checkpoint, now);
  const row = await db.selectFrom('audit_checkpoints').selectAll().where('size', '=', wanted).executeTakeFirstOrThrow();
  return rowToCheckpoint(row);
}

export async function findBundle(db: Database, id: string) {
  const key = id.replace(/^sha256:/, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(key)) throw new HttpError(400, 'A proof bundle id is the 64 hex digits of its digest');
  const row = await db.selectFrom('proof_bundles').selectAll().where('id', '=', key).executeTakeFirst();
  if (!row) throw new HttpError(404, `No proof bundle ${key}`);
  return row;
}

/**
 * True when `viewer` (a customer id, or null for an anonymous caller) may read the payload of a
 * bundle owned by `owner`: only its own customer may. Leaf hashes, proofs and checkpoints are
 * public; a payload (verdict, reasons, commitments) belongs to the customer whose decision it is.
 */
export function mayReadPayload(owner: string | null, viewer: string | null): boolean {
  return owner !== null && viewer !== null && owner === viewer;
}

/**
 * The inclusion proof of a bundle against the checkpoint of `size` leaves (default: the whole
 * log), with the bundle's envelope when `viewer` owns it (null otherwise: the proof still verifies).
 */
export async function inclusionProofFor(db: Database, signer: Signer, id: string, size?: number, viewer: string | null = null): Promise<InclusionProofFile> {
  const row = await findBundle(db, id);
  const leafIndex = Number(row.leaf_index);
  const checkpoint = await checkpointFor(db, signer, size);
  if (checkpoint.size <= leafIndex) {
    throw new HttpError(400, `Bundle ${row.id} is entry ${leafIndex}; a tree of size ${checkpoint.size} does not contain it`);
  }
  const leaf = await db.selectFrom('audit_trail').select('leaf_hash').where('leaf_index', '=', leafIndex).executeTakeFirstOrThrow();
  const proof = await withNodes(db, (get) => inclusionProof(get, leafIndex, checkpoint.size));
  return {
    kind: INCLUSION_PROOF_KIND,
    bundleId: row.id,
    leafIndex,
    treeSize: checkpoint.size,
    leafHash: leaf.leaf_hash,
    proof: proof.map(toHex),
    checkpoint,
    envelope: row.envelope === null || !mayReadPayload(row.customer_id, viewer) ? null : JSON.parse(row.envelope),
  };
}

export async function consistencyProofFor(db: Database, signer: Signer, from: number, to?: number): Promise<ConsistencyProofFile> {
  const second = await checkpointFor(db, signer, to);
  if (from > second.size) throw new HttpError(400, `from (${from}) must not exceed to (${second.size})`);
  const first = await checkpointFor(db, signer, from);
  const proof = await withNodes(db, (get) => consistencyProof(get, first.size, second.size));
  return { kind: CONSISTENCY_PROOF_KIND, from: first, to: second, proof: proof.map(toHex) };
}

const EXPORT_PAGE = 500;

/**
 * The whole log as one JSON document, produced page by page so its size never sits in memory.
 * Every leaf is listed; an entry's envelope only for bundles `viewer` owns.
 */
export async function* exportAuditLog(db: Database, signer: Signer, viewer: string | null = null): AsyncGenerator<string> {
  const checkpoint = await checkpointFor(db, signer);
  yield `{"kind":${JSON.stringify(AUDIT_EXPORT_KIND)},"checkpoint":${JSON.stringify(checkpoint)},"checkpoints":[`;
  let first = true;
  let after = -1;
  for (;;) {
    const rows = await db
      .selectFrom('audit_checkpoints')
      .selectAll()
      .where('size', '>', after)
      .where('size', '<=', checkpoint.size)
      .orderBy('size')
      .limit(EXPORT_PAGE)
      .execute();
    if (rows.length === 0) break;
    yield (first ? '' : ',') + rows.map((r) => JSON.stringify(rowToCheckpoint(r))).join(',');
    first = false;
    after = Number(rows[rows.length - 1]!.size);
  }
  yield '],"entries":[';
  for (let start = 0; start < checkpoint.size; start += EXPORT_PAGE) {
    const rows = await db
      .selectFrom('audit_trail')
      .leftJoin('proof_bundles', 'proof_bundles.id', 'audit_trail.bundle_id')
      .select(['audit_trail.leaf_index', 'audit_trail.leaf_hash', 'audit_trail.bundle_id', 'audit_trail.created_at', 'proof_bundles.envelope', 'proof_bundles.customer_id'])
      .where('audit_trail.leaf_index', '>=', start)
      .where('audit_trail.leaf_index', '<', Math.min(start + EXPORT_PAGE, checkpoint.size))
      .orderBy('audit_trail.leaf_index')
      .execute();
    const entries = rows.map((r) =>
      JSON.stringify({
        index: Number(r.leaf_index),
        leafHash: r.leaf_hash,
        bundleId: r.bundle_id,
        createdAt: new Date(Number(r.created_at)).toISOString(),
        envelope: r.envelope && mayReadPayload(r.customer_id, viewer) ? JSON.parse(r.envelope) : null,
      }),
    );
    yield (start === 0 ? '' : ',') + entries.join(',');
  }
  yield ']}';
}
