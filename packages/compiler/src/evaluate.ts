// The reference evaluator: decide(policy, request) exactly as docs/policy-semantics.md defines it.
// Every output format and the engine must give the same verdict, article and applied_policies.
import {
  opcode,
  type CompleteRequest,
  type Condition,
  type Decision,
  type Jurisdiction,
  type Policy,
  type Reason,
  type Rule,
  type Target,
} from './policy-model.ts';
import { completeRequest } from './request.ts';

/** Jurisdictions that contain others (DESIGN section 3). EU member states are not codes of the vocabulary. */
export const JURISDICTION_CONTAINS: Readonly<Partial<Record<Jurisdiction, readonly Jurisdiction[]>>> = {
  US: ['US-CA', 'US-NY', 'US-VA', 'US-HIPAA'],
};

/** A regulation of jurisdiction `of` applies to a request from `requested` (absent: all apply). */
export function applies(of: Jurisdiction, requested: Jurisdiction | undefined): boolean {
  if (requested === undefined || of === 'GLOBAL-PCI' || of === requested) return true;
  return JURISDICTION_CONTAINS[of]?.includes(requested) ?? false;
}

export const NO_REGULATION = 'no applicable regulation restricts this';
export const UNDEFINED_SCENARIO = 'undefined scenario: default deny';

export function conditionHolds(c: Condition, attributes: CompleteRequest['attributes']): boolean {
  if ('equals' in c) return attributes[c.attribute] === c.equals;
  if ('in' in c) {
    const value = attributes[c.attribute];
    return value !== undefined && c.in.includes(value);
  }
  return attributes[c.attribute] > c.greaterThan;
}

export function ruleHolds(rule: Rule, attributes: CompleteRequest['attributes']): boolean {
  return rule.when.every((c) => conditionHolds(c, attributes)) && !rule.unless.some((c) => conditionHolds(c, attributes));
}

type Found = { rule: Rule | null; text: string };

/** How a rule took part in a decision: it forbade, it permitted, or its requirement was not met. */
export type ReasonKind = 'forbid' | 'permit' | 'unmet' | 'warning';

/** A rule's reason as every format words it. */
export function reasonText(rule: Pick<Rule, 'article' | 'reason'>, kind: ReasonKind): string {
  switch (kind) {
    case 'forbid':
      return `${rule.article}: ${rule.reason}`;
    case 'permit':
      return `${rule.article}: allowed, ${rule.reason}`;
    case 'unmet':
      return `${rule.article}: requirement not met, ${rule.reason}`;
    case 'warning':
      return `warning: ${rule.article}: requirement not met, ${rule.reason}`;
  }
}

function decideTarget(policy: Policy, request: CompleteRequest, target: Target): { deny: boolean; reasons: Found[] } {
  const { attributes } = request;
  const covering = new Set(
    policy.regulations.filter((r) => applies(r.jurisdiction, attributes.jurisdiction) && r.covers.includes(target)).map((r) => r.id),
  );
  if (covering.size === 0) return { deny: false, reasons: [{ rule: null, text: NO_REGULATION }] };
  const codes = [opcode(request.action, request.timing, target)];
  if (attributes.subjectRequest !== 'none') codes.push(opcode(request.action, 'on-request', target));
  const candidates = policy.rules.filter((r) => covering.has(r.regulation) && codes.some((c) => r.opcodes.includes(c)));
  const forbids = candidates.filter((r) => r.effect === 'forbid' && ruleHolds(r, attributes));
  if (forbids.length > 0) return { deny: true, reasons: forbids.map((rule) => ({ rule, text: reasonText(rule, 'forbid') })) };
  const permits = candidates.filter((r) => r.effect === 'permit');
  const holding = permits.filter((r) => ruleHolds(r, attributes));
  if (holding.length > 0) return { deny: false, reasons: holding.map((rule) => ({ rule, text: reasonText(rule, 'permit') })) };
  if (permits.length > 0) {
    const permissive = policy.enforcementLevel === 'permissive';
    return { deny: !permissive, reasons: permits.map((rule) => ({ rule, text: reasonText(rule, permissive ? 'warning' : 'unmet') })) };
  }
  if (policy.enforcementLevel === 'strict') return { deny: true, reasons: [{ rule: null, text: UNDEFINED_SCENARIO }] };
  return { deny: false, reasons: [{ rule: null, text: `warning: ${UNDEFINED_SCENARIO}` }] };
}

/** Decide a complete request (docs/policy-semantics.md, steps 0 to 6 and "The decision"). */
export function decide(policy: Policy, request: CompleteRequest): Decision {
  const perTarget = request.targets.map((t) => decideTarget(policy, request, t));
  const deny = perTarget.some((t) => t.deny);
  const found = perTarget.filter((t) => t.deny === deny).flatMap((t) => t.reasons);
  const index = new Map(policy.rules.map((r, i) => [r, i]));
  const seenRules = new Set<Rule>();
  const seenTexts = new Set<string>();
  const withRule: Found[] = [];
  const without: Found[] = [];
  for (const f of found) {
    if (f.rule) {
      if (!seenRules.has(f.rule)) {
        seenRules.add(f.rule);
        withRule.push(f);
      }
    } else if (!seenTexts.has(f.text)) {
      seenTexts.add(f.text);
      without.push(f);
    }
  }
  withRule.sort((a, b) => b.rule!.priority - a.rule!.priority || index.get(a.rule!)! - index.get(b.rule!)!);
  const reasons: Reason[] = [...withRule, ...without].map((f) => ({
    ruleId: f.rule?.id ?? null,
    article: f.rule?.article ?? null,
    text: f.text,
    priority: f.rule?.priority ?? 0,
  }));
  return {
    decision: deny ? 'DENY' : 'ALLOW',
    exitCode: deny ? 2 : 0,
    reasons,
    applied_policies: withRule.map((f) => f.rule!.id),
    article: reasons[0]?.article ?? null,
  };
}

/** A fail-secure DENY: a malformed request, a policy that does not load, an exception. */
export function failSecure(text: string): Decision {
  return { decision: 'DENY', exitCode: 2, reasons: [{ ruleId: null, article: null, text, priority: 0 }], applied_policies: [], article: null };
}

/** Validate, complete and decide a raw request; anything that goes wrong is a DENY that says so. */
export function decideRequest(policy: Policy, input: unknown): Decision {
  try {
    const complete = completeRequest(input);
    if (!complete.ok) return failSecure(complete.error);
    return decide(policy, complete.request);
  } catch (error) {
    return failSecure(`evaluation failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
