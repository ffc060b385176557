// Every decision of the API is signed (a proof bundle), appended to the audit log and recorded:
// one decision_logs row (ids, verdict, article, latency, digest: no personal data), one
// arbiter_results row per consulted arbiter, and the running counters behind the public metrics.
import type { Decision } from '@bytebound/compiler/policy-model';
import { canonicalize } from '@bytebound/engine/canonical-json';
import { commitAll } from '@bytebound/engine/commitments';
import type { DsseEnvelope } from '@bytebound/engine/dsse';
import type { SignedDecision } from '@bytebound/engine/proof-bundle';
import { randomHex } from '@bytebound/engine/random-hex';
import type { SigningKey } from '@bytebound/engine/signing-keys';
import { cachedCustomerCommitmentKey, subjectCommitmentKey } from '../audit/commitment-keys.ts';
import type { Database } from '../db/database.ts';
import type { ArbiterOutcome } from './consult-arbiters.ts';
import { commitThrough, DecisionWriter, usagePeriodStart, type Writer } from './decision-writer.ts';
import { commitOnPostgres } from './postgres-commit.ts';
import { RecorderThread } from './recorder-thread.ts';

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
  /**
   * The caller's reference to the data subject the request concerns: the commitment is then made
   * with that subject's key, which erasing the subject deletes. Without one, the customer's key of the month.
   */
  subject?: string;
};

/**
 * Has the decision signed and committed with its audit-log entry, its rows and the counters (group
 * commit, decision-writer.ts; on the recorder thread where there is one): the answer is sent only
 * once all of it is durable.
 */
export async function recordDecision(db: Database, signer: SigningKey, input: RecordInput, now = Date.now()): Promise<RecordedDecision> {
  const commitmentKey =
    input.subject === undefined ? await cachedCustomerCommitmentKey(db, input.customerId, now) : await subjectCommitmentKey(db, input.customerId, input.subject, now);
  const { decision } = input;
  const decisionId = newDecisionId(now);
  const { bundle, bundleId, leafIndex } = await writerOf(db).write(
    {
      signs: {
        // The decision's own fields only: the evaluator's object may carry more, and all of it would be copied to the recorder thread.
        decision: { decision: decision.decision, exitCode: decision.exitCode, reasons: decision.reasons, applied_policies: decision.applied_policies, article: decision.article },
        details: { latency_us: Math.round(input.latencyNs / 10) / 100, timestamp: new Date(now).toISOString() },
        commitments: commitAll(commitmentKey, { request: canonicalize(input.request ?? null) }),
      },
      decisionId,
      customerId: input.customerId,
      apiKeyId: input.apiKeyId,
      source: input.source,
      latencyNs: input.latencyNs,
      outcomes: input.outcomes.map((o) => ({
        arbiter: o.arbiter,
        version: o.version,
        digest: o.digest,
        outcome: o.outcome,
        article: o.decision.article,
        reason: o.decision.reasons[0]?.text ?? null,
        latencyNs: o.latencyNs,
      })),
      now,
    },
    signer,
  );
  const signed = bundle.decision;
  // Written out rather than spread from `signed`: in a loop, copying a signed decision by spreading
  // it took 4.5 µs and this literal 0.03.
  return {
    decision: signed.decision,
    exitCode: signed.exitCode,
    reasons: signed.reasons,
    applied_policies: signed.applied_policies,
    article: signed.article,
    latency_us: signed.latency_us,
    timestamp: signed.timestamp,
    nonce: signed.nonce,
    commitments: signed.commitments,
    digest: signed.digest,
    signature: signed.signature,
    decisionId,
    bundleId,
    auditIndex: leafIndex,
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

const writers = new WeakMap<Database, Writer>();

/** Starts the database's writer ahead of the first decision (the recorder thread takes about half a second to start). */
export function startDecisionRecorder(db: Database): void {
  writerOf(db);
}

/**
 * The database's writer: on a SQLite file the recorder thread, which closes with the database;
 * in memory (one connection only) and on PostgreSQL (whose server does the writing, three round
 * trips a batch: postgres-commit.ts) this thread.
 */
function writerOf(db: Database): Writer {
  let writer = writers.get(db);
  if (writer === undefined) {
    if (db.dialect === 'sqlite' && db.file !== undefined) {
      const thread = new RecorderThread(db, db.file);
      const destroy = db.destroy.bind(db);
      db.destroy = async () => {
        await thread.close();
        await destroy();
      };
      writer = thread;
    } else writer = new DecisionWriter(db.pool ? commitOnPostgres(db.pool) : commitThrough(db));
    writers.set(db, writer);
  }
  return writer;
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
