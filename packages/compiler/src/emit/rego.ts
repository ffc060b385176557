// The Rego emitter: an OPA Rego v1 package whose `decision` implements docs/policy-semantics.md
// over `input` (a complete request as JSON, enumerations as strings), with `deny` reasons and `allow`.
import { ACTIONS, TARGETS, TIMINGS, type CompileOptions, type Condition, type Policy, type Rule } from '../policy-model.ts';
import {
  NO_REGULATION_REASON,
  applicableJurisdictions,
  commentText,
  jsonString,
  numberLiteral,
  rulesInDecisionOrder,
  undefinedScenarioText,
} from './escape.ts';
import { testVectors, type TestVector } from './test-vectors.ts';

/** The package every emitted Rego policy declares; query `data.bytebound.policy.decision`. */
export const REGO_PACKAGE = 'bytebound.policy';

const set = (values: readonly (string | number)[]): string =>
  values.length === 0 ? 'set()' : `{${values.map((v) => (typeof v === 'number' ? String(v) : jsonString(v))).join(', ')}}`;
const list = (values: readonly string[]): string => `[${values.map(jsonString).join(', ')}]`;

function condition(c: Condition): string {
  const attribute = `input.attributes.${c.attribute}`;
  if ('equals' in c) return `${attribute} == ${c.equals}`;
  if ('in' in c) return `${attribute} in ${set(c.in)}`;
  return `${attribute} > ${numberLiteral(c.greaterThan)}`;
}

function ruleComment(rule: Rule, index: number): string[] {
  const lines = [`# [${index}] ${commentText(rule.id)}: ${rule.effect}, ${commentText(rule.article)}, priority ${rule.priority} (${rule.origin})`];
  if (rule.quote) lines.push(`#   "${commentText(rule.quote)}"`);
  for (const review of rule.review) lines.push(`#   REVIEW (condition not mapped to a request attribute): ${commentText(review)}`);
  return lines;
}

function holdsRule(rule: Rule, index: number): string[] {
  // The full comment (quote, review notes) is on the rule's entry in `rules`; here its id and article.
  const lines = [`# [${index}] ${commentText(rule.id)}: ${rule.effect}, ${commentText(rule.article)}`, `holds contains ${index} if {`];
  for (const c of rule.when) lines.push(`\t${condition(c)}`);
  if (rule.unless.length > 0) lines.push(`\tnot unless_${index}`);
  if (rule.when.length === 0 && rule.unless.length === 0) lines.push('\ttrue');
  lines.push('}', '');
  for (const c of rule.unless) lines.push(`unless_${index} if ${condition(c)}`);
  if (rule.unless.length > 0) lines.push('');
  return lines;
}

function requestJson(vector: TestVector): string {
  const r = vector.request;
  return JSON.stringify({ action: r.action, timing: r.timing, targets: r.targets, attributes: r.attributes });
}

function tests(policy: Policy): string[] {
  const lines = ['# ---- Test vectors: expected decisions of the reference semantics; run with `opa test`.', ''];
  testVectors(policy).forEach((vector, n) => {
    lines.push(`# ${commentText(vector.name)}`);
    lines.push(`test_vector_${n} if {`);
    lines.push(`\td := decision with input as ${requestJson(vector)}`);
    lines.push(`\td.decision == ${jsonString(vector.expected.decision)}`);
    lines.push(`\td.article == ${vector.expected.article === null ? 'null' : jsonString(vector.expected.article)}`);
    lines.push(`\td.applied_policies == ${list(vector.expected.applied_policies)}`);
    lines.push('}', '');
  });
  return lines;
}

