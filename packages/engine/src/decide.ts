// Deciding a request against a loaded policy, exactly as docs/policy-semantics.md defines it.
// The hot path (decideEncoded) reads typed arrays and writes into a reusable DecisionBuffer: it
// allocates nothing. toDecision turns a buffer into the Decision a caller sees.
import { type CompleteRequest, type Decision, type Reason, TARGETS } from '@bytebound/compiler/policy-model';
import { type EncodedRequest, encodeRequest, type LoadedPolicy, newEncodedRequest, tableIndex } from './loaded-policy.ts';

export const NO_REGULATION_REASON = 'no applicable regulation restricts this';
export const UNDEFINED_SCENARIO_REASON = 'undefined scenario: default deny';

const RULELESS_NO_REGULATION = 1;
const RULELESS_UNDEFINED = 2;

export type DecisionBuffer = {
  deny: boolean;
  /** Rule indices (decision ranks) of the reasons, ascending after decideEncoded. */
  rules: Int32Array;
  count: number;
  /** Rule-less reasons, as flags. */
  ruleless: number;
  // Scratch for the two sides while targets are decided.
  denyRules: Int32Array;
  denyCount: number;
  denyRuleless: number;
  allowRules: Int32Array;
  allowCount: number;
  allowRuleless: number;
};

export function newDecisionBuffer(policy: LoadedPolicy): DecisionBuffer {
  const size = Math.max(1, policy.rules.length * TARGETS.length);
  return {
    deny: false,
    rules: new Int32Array(size),
    count: 0,
    ruleless: 0,
    denyRules: new Int32Array(size),
    denyCount: 0,
    denyRuleless: 0,
    allowRules: new Int32Array(size),
    allowCount: 0,
    allowRuleless: 0,
  };
}

function holds(p: LoadedPolicy, rule: number, request: EncodedRequest): boolean {
  const words = request.words;
  const whenEnd = p.whenEnd[rule]!;
  const unlessEnd = p.unlessEnd[rule]!;
  for (let c = p.conditionStart[rule]!; c < unlessEnd; c++) {
    const word = p.conditionWord[c]!;
    const value = word === 2 ? request.elapsed > p.conditionThreshold[c]! : ((words[word]! & p.conditionMask[c]!) !== 0) !== (p.conditionNegate[c] === 1);
    if (c < whenEnd ? !value : value) return false;
  }
  return true;
}

/** Sorts and de-duplicates the first `count` entries in place; returns the new count. */
function sortUnique(values: Int32Array, count: number): number {
  if (count < 2) return count;
  values.subarray(0, count).sort();
  let out = 1;
  for (let i = 1; i < count; i++) if (values[i] !== values[out - 1]) values[out++] = values[i]!;
  return out;
}

/** Decides an encoded request into `out`. Returns true for DENY. Allocates nothing for one target. */
export function decideEncoded(p: LoadedPolicy, request: EncodedRequest, out: DecisionBuffer): boolean {
  out.denyCount = 0;
  out.denyRuleless = 0;
  out.allowCount = 0;
  out.allowRuleless = 0;
  let targetsDecided = 0;
  for (let target = 0; target < TARGETS.length; target++) {
    if ((request.targets & (1 << target)) === 0) continue;
    targetsDecided++;
    if (p.covered[request.jurisdiction * TARGETS.length + target] === 0) {
      out.allowRuleless |= RULELESS_NO_REGULATION;
      continue;
    }
    const code = request.action * 24 + request.timing * 4 + target;
    const slot = tableIndex(request.jurisdiction, request.onRequest, code);
    const start = p.candidateStart[slot]!;
    const split = p.candidateSplit[slot]!;
    const end = p.candidateEnd[slot]!;
    // Step 3: forbids that hold.
    const denyBefore = out.denyCount;
    for (let i = start; i < split; i++) {
      const rule = p.candidates[i]!;
      if (holds(p, rule, request)) out.denyRules[out.denyCount++] = rule;
    }
    if (out.denyCount > denyBefore) continue;
    // Step 4: permits that hold.
    const allowBefore = out.allowCount;
    for (let i = split; i < end; i++) {
      const rule = p.candidates[i]!;
      if (holds(p, rule, request)) out.allowRules[out.allowCount++] = rule;
    }
    if (out.allowCount > allowBefore) continue;
    if (end > split) {
      // Step 5: a requirement that is not met.
      if (p.enforcement === 2) for (let i = split; i < end; i++) out.allowRules[out.allowCount++] = p.candidates[i]!;
      else for (let i = split; i < end; i++) out.denyRules[out.denyCount++] = p.candidates[i]!;
    } else if (p.enforcement === 0) {
      // Step 6: an undefined scenario.
      out.denyRuleless |= RULELESS_UNDEFINED;
    } else {
      out.allowRuleless |= RULELESS_UNDEFINED;
    }
  }
  const deny = out.denyCount > 0 || out.denyRuleless !== 0 || targetsDecided === 0;
  out.deny = deny;
  const source = deny ? out.denyRules : out.allowRules;
  const count = deny ? out.denyCount : out.allowCount;
  for (let i = 0; i < count; i++) out.rules[i] = source[i]!;
  out.count = targetsDecided > 1 ? sortUnique(out.rules, count) : count;
  out.ruleless = deny ? out.denyRuleless : out.allowRuleless;
  return deny;
}

/** The Decision a caller sees, from a decided buffer. */
export function toDecision(p: LoadedPolicy, request: EncodedRequest, out: DecisionBuffer): Decision {
  const reasons: Reason[] = [];
  for (let i = 0; i < out.count; i++) {
    const index = out.rules[i]!;
    const rule = p.rules[index]!;
    const warning = !out.deny && rule.effect === 'permit' && !holds(p, index, request);
    const text = warning
      ? `warning: requirement not met: ${rule.reason}`
      : rule.effect === 'permit' && out.deny
        ? `requirement not met: ${rule.reason}`
        : rule.reason;
    reasons.push({ ruleId: rule.id, article: rule.article, text, priority: rule.priority });
  }
  if (out.ruleless & RULELESS_UNDEFINED) {
    reasons.push({ ruleId: null, article: null, text: out.deny ? UNDEFINED_SCENARIO_REASON : `warning: ${UNDEFINED_SCENARIO_REASON}`, priority: 0 });
  }
  if (out.ruleless & RULELESS_NO_REGULATION) reasons.push({ ruleId: null, article: null, text: NO_REGULATION_REASON, priority: 0 });
  if (out.deny && reasons.length === 0) reasons.push({ ruleId: null, article: null, text: 'malformed request: no target', priority: 0 });
  return {
    decision: out.deny ? 'DENY' : 'ALLOW',
    exitCode: out.deny ? 2 : 0,
    reasons,
    applied_policies: reasons.flatMap((r) => (r.ruleId === null ? [] : [r.ruleId])),
    article: reasons[0]?.article ?? null,
  };
}

/** Decides one complete request; never throws (fail secure: an internal error is a DENY that says so). */
export function decide(p: LoadedPolicy, request: CompleteRequest): Decision {
  try {
    const encoded = encodeRequest(request, newEncodedRequest());
    const out = newDecisionBuffer(p);
    decideEncoded(p, encoded, out);
    return toDecision(p, encoded, out);
  } catch (error) {
    return failSecure(`engine error: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A DENY that says why no policy could decide. */
export function failSecure(reason: string): Decision {
  return { decision: 'DENY', exitCode: 2, reasons: [{ ruleId: null, article: null, text: reason, priority: 0 }], applied_policies: [], article: null };
}
