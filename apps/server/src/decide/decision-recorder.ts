// Every decision of the API is signed (a proof bundle), appended to the audit log and recorded:
// one decision_logs row (ids, verdict, article, latency, digest: no personal data), one
// arbiter_results row per consulted arbiter, and the running counters behind the public metrics.
import crypto from 'node:crypto';
import type { Decision } from '@bytebound/compiler/policy-model';
import { canonicalize } from '@bytebound/engine/canonical-json';
import { commitAll } from '@bytebound/engine/commitments';
import type { DsseEnvelope } from '@bytebound/engine/dsse';
import { createProofBundle, type SignedDecision } from '@bytebound/engine/proof-bundle';
import type { Signer } from '@bytebound/engine/signing-keys';
import { appendToAuditLog } from '../audit/audit-log.ts';
import { customerCommitmentKey } from '../audit/commitment-keys.ts';
import type { Database } from '../db/database.ts';
import type { ArbiterOutcome } from './consult-arbiters.ts';

export const GLOBAL_COUNTERS_ID = 'global';

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

export async function recordDecision(db: Database, signer: Signer, input: RecordInput, now = Date.now()): Promise<RecordedDecision> {
  const commitmentKey = await customerCommitmentKey(db, input.customerId, new Date(now));
  const bundle = createProofBundle(
    { ...input.decision, latency_us: Math.round(input.latencyNs / 10) / 100, timestamp: new Date(now).toISOString() },
    { signer, commitments: commitAll(commitmentKey, { request: canonicalize(input.request ?? null) }) },
  );
  const appended = await appendToAuditLog(db, bundle, { signer, customerId: input.customerId, now });
  const decisionId = `dec_${crypto.randomBytes(12).toString('hex')}`;
  const signed = bundle.decision;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('decision_logs')
      .values({
        id: decisionId,
        customer_id: input.customerId,
        api_key_id: input.apiKeyId,
        source: input.source,
        decision: signed.decision,
        exit_code: signed.exitCode,
        article: signed.article,
        latency_ns: input.latencyNs,
        digest: signed.digest,
        bundle_id: appended.bundleId,
        created_at: now,
      })
      .execute();
    if (input.outcomes.length > 0) {
      await trx
        .insertInto('arbiter_results')
        .values(
          input.outcomes.map((o, position) => ({
            decision_id: decisionId,
            position,
            arbiter: o.arbiter,
            arbiter_version: o.version,
            policy_digest: o.digest,
            outcome: o.outcome,
            article: o.decision.article,
            reason: o.decision.reasons[0]?.text ?? null,
            latency_ns: o.latencyNs,
            created_at: now,
          })),
        )
        .execute();
    }
    const allow = signed.decision === 'ALLOW' ? 1 : 0;
    await trx
      .insertInto('decision_counters')
      .values({ id: GLOBAL_COUNTERS_ID, total: 1, allowed: allow, blocked: 1 - allow, latency_ns_sum: input.latencyNs })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          total: eb(eb.ref('decision_counters.total'), '+', 1),
          allowed: eb(eb.ref('decision_counters.allowed'), '+', allow),
          blocked: eb(eb.ref('decision_counters.blocked'), '+', 1 - allow),
          latency_ns_sum: eb(eb.ref('decision_counters.latency_ns_sum'), '+', input.latencyNs),
        })),
      )
      .execute();
  });
  return {
    ...signed,
    decisionId,
    bundleId: appended.bundleId,
    auditIndex: appended.leafIndex,
    envelope: bundle.envelope,
    arbiters: input.outcomes.map((o) => ({ arbiter: o.arbiter, id: o.id, version: o.version, digest: o.digest, outcome: o.outcome, article: o.decision.article })),
  };
}
