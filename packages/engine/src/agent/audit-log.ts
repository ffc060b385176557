// The hook's local audit log under BYTEBOUND_HOME/audit: every decision a signed proof bundle,
// appended as a leaf of an RFC 6962 Merkle tree, with a signed checkpoint every
// CHECKPOINT_EVERY_DECISIONS leaves and a fresh one when the log is exported.
// Parallel hooks (an agent may run several tool calls at once) serialise on an exclusive lock
// file created with O_EXCL. `exportAuditLog` writes the file `bytebound verify` checks.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Checkpoint, signCheckpoint } from '../checkpoint.ts';
import { CHECKPOINT_EVERY_DECISIONS } from '../config.ts';
import { makeFolder } from '../make-folder.ts';
import { appendToFrontier, frontierRoot, fromHex, leafHash, toHex } from '../merkle.ts';
import { type DecisionContext, type ProofBundle, auditLeafData, createProofBundle, decisionOfEnvelope } from '../proof-bundle.ts';
import type { Signer } from '../signing-keys.ts';
// Types only: the hook bundle stays free of the verifier's code.
import type { AUDIT_EXPORT_KIND, AuditExport, AuditExportEntry } from '../verify.ts';
import { AUDIT_DIR, AUDIT_LOCK_RETRY_MS, AUDIT_LOCK_STALE_MS, AUDIT_LOCK_TIMEOUT_MS, HOOK_LOG_FILE } from './config.ts';
import type { HookDecision } from './hook-events.ts';

/** One line of log.jsonl is an export entry; its envelope's signed payload says what was decided about (no values, only kinds and hosts). */
export type AuditLogLine = AuditExportEntry & { context: DecisionContext | null };

/** `logBytes`: the log's length after the last complete append; a torn append from a crashed hook is cut off. */
type State = { size: number; frontier: string[]; logBytes: number };

const files = (home: string) => {
  const dir = path.join(home, AUDIT_DIR);
  return { dir, log: path.join(dir, 'log.jsonl'), state: path.join(dir, 'state.json'), checkpoints: path.join(dir, 'checkpoints.jsonl'), lock: path.join(dir, 'lock') };
};

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Runs `work` holding the log's exclusive lock; a lock older than AUDIT_LOCK_STALE_MS is from a crashed hook and is taken over. */
export function withLock<T>(lockFile: string, work: () => T): T {
  const deadline = Date.now() + AUDIT_LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - fs.statSync(lockFile).mtimeMs > AUDIT_LOCK_STALE_MS) fs.rmSync(lockFile, { force: true });
      } catch {
        // The holder released it meanwhile.
      }
      if (Date.now() > deadline) throw new Error(`the audit log is locked by another process (${lockFile})`);
      Atomics.wait(sleeper, 0, 0, AUDIT_LOCK_RETRY_MS);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

function readState(file: string): State {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as State;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { size: 0, frontier: [], logBytes: 0 };
    throw new Error(`the audit log state ${file} is unreadable: ${(error as Error).message}`);
  }
}

/** Signs a hook decision and appends it to the local log; returns the bundle and its leaf index. */
export function appendDecision(home: string, signer: Signer, entry: HookDecision): { bundle: ProofBundle; index: number } {
  const f = files(home);
  makeFolder(f.dir, 0o700);
  const bundle = createProofBundle(entry.decision, { latency_us: entry.latency_us, context: entry.context }, { signer });
  const leaf = leafHash(auditLeafData(bundle.envelope));
  return withLock(f.lock, () => {
    const state = readState(f.state);
    const frontier = state.frontier.map((h) => fromHex(h)!);
    const index = state.size;
    const next = appendToFrontier(frontier, index, leaf).frontier;
    const size = index + 1;
    const line: AuditExportEntry = { index, leafHash: toHex(leaf), bundleId: crypto.randomUUID(), createdAt: bundle.decision.timestamp, envelope: bundle.envelope };
    const text = `${JSON.stringify(line)}\n`;
    // Longer than recorded: a crashed hook's torn append, cut off. Shorter: the log was edited
    // outside the hook; it is appended to as it is (never padded), and verifying it says what changed.
    const actual = fs.existsSync(f.log) ? fs.statSync(f.log).size : 0;
    if (actual > state.logBytes) fs.truncateSync(f.log, state.logBytes);
    const logBytes = Math.min(actual, state.logBytes);
    fs.appendFileSync(f.log, text, { mode: 0o600 });
    if (size % CHECKPOINT_EVERY_DECISIONS === 0) fs.appendFileSync(f.checkpoints, `${JSON.stringify(signCheckpoint(size, frontierRoot(next), signer))}\n`, { mode: 0o600 });
    const tmp = `${f.state}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ size, frontier: next.map(toHex), logBytes: logBytes + Buffer.byteLength(text) } satisfies State), { mode: 0o600 });
    fs.renameSync(tmp, f.state);
    return { bundle, index };
  });
}

/** Reads the whole local log as the audit-export document `bytebound verify` checks. */
export function exportAuditLog(home: string, signer: Signer): AuditExport {
  const f = files(home);
  if (!fs.existsSync(f.dir)) throw new Error(`there is no audit log in ${f.dir} yet: no decision has been recorded there`);
  return withLock(f.lock, () => {
    const state = readState(f.state);
    if (state.size === 0) throw new Error(`the audit log in ${f.dir} is empty`);
    const head = signCheckpoint(state.size, frontierRoot(state.frontier.map((h) => fromHex(h)!)), signer);
    const lines = fs.readFileSync(f.log, 'utf8').split('\n').filter(Boolean);
    const entries: AuditExportEntry[] = lines.slice(0, state.size).map((text) => {
      // Lines written before the context was signed carry it beside the envelope: it is left out.
      const { index, leafHash: leaf, bundleId, createdAt, envelope } = JSON.parse(text) as AuditExportEntry;
      return { index, leafHash: leaf, bundleId, createdAt, envelope };
    });
    const checkpoints = fs.existsSync(f.checkpoints) ? fs.readFileSync(f.checkpoints, 'utf8').split('\n').filter(Boolean).map((t) => JSON.parse(t) as Checkpoint) : [];
    const kind: typeof AUDIT_EXPORT_KIND = 'bytebound.audit-export';
    return { kind, checkpoint: head, checkpoints, entries };
  });
}

/**
 * The decisions in the local log with their context, newest last: the context signed in each
 * envelope's payload, or for a line written before it was signed, the one kept beside it.
 */
export function readAuditLog(home: string): AuditLogLine[] {
  const f = files(home);
  if (!fs.existsSync(f.log)) return [];
  return fs
    .readFileSync(f.log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((text) => {
      const line = JSON.parse(text) as AuditExportEntry & { context?: DecisionContext };
      return { ...line, context: signedContext(line.envelope) ?? line.context ?? null };
    });
}

/** The context an envelope's payload carries; null without one, or for a payload that is not a decision's JSON (verifying the log says what is wrong). */
function signedContext(envelope: AuditExportEntry['envelope']): DecisionContext | null {
  try {
    return envelope ? (decisionOfEnvelope(envelope).context ?? null) : null;
  } catch {
    return null;
  }
}

/** Plain lines for events that decide nothing (Stop, Notification, ...). */
export function appendHookLogLine(home: string, line: string): void {
  makeFolder(home, 0o700);
  fs.appendFileSync(path.join(home, HOOK_LOG_FILE), `${new Date().toISOString()} ${line}\n`, { mode: 0o600 });
}
