// Consulting several arbiters for one request: in parallel, each bounded by the arbiter timeout
// (a timeout or a failure denies and says so), then combined: any DENY is a DENY, reasons merged
// by priority (100 first), ties in arbiter order.
import type { CompleteRequest, Decision, Reason } from '@bytebound/compiler/policy-model';
import { decide, failSecure } from '@bytebound/engine/decide';
import type { CachedPolicy } from './policy-cache.ts';

/** A policy ready to decide, and what names it in the records. */
export type ResolvedArbiter = { id: string | null; version: number | null; policy: CachedPolicy };

/** The request as one arbiter sees it: the same for all, except what its destinations table fills. */
export type RequestFor = (policy: CachedPolicy) => CompleteRequest;

/**
 * One arbiter to consult: `load` may be slow (database, parsing); the timeout bounds it. `ready`
 * answers at once when the policy is already loaded, so a warm decision needs no timer or await.
 */
export type ArbiterCall = { ref: string; load: () => Promise<ResolvedArbiter>; ready?: () => ResolvedArbiter | undefined };

export type ArbiterOutcome = {
  arbiter: string;
  id: string | null;
  version: number | null;
  digest: string | null;
  outcome: 'ALLOW' | 'DENY' | 'TIMEOUT' | 'ERROR';
  decision: Decision;
  latencyNs: number;
};

export async function consultArbiters(calls: readonly ArbiterCall[], request: CompleteRequest | RequestFor, timeoutMs: number): Promise<ArbiterOutcome[]> {
  const ready = calls.map((call) => call.ready?.());
  if (ready.every((r) => r !== undefined)) return calls.map((call, i) => decideLoaded(call, ready[i]!, request, process.hrtime.bigint()));
  return Promise.all(calls.map((call, i) => (ready[i] ? decideLoaded(call, ready[i], request, process.hrtime.bigint()) : consultOne(call, request, timeoutMs))));
}

function decideLoaded(call: ArbiterCall, resolved: ResolvedArbiter, request: CompleteRequest | RequestFor, started: bigint): ArbiterOutcome {
  const decision = decide(resolved.policy.loaded, typeof request === 'function' ? request(resolved.policy) : request);
  return {
    arbiter: call.ref,
    id: resolved.id,
    version: resolved.version,
    digest: resolved.policy.digest,
    outcome: decision.decision,
    decision,
    latencyNs: Number(process.hrtime.bigint() - started),
  };
}

async function consultOne(call: ArbiterCall, request: CompleteRequest | RequestFor, timeoutMs: number): Promise<ArbiterOutcome> {
  const started = process.hrtime.bigint();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const elapsed = () => Number(process.hrtime.bigint() - started);
  try {
    const resolved = await Promise.race([call.load(), timedOut]);
    if (resolved === 'timeout') {
      const decision = failSecure(`arbiter ${call.ref} did not answer within the ${timeoutMs} ms arbiter timeout`);
      return { arbiter: call.ref, id: null, version: null, digest: null, outcome: 'TIMEOUT', decision, latencyNs: elapsed() };
    }
    return decideLoaded(call, resolved, request, started);
  } catch (error) {
    const decision = failSecure(`arbiter ${call.ref} failed: ${error instanceof Error ? error.message : String(error)}`);
    return { arbiter: call.ref, id: null, version: null, digest: null, outcome: 'ERROR', decision, latencyNs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
}

/** Any DENY denies; the reasons of the side that decided, by priority, each rule once. */
export function combineOutcomes(outcomes: readonly ArbiterOutcome[]): Decision {
  const deny = outcomes.some((o) => o.decision.decision === 'DENY');
  const deciding = outcomes.filter((o) => (o.decision.decision === 'DENY') === deny);
  const seen = new Set<string>();
  const ranked: { reason: Reason; order: number }[] = [];
  for (const outcome of deciding) {
    for (const reason of outcome.decision.reasons) {
      const key = reason.ruleId === null ? `text:${reason.text}` : `rule:${reason.ruleId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      ranked.push({ reason, order: ranked.length });
    }
  }
  // Rule-less reasons last, as within one policy; otherwise by priority, ties in arbiter order.
  ranked.sort((a, b) => rank(b.reason) - rank(a.reason) || a.order - b.order);
  const reasons = ranked.map((r) => r.reason);
  return {
    decision: deny ? 'DENY' : 'ALLOW',
    exitCode: deny ? 2 : 0,
    reasons,
    applied_policies: reasons.flatMap((r) => (r.ruleId === null ? [] : [r.ruleId])),
    article: reasons[0]?.article ?? null,
  };
}

const rank = (reason: Reason) => (reason.ruleId === null ? -1 : reason.priority);
