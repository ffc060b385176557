// Every decision of the API is signed (a proof bundle), appended to the audit log and recorded:
// one decision_logs row (ids, verdict, article, latency, digest: no personal data), one
// arbiter_results row per consulted arbiter, and the running counters behind the public metrics.
import type { Decision } from '@bytebound/compiler/policy-model';
import { canonicalize } from '@bytebound/engine/canonical-json';
import { commitAll } from '@bytebound/engine/commitments';
import type { DsseEnvelope } from '@bytebound/engine/dsse';
import { createProofBundle, type ProofBundle, type SignedDecision } from '@bytebound/engine/proof-bundle';
import { randomHex } from '@bytebound/engine/random-hex';
import type { Signer } from '@bytebound/engine/signing-keys';
import { type Insertable } from 'kysely';
import { type AppendResult, appendEntries, chunks, INSERT_ROWS } from '../audit/audit-log.ts';
import { cachedCustomerCommitmentKey } from '../audit/commitment-keys.ts';
import type { Database } from '../db/database.ts';
import type { ArbiterResultsTable, DecisionLogsTable } from '../db/tables.ts';
import type { ArbiterOutcome } from './consult-arbiters.ts';
import { addToCounters, GLOBAL_COUNTERS_ID } from './decision-counters.ts';

export type RecordedDecision = SignedDecision & {
  decisionId: string;
  bundleId: string;
  auditIndex: number;
  /** The DSSE envelope: with the public keys (GET /api/v1/keys) anyone can verify it offline. */
  envelope: DsseEnvelope;
  arbiters: { arbiter: string; id: string | null; version: number | null; digest: string | null; outcome: ArbiterOutcome['outcome']; article: string | null }[];
};

export type RecordInput = {
  customerId: string;
  apiKeyId: string | null;
  source: string;
  decision: Decision;
  outcomes: readonly ArbiterOutcome[];
  latencyNs: number;
  /** The request as sent: only a keyed commitment to it enters the bundle, never its values. */
  request: unknown;
};

/**
 * Signs the decision, then waits until it is committed with its audit-log entry, its rows and the
 * counters: the answer is sent only once all of it is durable. Decisions arriving while a commit
 * runs are committed together in the next transaction (group commit), so the database sees one
 * transaction per batch instead of two per decision.
 */
export async function recordDecision(db: Database, signer: Signer, input: RecordInput, now = Date.now()): Promise<RecordedDecision> {
  const commitmentKey = await cachedCustomerCommitmentKey(db, input.customerId, now);
  const bundle = createProofBundle(
    { ...input.decision, latency_us: Math.round(input.latencyNs / 10) / 100, timestamp: new Date(now).toISOString() },
    { signer, commitments: commitAll(commitmentKey, { request: canonicalize(input.request ?? null) }) },
  );
  const decisionId = newDecisionId(now);
  const appended = await writerOf(db).write({ bundle, input, decisionId, now, signer });
  const signed = bundle.decision;
  return {
    ...signed,
    decisionId,
    bundleId: appended.bundleId,
    auditIndex: appended.leafIndex,
    envelope: bundle.envelope,
    arbiters: input.outcomes.map((o) => ({ arbiter: o.arbiter, id: o.id, version: o.version, digest: o.digest, outcome: o.outcome, article: o.decision.article })),
  };
}

/**
 * A decision id: `dec_`, the time in milliseconds (12 hex digits), then 96 random bits. Ids made
 * later sort after earlier ones, so the tables keyed by them (decision_logs, arbiter_results) grow
 * at their end instead of touching a random index page per decision.
 */
export function newDecisionId(now: number): string {
  return `dec_${Math.max(0, Math.trunc(now)).toString(16).padStart(12, '0')}${randomHex(12)}`;
}

type PendingDecision = { bundle: ProofBundle; input: RecordInput; decisionId: string; now: number; signer: Signer };
type Waiting = PendingDecision & { resolve: (result: AppendResult) => void; reject: (error: unknown) => void };

/** Decisions committed in one transaction at most (bounds a transaction's size and its lock time). */
const MAX_BATCH = 256;

/** One writer per database: it commits whatever is waiting, one transaction at a time. */
class DecisionWriter {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(private readonly db: Database) {}

