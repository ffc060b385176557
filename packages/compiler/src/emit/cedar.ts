// The Cedar emitter: Cedar policies (one per rule, plus the policies that let Cedar itself tell a
// requirement not met and an undefined scenario apart) and their schema, and the thin host wrapper
// that turns Cedar's per-target answers into the decision of docs/policy-semantics.md.
import {
  ACTIONS,
  BOOLEAN_ATTRIBUTES,
  ENUM_ATTRIBUTES,
  OPCODE_COUNT,
  TARGETS,
  TIMINGS,
  decodeOpcode,
  opcode,
  type CompileOptions,
  type CompleteRequest,
  type Condition,
  type Policy,
  type PolicyRegulation,
  type Rule,
  type Target,
} from '../policy-model.ts';
import {
  NO_REGULATION_REASON,
  UNDEFINED_SCENARIO_REASON,
  applicableJurisdictions,
  braceEscapedString,
  commentText,
  reasonText,
  rulesInDecisionOrder,
} from './escape.ts';
import { testVectors } from './test-vectors.ts';

export const CEDAR_NAMESPACE = 'Bytebound';
export const SCHEMA_BEGIN = '// ---- BEGIN CEDAR SCHEMA';
export const SCHEMA_END = '// ---- END CEDAR SCHEMA';
export const VECTOR_PREFIX = '// vector ';

const q = braceEscapedString;
const or = (terms: string[]): string => (terms.length === 0 ? 'false' : terms.length === 1 ? terms[0]! : terms.map((t) => `(${t})`).join(' || '));
const and = (terms: string[]): string => (terms.length === 0 ? 'true' : terms.length === 1 ? terms[0]! : terms.map((t) => `(${t})`).join(' && '));
const set = (values: readonly (string | number)[]): string => `[${values.map((v) => (typeof v === 'number' ? String(v) : q(v))).join(', ')}]`;

/** The schema every emitted policy set validates against (Cedar schema syntax). */
export function cedarSchema(): string {
  return [
    `namespace ${CEDAR_NAMESPACE} {`,
    '  entity Agent;',
    '  entity Data;',
    '  type RequestContext = {',
    '    phase: String,',
    '    timing: String,',
    '    target: String,',
    '    opcode: Long,',
    '    onRequestOpcode: Long,',
    ...Object.keys(ENUM_ATTRIBUTES).map((a) => `    ${a}${a === 'jurisdiction' ? '?' : ''}: String,`),
    ...BOOLEAN_ATTRIBUTES.map((b) => `    ${b}: Bool,`),
    '    elapsed: Long,',
    '  };',
    `  action ${ACTIONS.map((a) => q(a)).join(', ')} appliesTo {`,
    '    principal: [Agent],',
    '    resource: [Data],',
    '    context: RequestContext,',
    '  };',
    '}',
  ].join('\n');
}

/** The schema from the comment block of an emitted policy set. */
export function extractCedarSchema(output: string): string {
  const lines = output.split('\n');
  const begin = lines.indexOf(SCHEMA_BEGIN);
  const end = lines.indexOf(SCHEMA_END);
  if (begin < 0 || end < begin) throw new Error('no Cedar schema block in this output');
  return lines
    .slice(begin + 1, end)
    .map((l) => l.replace(/^\/\/ ?/, ''))
    .join('\n');
}

/** Cedar compares whole seconds: elapsed is rounded up, thresholds down (exact for whole-second thresholds). */
const toLong = (value: number): number => Math.min(Number.MAX_SAFE_INTEGER, Math.max(-Number.MAX_SAFE_INTEGER, value));

function condition(c: Condition): string {
  const attribute = `context.${c.attribute}`;
  if ('equals' in c) return `${attribute} == ${c.equals}`;
  if ('greaterThan' in c) return `${attribute} > ${toLong(Math.floor(c.greaterThan))}`;
  if (c.attribute === 'jurisdiction') return `context has jurisdiction && ${set(c.in)}.contains(${attribute})`;
  return `${set(c.in)}.contains(${attribute})`;
}

function applies(regulation: PolicyRegulation): string {
  return `if context has jurisdiction then ${set(applicableJurisdictions(regulation.jurisdiction))}.contains(context.jurisdiction) else true`;
}

function covering(regulations: PolicyRegulation[]): string {
  return or(regulations.map((r) => and([applies(r), `${set(r.covers)}.contains(context.target)`])));
}

