// Group commit of signed decisions: a decision waits until it is committed with its audit-log
// entry, its rows and the counters, and decisions arriving while a commit runs are committed
// together in the next transaction, so the database sees one transaction per batch instead of two
// per decision. The writer runs on the server's thread, or on the recorder thread (recorder-thread.ts).
import type { SignedDecision } from '@bytebound/engine/proof-bundle';
import type { Signer, SigningKey } from '@bytebound/engine/signing-keys';
import type { Insertable } from 'kysely';
import { type AppendResult, appendEntries, chunks, INSERT_ROWS, type LoggedBundle } from '../audit/audit-log.ts';
import type { Database } from '../db/database.ts';
import type { ArbiterResultsTable, DecisionLogsTable } from '../db/tables.ts';
import { addToCounters, GLOBAL_COUNTERS_ID } from './decision-counters.ts';

/** One arbiter's outcome as arbiter_results keeps it. */
export type OutcomeRow = {
  arbiter: string;
  version: number | null;
  digest: string | null;
  outcome: string;
  article: string | null;
  reason: string | null;
  latencyNs: number;
};

/**
 * A signed decision to commit: plain data, so that it can be handed to the recorder thread, and
 * only what is written (the envelope carries the rest).
 */
export type PendingDecision = {
  bundle: LoggedBundle & { decision: Pick<SignedDecision, 'exitCode' | 'article'> };
  decisionId: string;
  customerId: string;
  apiKeyId: string | null;
  source: string;
  latencyNs: number;
  outcomes: OutcomeRow[];
  now: number;
};

/** A committed decision's place in the log. */
export type Committed = Pick<AppendResult, 'bundleId' | 'leafIndex'>;

/** Commits decisions: on this thread (DecisionWriter) or on the recorder thread. */
export type Writer = { write: (decision: PendingDecision, signer: SigningKey) => Promise<Committed> };

type Waiting = { decision: PendingDecision; signer: Signer; resolve: (result: AppendResult) => void; reject: (error: unknown) => void };

/** Decisions committed in one transaction at most (bounds a transaction's size and its lock time). */
const MAX_BATCH = 256;

/** One writer per database connection: it commits whatever is waiting, one transaction at a time. */
export class DecisionWriter implements Writer {
  private waiting: Waiting[] = [];
  private draining: Promise<void> | null = null;

  constructor(private readonly db: Database) {}

  write(decision: PendingDecision, signer: Signer): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ decision, signer, resolve, reject });
      this.draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
    });
  }

  /** Resolves once every decision handed over so far is committed or has failed. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
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
    this.draining = null;
  }
}

async function commitAlone(db: Database, waiting: Waiting): Promise<void> {
  try {
    waiting.resolve((await commitDecisions(db, [waiting]))[0]!);
  } catch (error) {
    waiting.reject(error);
  }
}

async function commitDecisions(db: Database, batch: readonly Waiting[]): Promise<AppendResult[]> {
  const now = Math.max(...batch.map((w) => w.decision.now));
  // Checkpoints are signed with the newest decision's key (the server's current signing key).
  const signer = batch[batch.length - 1]!.signer;
  const decisions = batch.map((w) => w.decision);
  return db.transaction().execute(async (trx) => {
    const appended = await appendEntries(
      trx,
      db,
      decisions.map((d) => ({ bundle: d.bundle, customerId: d.customerId })),
      { signer, now },
    );
    const logs: Insertable<DecisionLogsTable>[] = decisions.map((d, i) => ({
      id: d.decisionId,
      customer_id: d.customerId,
      api_key_id: d.apiKeyId,
      source: d.source,
      decision: d.bundle.decision.decision,
      exit_code: d.bundle.decision.exitCode,
      article: d.bundle.decision.article,
      latency_ns: d.latencyNs,
      digest: d.bundle.decision.digest,
      bundle_id: appended[i]!.bundleId,
      created_at: d.now,
    }));
    for (const rows of chunks(logs, INSERT_ROWS)) await trx.insertInto('decision_logs').values(rows).execute();
    const results: Insertable<ArbiterResultsTable>[] = decisions.flatMap((d) =>
      d.outcomes.map((o, position) => ({
        decision_id: d.decisionId,
        position,
        arbiter: o.arbiter,
        arbiter_version: o.version,
        policy_digest: o.digest,
        outcome: o.outcome,
        article: o.article,
        reason: o.reason,
        latency_ns: o.latencyNs,
        created_at: d.now,
      })),
    );
    for (const rows of chunks(results, INSERT_ROWS)) await trx.insertInto('arbiter_results').values(rows).execute();
    const allowed = decisions.filter((d) => d.bundle.decision.decision === 'ALLOW').length;
    const latency = decisions.reduce((sum, d) => sum + d.latencyNs, 0);
    await addToCounters(trx, GLOBAL_COUNTERS_ID, { total: decisions.length, allowed, latencyNs: latency });
    // The monthly quota counts the decision API's calls (source "api"), per customer and month.
    const usage = new Map<string, { customerId: string; periodStart: number; calls: number }>();
    for (const d of decisions) {
      if (d.source !== 'api') continue;
      const periodStart = usagePeriodStart(d.now);
      const key = `${d.customerId}\u0000${periodStart}`;
      const entry = usage.get(key) ?? { customerId: d.customerId, periodStart, calls: 0 };
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
