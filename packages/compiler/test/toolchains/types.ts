// What a format's toolchain runner returns for each request, so the differential test can compare
// every format with the reference evaluator.
import type { FormatId } from '../../src/emit/emitter.ts';
import type { CompleteRequest, Policy } from '../../src/policy-model.ts';

export type FormatDecision = { decision: 'ALLOW' | 'DENY'; article: string | null; applied_policies: string[] };

/** One toolchain invocation per batch (one rustc build, one OPA call, one SQL session), never one per request. */
export type FormatRunner = {
  format: FormatId;
  decideAll(output: string, policy: Policy, requests: CompleteRequest[]): Promise<FormatDecision[]>;
};