const ALL = <T>(values: readonly T[], all: readonly T[]): boolean => all.every((v) => values.includes(v));
const actionIn = (actions: readonly string[]): string => `action in [${actions.map((a) => `${CEDAR_NAMESPACE}::Action::${q(a)}`).join(', ')}]`;

/** The request's opcode (or its on-request opcode) is one of the rule's, as compact Cedar as the set allows. */
function opcodeMatch(rule: Rule): string {
  const codes = [...new Set(rule.opcodes.filter((c) => Number.isInteger(c) && c >= 0 && c < OPCODE_COUNT))];
  const decoded = codes.map(decodeOpcode);
  const actions = ACTIONS.filter((a) => decoded.some((d) => d.action === a));
  const timings = TIMINGS.filter((t) => decoded.some((d) => d.timing === t));
  const targets = TARGETS.filter((t) => decoded.some((d) => d.target === t));
  if (codes.length === 0) return 'false';
  if (actions.length * timings.length * targets.length !== codes.length) {
    return or([`${set(codes)}.contains(context.opcode)`, `${set(codes)}.contains(context.onRequestOpcode)`]);
  }
  // A product of actions, timings and targets: three small checks instead of the opcode list.
  const timing = ALL(timings, TIMINGS)
    ? 'true'
    : timings.includes('on-request')
      ? or([`${set(timings)}.contains(context.timing)`, 'context.subjectRequest != "none"'])
      : `${set(timings)}.contains(context.timing)`;
  return and([...(ALL(actions, ACTIONS) ? [] : [actionIn(actions)]), ...(ALL(targets, TARGETS) ? [] : [`${set(targets)}.contains(context.target)`]), ...(timing === 'true' ? [] : [timing])]);
}

/** The rule is a candidate: a covering regulation of its own, and an opcode of the request. */
function candidate(policy: Policy, rule: Rule): string {
  const own = policy.regulations.filter((r) => r.id === rule.regulation);
  if (own.length === 0) return 'false';
  return and([covering(own), opcodeMatch(rule)]);
}

function actionScope(rule: Rule): string {
  const actions = [...new Set(rule.opcodes.filter((c) => Number.isInteger(c) && c >= 0 && c < OPCODE_COUNT).map((c) => decodeOpcode(c).action))];
  if (actions.length === 0 || actions.length === ACTIONS.length) return 'action';
  return actionIn(ACTIONS.filter((a) => actions.includes(a)));
}

function annotations(values: Record<string, string>): string[] {
  return Object.entries(values).map(([key, value]) => `@${key}(${q(value)})`);
}

function ruleComment(rule: Rule, index: number): string[] {
  const lines = [`// [${index}] ${commentText(rule.id)}: ${rule.effect}, ${commentText(rule.article)}, priority ${rule.priority} (${rule.origin})`];
  if (rule.quote) lines.push(`//   "${commentText(rule.quote)}"`);
  for (const review of rule.review) lines.push(`//   REVIEW (condition not mapped to a request attribute): ${commentText(review)}`);
  return lines;
}