export function emitRego(policy: Policy, options: CompileOptions): string {
  const rules = rulesInDecisionOrder(policy);
  const level = policy.enforcementLevel;
  const out: string[] = [
    '# Bytebound policy compiled to OPA Rego v1. Query data.bytebound.policy.decision with a complete',
    '# request as input: {"action", "timing", "targets": [...], "attributes": {...}} (docs/formats/rego.md).',
    `# Enforcement level: ${level}. Rules are listed in decision order (priority descending, ties in policy order).`,
    `package ${REGO_PACKAGE}`,
    '',
    `actions := ${list(ACTIONS)}`,
    '',
    `timings := ${list(TIMINGS)}`,
    '',
    `targets := ${list(TARGETS)}`,
    '',
    '# The loaded regulations: the request jurisdictions under which each applies, and the targets it covers.',
    'regulations := [',
  ];
  for (const regulation of policy.regulations) {
    out.push(
      `\t{"id": ${jsonString(regulation.id)}, "jurisdictions": ${set(applicableJurisdictions(regulation.jurisdiction))}, "covers": ${set(regulation.covers)}},`,
    );
  }
  out.push(']', '', '# The rules in decision order; `holds` below says which hold for the input.', 'rules := [');
  rules.forEach((rule, index) => {
    out.push(...ruleComment(rule, index).map((line) => `\t${line}`));
    out.push(
      `\t{"id": ${jsonString(rule.id)}, "effect": ${jsonString(rule.effect)}, "regulation": ${jsonString(rule.regulation)}, "opcodes": ${set(rule.opcodes)}, "priority": ${numberLiteral(rule.priority)}, "article": ${jsonString(rule.article)}, "reason": ${jsonString(rule.reason)}},`,
    );
  });
  out.push(']', '');
  rules.forEach((rule, index) => out.push(...holdsRule(rule, index)));
  if (rules.length === 0) out.push('holds := set()', '');
  out.push(
    '# ---- The decision (docs/policy-semantics.md).',
    '',
    'malformed if not input.action in actions',
    '',
    'malformed if not input.timing in timings',
    '',
    'malformed if count(input.targets) == 0',
    '',
    'malformed if {',
    '\tsome t in input.targets',
    '\tnot t in targets',
    '}',
    '',
    'applies(_) if not input.attributes.jurisdiction',
    '',
    'applies(regulation) if input.attributes.jurisdiction in regulation.jurisdictions',
    '',
    'covered(t) if {',
    '\tsome regulation in regulations',
    '\tt in regulation.covers',
    '\tapplies(regulation)',
    '}',
    '',
    'active(id, t) if {',
    '\tsome regulation in regulations',
    '\tregulation.id == id',
    '\tt in regulation.covers',
    '\tapplies(regulation)',
    '}',
    '',
    'code(values, value) := i if values[i] == value',
    '',
    'opcode(a, tm, t) := ((code(actions, a) * 24) + (code(timings, tm) * 4)) + code(targets, t)',
    '',
    '# A request serving a data subject\'s request also matches the on-request rules.',
    'request_opcodes(t) := {opcode(input.action, input.timing, t), opcode(input.action, "on-request", t)} if {',
    '\tinput.attributes.subjectRequest != "none"',
    '} else := {opcode(input.action, input.timing, t)}',
    '',
    'candidates(t) := {i |',
    '\tsome i, rule in rules',
    '\tactive(rule.regulation, t)',
    '\tsome op in request_opcodes(t)',
    '\top in rule.opcodes',
    '}',
    '',
    `outcome(t) := {"verdict": "ALLOW", "rules": set(), "note": ${jsonString(NO_REGULATION_REASON)}} if {`,
    '\tnot covered(t)',
    '} else := {"verdict": "DENY", "rules": forbids, "note": null} if {',
    '\tforbids := {i | some i in candidates(t); rules[i].effect == "forbid"; i in holds}',
    '\tcount(forbids) > 0',
    '} else := {"verdict": "ALLOW", "rules": permits, "note": null} if {',
    '\tpermits := {i | some i in candidates(t); rules[i].effect == "permit"; i in holds}',
    '\tcount(permits) > 0',
    `} else := {"verdict": ${jsonString(level === 'permissive' ? 'ALLOW' : 'DENY')}, "rules": requirements, "note": null} if {`,
    '\t# a requirement that is not met',
    '\trequirements := {i | some i in candidates(t); rules[i].effect == "permit"}',
    '\tcount(requirements) > 0',
    `} else := {"verdict": ${jsonString(level === 'strict' ? 'DENY' : 'ALLOW')}, "rules": set(), "note": ${jsonString(undefinedScenarioText(level))}}`,
    '',
    'outcomes := [outcome(t) | some t in input.targets]',
    '',
    'denied := [o | some o in outcomes; o.verdict == "DENY"]',
    '',
    'verdict := "DENY" if malformed',
    'else := "DENY" if count(denied) > 0',
    'else := "ALLOW"',
    '',
    'deciding := denied if count(denied) > 0',
    'else := outcomes',
    '',
    'deciding_rules := sort({i | some o in deciding; some i in o.rules})',
    '',
    'notes := ["malformed request: action, timing or targets outside the vocabulary"] if malformed',
    'else := [n | some i, o in deciding; n := o.note; n != null; not note_before(i, n)]',
    '',
    'note_before(i, n) if {',
    '\tsome j, o in deciding',
    '\tj < i',
    '\to.note == n',
    '}',
    '',
    '# The wording of a rule\'s reason: a forbid, a permit that holds, a requirement not met.',
    'reason_text(i) := sprintf("%s: %s", [rules[i].article, rules[i].reason]) if {',
    '\trules[i].effect == "forbid"',
    '} else := sprintf("%s: allowed, %s", [rules[i].article, rules[i].reason]) if {',
    '\ti in holds',
    `} else := sprintf(${jsonString(level === 'permissive' ? 'warning: %s: requirement not met, %s' : '%s: requirement not met, %s')}, [rules[i].article, rules[i].reason])`,
    '',
    'reasons := array.concat(',
    '\t[{"ruleId": rules[i].id, "article": rules[i].article, "text": reason_text(i), "priority": rules[i].priority} | some i in deciding_rules],',
    '\t[{"ruleId": null, "article": null, "text": note, "priority": 0} | some note in notes],',
    ') if not malformed',
    'else := [{"ruleId": null, "article": null, "text": note, "priority": 0} | some note in notes]',
    '',
    'applied_policies := [r.ruleId | some r in reasons; r.ruleId != null]',
    '',
    'article := reasons[0].article if count(reasons) > 0',
    'else := null',
    '',
    'exit_code := 2 if verdict == "DENY"',
    'else := 0',
    '',
    'decision := {',
    '\t"decision": verdict,',
    '\t"exitCode": exit_code,',
    '\t"article": article,',
    '\t"applied_policies": applied_policies,',
    '\t"reasons": reasons,',
    '}',
  );
  out.splice(out.length - 1, 0, ...(options.targetEnvironment === 'development' ? ['\t"trace": outcomes,'] : []));
  out.push(
    '',
    'allow if verdict == "ALLOW"',
    '',
    'deny contains message if {',
    '\tverdict == "DENY"',
    '\tsome r in reasons',
    '\tmessage := r.text',
    '}',
    '',
  );
  if (options.includeTests) out.push(...tests(policy));
  return out.join('\n');
}
