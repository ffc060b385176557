// Group commit of signed decisions: a writer signs each decision it is handed (its proof bundle),
// the decision waits until it is committed with its audit-log entry, its rows and the counters, and
// decisions arriving while a commit runs are committed together in the next transaction, so the
// database sees one transaction per batch instead of two per decision. The writer runs on the
// server's thread, or on the recorder thread (recorder-thread.ts), which then signs there too.
import type { Decision } from '@bytebound/compiler/policy-model';
import type { Commitment } from '@bytebound/engine/commitments';
import { createProofBundle, type DecisionDetails, type ProofBundle, type SignedDecision } from '@bytebound/engine/proof-bundle';
import type { Signer, SigningKey } from '@bytebound/engine/signing-keys';
import type { Insertable } from 'kysely';
import { type AppendResult, appendEntries, chunks, INSERT_ROWS, type LoggedBundle } from '../audit/audit-log.ts';
import type { Database } from '../db/database.ts';
import type { ArbiterResultsTable, DecisionLogsTable, DecisionUsageTable } from '../db/tables.ts';
import { addToCounters, type Counted, GLOBAL_COUNTERS_ID } from './decision-counters.ts';

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
 * A decision to sign and record: what its proof bundle signs (the evaluator's decision, its details
 * and commitments) and what is written with the bundle. Plain data, so that it can be handed to the
 * recorder thread.
 */
export type UnsignedDecision = Omit<PendingDecision, 'bundle'> & {
  signs: { decision: Decision; details: DecisionDetails & { timestamp: string }; commitments: Commitment[] };
};

/** A decision signed and recorded: its proof bundle and its place in the log. */
export type Recorded = Committed & { bundle: ProofBundle };

/** A signed decision to commit: only what is written (the envelope carries the rest). */
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

/** Signs and commits decisions: on this thread (DecisionWriter) or on the recorder thread. */
export type Writer = { write: (decision: UnsignedDecision, signer: SigningKey) => Promise<Recorded> };

/** Signs a decision with `signer`: its bundle, and the decision as it is committed. */
function signDecision({ signs, ...rest }: UnsignedDecision, signer: Signer): { bundle: ProofBundle; pending: PendingDecision } {
  const bundle = createProofBundle(signs.decision, signs.details, { signer, commitments: signs.commitments });
  const { decision, exitCode, article, digest } = bundle.decision;
  return { bundle, pending: { ...rest, bundle: { decision: { decision, exitCode, article, digest }, envelope: bundle.envelope } } };
}

/** Commits a batch of decisions in one transaction, answering each one's place in the log in order. */
export type CommitBatch = (decisions: readonly PendingDecision[], signer: Signer) => Promise<AppendResult[]>;

type Waiting = { decision: PendingDecision; bundle: ProofBundle; signer: Signer; resolve: (recorded: Recorded) => void; reject: (error: unknown) => void };

/** The sources of the decisions a plan's monthly quota counts: the decision API and the MCP endpoint. */
export const QUOTA_SOURCES: ReadonlySet<string> = new Set(['api', 'mcp']);

/** Decisions committed in one transaction at most (bounds a transaction's size and its lock time). */
const MAX_BATCH = 256;

/** One writer per database connection: it commits whatever is waiting, one transaction at a time. */
export class DecisionWriter implements Writer {
  private waiting: Waiting[] = [];
  private draining: Promise<void> | null = null;

  /** `commit` is the database's (commitThrough), or the recorder thread's own on SQLite (sqlite-commit.ts). */
  constructor(private readonly commit: CommitBatch) {}

  write(decision: UnsignedDecision, signer: Signer): Promise<Recorded> {
    return new Promise((resolve, reject) => {
      const { bundle, pending } = signDecision(decision, signer); // a throw rejects
      this.waiting.push({ decision: pending, bundle, signer, resolve, reject });
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
        // Checkpoints are signed with the newest decision's key (the server's current signing key).
        const results = await this.commit(
          batch.map((w) => w.decision),
          batch[batch.length - 1]!.signer,
        );
        batch.forEach((w, i) => w.resolve(recorded(w, results[i]!)));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        // The batch rolled back whole; one decision may be the cause: commit each alone, so that
        // only a decision that cannot be recorded fails and the others land as they would have.
        else for (const w of batch) await this.commitAlone(w);
      }
    }
    this.draining = null;
  }

  private async commitAlone(waiting: Waiting): Promise<void> {
    try {
      waiting.resolve(recorded(waiting, (await this.commit([waiting.decision], waiting.signer))[0]!));
    } catch (error) {
      waiting.reject(error);
    }
  }
}

function recorded({ bundle }: Waiting, { bundleId, leafIndex }: AppendResult): Recorded {
  return { bundle, bundleId, leafIndex };
}

/** What a batch of decisions adds besides its log entries: its rows, the counters, and the monthly usage. */
export type DecisionRows = {
  logs: Insertable<DecisionLogsTable>[];
  results: Insertable<ArbiterResultsTable>[];
  counted: Counted;
  usage: DecisionUsageTable[];
};

/** The rows of decisions whose bundles were appended as `appended` (in the same order). */
export function decisionRows(decisions: readonly PendingDecision[], appended: readonly Committed[]): DecisionRows {
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
  const counted = {
    total: decisions.length,
    allowed: decisions.filter((d) => d.bundle.decision.decision === 'ALLOW').length,
    latencyNs: decisions.reduce((sum, d) => sum + d.latencyNs, 0),
  };
  // The monthly quota counts the decision API's calls (POST /api/v1/decide and the MCP decide tool), per customer and month.
  const usage = new Map<string, DecisionUsageTable>();
  for (const d of decisions) {
    if (!QUOTA_SOURCES.has(d.source)) continue;
    const periodStart = usagePeriodStart(d.now);
    const key = `${d.customerId}\u0000${periodStart}`;
    const entry = usage.get(key) ?? { customer_id: d.customerId, period_start: periodStart, calls: 0 };
    entry.calls += 1;
    usage.set(key, entry);
  }
  return { logs, results, counted, usage: [...usage.values()] };
}

/** Commits a batch through the database handle (PostgreSQL, SQLite in memory, and the server's thread should the recorder thread stop). */
export function commitThrough(db: Database): CommitBatch {
  return (decisions, signer) =>
    db.transaction().execute(async (trx) => {
      const now = Math.max(...decisions.map((d) => d.now));
      const appended = await appendEntries(
        trx,
        db,
        decisions.map((d) => ({ bundle: d.bundle, customerId: d.customerId })),
        { signer, now },
      );
      const rows = decisionRows(decisions, appended);
      for (const chunk of chunks(rows.logs, INSERT_ROWS)) await trx.insertInto('decision_logs').values(chunk).execute();
      for (const chunk of chunks(rows.results, INSERT_ROWS)) await trx.insertInto('arbiter_results').values(chunk).execute();
      await addToCounters(trx, GLOBAL_COUNTERS_ID, rows.counted);
      for (const u of rows.usage) {
        await trx
          .insertInto('decision_usage')
          .values(u)
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