export function emitCedar(policy: Policy, options: CompileOptions): string {
  const rules = rulesInDecisionOrder(policy);
  const level = policy.enforcementLevel;
  const permits = rules.filter((r) => r.effect === 'permit');
  const out: string[] = [
    '// Bytebound policy compiled to Cedar. One authorization per target of the request: principal',
    `// ${CEDAR_NAMESPACE}::Agent, action ${CEDAR_NAMESPACE}::Action::"<action>", resource ${CEDAR_NAMESPACE}::Data::"<target>", and the context`,
    '// below; the host combines the targets (docs/formats/cedar.md, cedarDecide in the compiler).',
    `// Enforcement level: ${level}. Rules are listed in decision order (priority descending, ties in policy order).`,
    '//',
    SCHEMA_BEGIN,
    ...cedarSchema()
      .split('\n')
      .map((l) => `// ${l}`),
    SCHEMA_END,
    '',
  ];
  out.push(
    '// ---- Phase "rules" (steps 0, 3 and 4): the rules, and the permit of a target no applicable regulation',
    '// covers. Cedar allows when a permit holds and no forbid does, and denies naming the forbids that hold;',
    '// a deny that names no policy means no rule holds: the host then asks phase "requirements".',
    '',
  );
  rules.forEach((rule, index) => {
    out.push(
      ...ruleComment(rule, index),
      ...annotations({
        id: rule.id,
        kind: 'rule',
        rule: rule.id,
        order: String(index),
        regulation: rule.regulation,
        article: rule.article,
        priority: String(rule.priority),
        reason: rule.reason,
      }),
      `${rule.effect} (principal, ${actionScope(rule)}, resource)`,
      'when { context.phase == "rules" }',
      `when { ${candidate(policy, rule)} }`,
      ...(rule.when.length > 0 ? [`when { ${and(rule.when.map(condition))} }`] : []),
      ...(rule.unless.length > 0 ? [`unless { ${or(rule.unless.map(condition))} }`] : []),
      ';',
      '',
    );
  });
  out.push(
    '// Step 0: a target that no applicable regulation covers is allowed.',
    ...annotations({ id: 'no-applicable-regulation', kind: 'no-regulation', reason: NO_REGULATION_REASON }),
    'permit (principal, action, resource)',
    'when { context.phase == "rules" }',
    `unless { ${covering(policy.regulations)} }`,
    ';',
    '',
    '// ---- Phase "requirements" (steps 5 and 6), asked only when no rule holds for the target.',
    `// Step 5: a permit exists for this opcode but does not hold: a requirement not met -> ${level === 'permissive' ? 'ALLOW with a warning (permissive)' : 'DENY'}.`,
    '',
  );
  rules.forEach((rule, index) => {
    if (rule.effect !== 'permit') return;
    out.push(
      `// [${index}] ${commentText(rule.id)} is required`,
      ...annotations({
        id: `unmet:${rule.id}`,
        kind: 'unmet',
        rule: rule.id,
        order: String(index),
        regulation: rule.regulation,
        article: rule.article,
        priority: String(rule.priority),
        reason: rule.reason,
      }),
      `${level === 'permissive' ? 'permit' : 'forbid'} (principal, ${actionScope(rule)}, resource)`,
      'when { context.phase == "requirements" }',
      `when { ${candidate(policy, rule)} }`,
      ';',
      '',
    );
  });
  out.push(
    `// Step 6: an undefined scenario, a covered target for which no permit exists -> ${level === 'strict' ? 'DENY' : 'ALLOW with a warning'}.`,
    ...annotations({ id: 'undefined-scenario', kind: 'undefined', reason: UNDEFINED_SCENARIO_REASON }),
    `${level === 'strict' ? 'forbid' : 'permit'} (principal, action, resource)`,
    'when { context.phase == "requirements" }',
    `when { ${covering(policy.regulations)} }`,
    `unless { ${or(permits.map((p) => candidate(policy, p)))} }`,
    ';',
    '',
  );
  if (options.targetEnvironment === 'development') {
    out.push('// Development: every policy carries @kind and @order, so a trace of Cedar\'s diagnostics names the rule and the step.', '');
  }
  if (options.includeTests) {
    out.push('// ---- Test vectors: a complete request and the expected decision of the reference semantics,', '// one JSON object a line; check them with cedarDecide.');
    for (const vector of testVectors(policy)) {
      out.push(`${VECTOR_PREFIX}${JSON.stringify({ name: commentText(vector.name), request: vector.request, expected: vector.expected })}`.replace(/[\u2028\u2029]/g, ' '));
    }
    out.push('');
  }
  return out.join('\n');
}

// ---- The host side.

export type CedarUid = { type: string; id: string };
export type CedarContext = Record<string, string | number | boolean>;
export type CedarCall = { principal: CedarUid; action: CedarUid; resource: CedarUid; context: CedarContext };
/** What the host needs from one Cedar authorization: the decision and the ids of the determining policies. */
export type CedarAnswer = { decision: 'allow' | 'deny'; reason: string[]; errors: string[] };
export type CedarPolicyMeta = { kind: 'rule' | 'unmet' | 'undefined' | 'no-regulation'; rule: string | null; order: number; article: string | null; reason: string };

/** The meta of a policy from its annotations (as Cedar's policyToJson returns them). */
export function cedarPolicyMeta(annotations: Record<string, string | null | undefined>): CedarPolicyMeta {
  const kind = annotations.kind;
  if (kind !== 'rule' && kind !== 'unmet' && kind !== 'undefined' && kind !== 'no-regulation') throw new Error(`a Cedar policy without a known @kind: ${String(kind)}`);
  return {
    kind,
    rule: annotations.rule ?? null,
    order: annotations.order === undefined || annotations.order === null ? Number.MAX_SAFE_INTEGER : Number(annotations.order),
    article: annotations.article ?? null,
    reason: annotations.reason ?? '',
  };
}