  write(decision: PendingDecision): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...decision, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      try {
        const results = await commitDecisions(this.db, batch);
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        // The batch rolled back whole; one decision may be the cause: commit each alone, so that
        // only a decision that cannot be recorded fails and the others land as they would have.
        else for (const w of batch) await commitAlone(this.db, w);
      }
    }
    this.running = false;
  }
}

async function commitAlone(db: Database, waiting: Waiting): Promise<void> {
  try {
    waiting.resolve((await commitDecisions(db, [waiting]))[0]!);
  } catch (error) {
    waiting.reject(error);
  }
}

const writers = new WeakMap<Database, DecisionWriter>();

function writerOf(db: Database): DecisionWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new DecisionWriter(db);
    writers.set(db, writer);
  }
  return writer;
}

async function commitDecisions(db: Database, batch: readonly PendingDecision[]): Promise<AppendResult[]> {
  const now = Math.max(...batch.map((d) => d.now));
  // Checkpoints are signed with the newest decision's key (the server's current signing key).
  const signer = batch[batch.length - 1]!.signer;
  return db.transaction().execute(async (trx) => {
    const appended = await appendEntries(
      trx,
      db,
      batch.map((d) => ({ bundle: d.bundle, customerId: d.input.customerId })),
      { signer, now },
    );
    const logs: Insertable<DecisionLogsTable>[] = batch.map((d, i) => ({
      id: d.decisionId,
      customer_id: d.input.customerId,
      api_key_id: d.input.apiKeyId,
      source: d.input.source,
      decision: d.bundle.decision.decision,
      exit_code: d.bundle.decision.exitCode,
      article: d.bundle.decision.article,
      latency_ns: d.input.latencyNs,
      digest: d.bundle.decision.digest,
      bundle_id: appended[i]!.bundleId,
      created_at: d.now,
    }));
    for (const rows of chunks(logs, INSERT_ROWS)) await trx.insertInto('decision_logs').values(rows).execute();
    const results: Insertable<ArbiterResultsTable>[] = batch.flatMap((d) =>
      d.input.outcomes.map((o, position) => ({
        decision_id: d.decisionId,
        position,
        arbiter: o.arbiter,
        arbiter_version: o.version,
        policy_digest: o.digest,
        outcome: o.outcome,
        article: o.decision.article,
        reason: o.decision.reasons[0]?.text ?? null,
        latency_ns: o.latencyNs,
        created_at: d.now,
      })),
    );
    for (const rows of chunks(results, INSERT_ROWS)) await trx.insertInto('arbiter_results').values(rows).execute();
    const allowed = batch.filter((d) => d.bundle.decision.decision === 'ALLOW').length;
    const latency = batch.reduce((sum, d) => sum + d.input.latencyNs, 0);
    await addToCounters(trx, GLOBAL_COUNTERS_ID, { total: batch.length, allowed, latencyNs: latency });
    // The monthly quota counts the decision API's calls (source "api"), per customer and month.
    const usage = new Map<string, { customerId: string; periodStart: number; calls: number }>();
    for (const d of batch) {
      if (d.input.source !== 'api') continue;
      const periodStart = usagePeriodStart(d.now);
      const key = `${d.input.customerId}\u0000${periodStart}`;
      const entry = usage.get(key) ?? { customerId: d.input.customerId, periodStart, calls: 0 };
      entry.calls += 1;
      usage.set(key, entry);
    }
    for (const u of usage.values()) {
      await trx
        .insertInto('decision_usage')
        .values({ customer_id: u.customerId, period_start: u.periodStart, calls: u.calls })
        .onConflict((conflict) =>
          conflict.columns(['customer_id', 'period_start']).doUpdateSet((eb) => ({ calls: eb(eb.ref('decision_usage.calls'), '+', u.calls) })),
        )
        .execute();
    }
    return appended;
  });
}

/** Start of the calendar month (UTC) of `now`: the period of the decision_usage counter. */
export function usagePeriodStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The customer's decision API calls counted in the month of `now`. */
export async function decisionUsage(db: Database, customerId: string, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('decision_usage')
    .select('calls')
    .where('customer_id', '=', customerId)
    .where('period_start', '=', usagePeriodStart(now))
    .executeTakeFirst();
  return Number(row?.calls ?? 0);
}