export type CedarPhase = 'rules' | 'requirements';

/** The authorization request for one target in one phase. */
export function cedarCall(request: CompleteRequest, target: Target, phase: CedarPhase = 'rules'): CedarCall {
  const a = request.attributes;
  const context: CedarContext = {
    phase,
    timing: request.timing,
    target,
    opcode: opcode(request.action, request.timing, target),
    onRequestOpcode: a.subjectRequest === 'none' ? -1 : opcode(request.action, 'on-request', target),
    principalRole: a.principalRole,
    legalBasis: a.legalBasis,
    destination: a.destination,
    subjectRequest: a.subjectRequest,
    ...(a.jurisdiction === undefined ? {} : { jurisdiction: a.jurisdiction }),
    ...Object.fromEntries(BOOLEAN_ATTRIBUTES.map((b) => [b, a[b]])),
    elapsed: toLong(Math.ceil(a.elapsed)),
  };
  return {
    principal: { type: `${CEDAR_NAMESPACE}::Agent`, id: a.principalRole },
    action: { type: `${CEDAR_NAMESPACE}::Action`, id: request.action },
    resource: { type: `${CEDAR_NAMESPACE}::Data`, id: target },
    context,
  };
}

export type CedarDecision = {
  decision: 'ALLOW' | 'DENY';
  article: string | null;
  applied_policies: string[];
  reasons: { ruleId: string | null; article: string | null; text: string }[];
};

/**
 * The host wrapper: per target, Cedar decides phase "rules"; when no policy holds there (a deny
 * naming no policy), Cedar decides phase "requirements" (a requirement not met, or an undefined
 * scenario). The verdict of each target is Cedar's; the determining policies' annotations say
 * which rules decided. Targets combine as docs/policy-semantics.md says. Any Cedar error denies.
 */
export function cedarDecide(request: CompleteRequest, authorize: (call: CedarCall) => CedarAnswer, meta: (policyId: string) => CedarPolicyMeta): CedarDecision {
  type Found = CedarPolicyMeta & { text: string };
  const sides = { DENY: { rules: new Map<string, Found>(), notes: new Set<string>() }, ALLOW: { rules: new Map<string, Found>(), notes: new Set<string>() } };
  let denied = false;
  for (const target of request.targets) {
    let answer = authorize(cedarCall(request, target, 'rules'));
    if (answer.errors.length === 0 && answer.decision === 'deny' && answer.reason.length === 0) answer = authorize(cedarCall(request, target, 'requirements'));
    const failed = answer.errors.length > 0 || answer.reason.length === 0;
    const verdict = answer.decision === 'allow' && !failed ? 'ALLOW' : 'DENY';
    if (verdict === 'DENY') denied = true;
    const side = sides[verdict];
    if (failed) {
      side.notes.add(answer.errors.length > 0 ? `Cedar evaluation error: ${answer.errors.join('; ')}` : 'no Cedar policy decided: default deny');
      continue;
    }
    // The wording follows from the kind and the target's verdict (a rule that allows is a permit).
    for (const m of answer.reason.map(meta)) {
      const rule = { article: m.article ?? '', reason: m.reason };
      if (m.kind === 'rule') side.rules.set(m.rule!, { ...m, text: reasonText(rule, verdict === 'DENY' ? 'forbid' : 'permit') });
      else if (m.kind === 'unmet') side.rules.set(m.rule!, { ...m, text: reasonText(rule, verdict === 'DENY' ? 'unmet' : 'warning') });
      else if (m.kind === 'undefined') side.notes.add(verdict === 'DENY' ? m.reason : `warning: ${m.reason}`);
      else side.notes.add(m.reason);
    }
  }
  const side = sides[denied ? 'DENY' : 'ALLOW'];
  const ordered = [...side.rules.values()].sort((x, y) => x.order - y.order);
  const reasons = [
    ...ordered.map((m) => ({ ruleId: m.rule, article: m.article, text: m.text })),
    ...[...side.notes].map((text) => ({ ruleId: null, article: null, text })),
  ];
  return { decision: denied ? 'DENY' : 'ALLOW', article: reasons[0]?.article ?? null, applied_policies: ordered.map((m) => m.rule!), reasons };
}
