// The Rust emitter: a dependency-free module (std only) with the Request and Decision types and
// `pub fn decide(request: &Request) -> Decision` implementing docs/policy-semantics.md.
import {
  ACTIONS,
  BOOLEAN_ATTRIBUTES,
  ENUM_ATTRIBUTES,
  OPCODE_COUNT,
  TARGETS,
  TIMINGS,
  type CompileOptions,
  type Condition,
  type EnumAttribute,
  type CompleteRequest,
  type Policy,
  type Rule,
} from '../policy-model.ts';
import {
  NO_REGULATION_REASON,
  applicableJurisdictions,
  braceEscapedString,
  commentText,
  numberLiteral,
  rulesInDecisionOrder,
  undefinedScenarioText,
} from './escape.ts';
import { testVectors } from './test-vectors.ts';

/** 'third-country' -> 'ThirdCountry', 'US-CA' -> 'UsCa': the Rust variant of a vocabulary value. */
export function rustVariant(value: string): string {
  return value
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('');
}

/** 'explicitConsent' -> 'explicit_consent': the Rust field of a request attribute. */
export function rustField(attribute: string): string {
  return attribute.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The Rust type name of an enumerated attribute: 'principalRole' -> 'PrincipalRole'. */
export function rustEnumType(attribute: EnumAttribute): string {
  return attribute.charAt(0).toUpperCase() + attribute.slice(1);
}

/** An f64 literal (`259200.0`, `0.5`, `1e+21`). */
function f64(value: number): string {
  const text = numberLiteral(value);
  return /^-?\d+$/.test(text) ? `${text}.0` : text;
}

function enumDefinition(name: string, values: readonly string[]): string[] {
  return [
    '#[derive(Clone, Copy, Debug, PartialEq, Eq)]',
    `pub enum ${name} {`,
    ...values.map((v, i) => `    ${rustVariant(v)} = ${i},`),
    '}',
    '',
    `impl ${name} {`,
    `    /// Every value, in vocabulary order: the index is the value's integer code.`,
    `    pub const ALL: [${name}; ${values.length}] = [${values.map((v) => `${name}::${rustVariant(v)}`).join(', ')}];`,
    '}',
    '',
  ];
}

function condition(c: Condition): string {
  const field = `a.${rustField(c.attribute)}`;
  if ('equals' in c) return `${c.equals ? '' : '!'}${field}`;
  if ('greaterThan' in c) return `${field} > ${f64(c.greaterThan)}`;
  const values = ENUM_ATTRIBUTES[c.attribute] as readonly string[];
  const known = c.in.filter((v) => values.includes(v));
  if (known.length === 0) return 'false';
  const pattern = known.map((v) => `${rustEnumType(c.attribute)}::${rustVariant(v)}`).join(' | ');
  return c.attribute === 'jurisdiction' ? `matches!(${field}, Some(${pattern}))` : `matches!(${field}, ${pattern})`;
}

function holdsExpression(rule: Rule): string {
  const when = rule.when.length === 0 ? 'true' : rule.when.length === 1 ? condition(rule.when[0]!) : rule.when.map((c) => `(${condition(c)})`).join(' && ');
  if (rule.unless.length === 0) return when;
  return `(${when}) && !(${rule.unless.map((c) => `(${condition(c)})`).join(' || ')})`;
}

function ruleComment(rule: Rule, index: number, indent: string): string[] {
  const lines = [`${indent}// [${index}] ${commentText(rule.id)}: ${rule.effect}, ${commentText(rule.article)}, priority ${rule.priority} (${rule.origin})`];
  if (rule.quote) lines.push(`${indent}//   "${commentText(rule.quote)}"`);
  for (const review of rule.review) lines.push(`${indent}//   REVIEW (condition not mapped to a request attribute): ${commentText(review)}`);
  return lines;
}

/** A complete request as a Rust expression of the emitted types. */
export function rustRequestLiteral(request: CompleteRequest): string {
  const a = request.attributes;
  const fields = [
    ...Object.keys(ENUM_ATTRIBUTES)
      .filter((e) => e !== 'jurisdiction')
      .map((e) => `${rustField(e)}: ${rustEnumType(e as EnumAttribute)}::${rustVariant(a[e as EnumAttribute] as string)}`),
    `jurisdiction: ${a.jurisdiction === undefined ? 'None' : `Some(Jurisdiction::${rustVariant(a.jurisdiction)})`}`,
    ...BOOLEAN_ATTRIBUTES.map((b) => `${rustField(b)}: ${a[b]}`),
    `elapsed: ${f64(a.elapsed)}`,
  ];
  return `Request { action: Action::${rustVariant(request.action)}, timing: Timing::${rustVariant(request.timing)}, targets: vec![${request.targets
    .map((t) => `Target::${rustVariant(t)}`)
    .join(', ')}], attributes: Attributes { ${fields.join(', ')} } }`;
}

function tests(policy: Policy): string[] {
  const lines = ['', '// ---- Test vectors: expected decisions of the reference semantics; run with `rustc --test`.', '#[cfg(test)]', 'mod tests {', '    use super::*;'];
  testVectors(policy).forEach((vector, n) => {
    const e = vector.expected;
    lines.push(
      '',
      `    // ${commentText(vector.name)}`,
      '    #[test]',
      `    fn vector_${n}() {`,
      `        let d = decide(&${rustRequestLiteral(vector.request)});`,
      `        assert_eq!(d.decision, Verdict::${e.decision === 'DENY' ? 'Deny' : 'Allow'});`,
      `        assert_eq!(d.article, ${e.article === null ? 'None' : `Some(${braceEscapedString(e.article)})`});`,
      `        let expected: Vec<&str> = vec![${e.applied_policies.map(braceEscapedString).join(', ')}];`,
      '        assert_eq!(d.applied_policies, expected);',
      '    }',
    );
  });
  lines.push('}');
  return lines;
}

export function emitRust(policy: Policy, options: CompileOptions): string {
  const rules = rulesInDecisionOrder(policy);
  const level = policy.enforcementLevel;
  const variant = (name: string, value: string): string => `${name}::${rustVariant(value)}`;
  const out: string[] = [
    '// Bytebound policy compiled to a dependency-free Rust module (std only): call',
    '// `decide(&Request) -> Decision` with a complete request (docs/formats/rust.md).',
    `// Enforcement level: ${level}. Rules are listed in decision order (priority descending, ties in policy order).`,
    '',
    ...enumDefinition('Action', ACTIONS),
    ...enumDefinition('Timing', TIMINGS),
    ...enumDefinition('Target', TARGETS),
    ...Object.entries(ENUM_ATTRIBUTES).flatMap(([attribute, values]) => enumDefinition(rustEnumType(attribute as EnumAttribute), values)),
    '/// A complete request\'s attributes: defaults filled, every value inside the vocabulary.',
    '#[derive(Clone, Debug, PartialEq)]',
    'pub struct Attributes {',
    ...Object.keys(ENUM_ATTRIBUTES)
      .filter((a) => a !== 'jurisdiction')
      .map((a) => `    pub ${rustField(a)}: ${rustEnumType(a as EnumAttribute)},`),
    '    /// None: every loaded regulation applies.',
    '    pub jurisdiction: Option<Jurisdiction>,',
    ...BOOLEAN_ATTRIBUTES.map((a) => `    pub ${rustField(a)}: bool,`),
    '    /// Seconds since the triggering event, for deadlines.',
    '    pub elapsed: f64,',
    '}',
    '',
    '#[derive(Clone, Debug, PartialEq)]',
    'pub struct Request {',
    '    pub action: Action,',
    '    pub timing: Timing,',
    '    pub targets: Vec<Target>,',
    '    pub attributes: Attributes,',
    '}',
    '',
    '#[derive(Clone, Copy, Debug, PartialEq, Eq)]',
    'pub enum Verdict {',
    '    Allow,',
    '    Deny,',
    '}',
    '',
    '#[derive(Clone, Debug, PartialEq)]',
    'pub struct Reason {',
    "    pub rule_id: Option<&'static str>,",
    "    pub article: Option<&'static str>,",
    '    pub text: String,',
    '    pub priority: f64,',
    '}',
    '',
    '#[derive(Clone, Debug, PartialEq)]',
    'pub struct Decision {',
    '    pub decision: Verdict,',
    '    /// 0 for ALLOW, 2 for DENY.',
    '    pub exit_code: i32,',
    '    pub reasons: Vec<Reason>,',
    "    pub applied_policies: Vec<&'static str>,",
    "    pub article: Option<&'static str>,",
    '}',
    '',
    '#[derive(Clone, Copy, Debug, PartialEq, Eq)]',
    'pub enum Effect {',
    '    Permit,',
    '    Forbid,',
    '}',
    '',
    'pub struct Rule {',
    "    pub id: &'static str,",
    '    pub effect: Effect,',
    "    pub regulation: &'static str,",
    "    pub opcodes: &'static [u8],",
    '    pub priority: f64,',
    "    pub article: &'static str,",
    "    pub reason: &'static str,",
    '}',
    '',
    '/// The loaded regulations: id, the request jurisdictions under which it applies, the targets it covers.',
    `pub static REGULATIONS: [(&str, &[Jurisdiction], &[Target]); ${policy.regulations.length}] = [`,
    ...policy.regulations.map(
      (r) =>
        `    (${braceEscapedString(r.id)}, &[${applicableJurisdictions(r.jurisdiction).map((j) => variant('Jurisdiction', j)).join(', ')}], &[${r.covers.map((t) => variant('Target', t)).join(', ')}]),`,
    ),
    '];',
    '',
    '/// The rules in decision order.',
    `pub static RULES: [Rule; ${rules.length}] = [`,
  ];
  rules.forEach((rule, index) => {
    out.push(...ruleComment(rule, index, '    '));
    out.push(
      '    Rule {',
      `        id: ${braceEscapedString(rule.id)},`,
      `        effect: Effect::${rule.effect === 'permit' ? 'Permit' : 'Forbid'},`,
      `        regulation: ${braceEscapedString(rule.regulation)},`,
      `        opcodes: &[${rule.opcodes.filter((c) => Number.isInteger(c) && c >= 0 && c < OPCODE_COUNT).join(', ')}],`,
      `        priority: ${f64(rule.priority)},`,
      `        article: ${braceEscapedString(rule.article)},`,
      `        reason: ${braceEscapedString(rule.reason)},`,
      '    },',
    );
  });
  out.push('];', '', '/// Whether rule `index` holds: all of its conditions hold and none of its exceptions.', 'fn holds(index: usize, a: &Attributes) -> bool {', '    match index {');
  rules.forEach((rule, index) => {
    out.push(`        // [${index}] ${commentText(rule.id)}: ${rule.effect}, ${commentText(rule.article)} (quote in RULES)`);
    out.push(`        ${index} => ${holdsExpression(rule)},`);
  });
  out.push(
    '        _ => false,',
    '    }',
    '}',
    '',
    `const REQUIREMENT_VERDICT: Verdict = Verdict::${level === 'permissive' ? 'Allow' : 'Deny'};`,
    `const UNDEFINED_VERDICT: Verdict = Verdict::${level === 'strict' ? 'Deny' : 'Allow'};`,
    `const NO_REGULATION: &str = ${braceEscapedString(NO_REGULATION_REASON)};`,
    `const UNDEFINED_SCENARIO: &str = ${braceEscapedString(undefinedScenarioText(level))};`,
    '',
    "/// The wording of a rule's reason: a forbid, a permit that holds, a requirement not met.",
    'fn reason_text(index: usize, a: &Attributes) -> String {',
    '    let rule = &RULES[index];',
    '    if rule.effect == Effect::Forbid {',
    '        format!("{}: {}", rule.article, rule.reason)',
    '    } else if holds(index, a) {',
    '        format!("{}: allowed, {}", rule.article, rule.reason)',
    '    } else {',
    `        format!("${level === 'permissive' ? 'warning: ' : ''}{}: requirement not met, {}", rule.article, rule.reason)`,
    '    }',
    '}',
    '',
    'fn applies(jurisdictions: &[Jurisdiction], request: Option<Jurisdiction>) -> bool {',
    '    match request {',
    '        None => true,',
    '        Some(j) => jurisdictions.contains(&j),',
    '    }',
    '}',
    '',
    'fn covered(t: Target, j: Option<Jurisdiction>) -> bool {',
    '    REGULATIONS.iter().any(|r| r.2.contains(&t) && applies(r.1, j))',
    '}',
    '',
    'fn active(regulation: &str, t: Target, j: Option<Jurisdiction>) -> bool {',
    '    REGULATIONS.iter().any(|r| r.0 == regulation && r.2.contains(&t) && applies(r.1, j))',
    '}',
    '',
    '/// opcode = action x 24 + timing x 4 + target (0..167).',
    'pub fn opcode(action: Action, timing: Timing, target: Target) -> u8 {',
    '    (action as u8) * 24 + (timing as u8) * 4 + (target as u8)',
    '}',
    '',
    "fn decide_target(request: &Request, t: Target) -> (Verdict, Vec<usize>, Option<&'static str>) {",
    '    let a = &request.attributes;',
    '    if !covered(t, a.jurisdiction) {',
    '        return (Verdict::Allow, Vec::new(), Some(NO_REGULATION));',
    '    }',
    '    let op = opcode(request.action, request.timing, t);',
    '    // A request serving a data subject\'s request also matches the on-request rules.',
    '    let on_request = if a.subject_request != SubjectRequest::None { Some(opcode(request.action, Timing::OnRequest, t)) } else { None };',
    '    let candidates: Vec<usize> = (0..RULES.len())',
    '        .filter(|&i| {',
    '            let rule = &RULES[i];',
    '            active(rule.regulation, t, a.jurisdiction) && (rule.opcodes.contains(&op) || on_request.map_or(false, |o| rule.opcodes.contains(&o)))',
    '        })',
    '        .collect();',
    '    let forbids: Vec<usize> = candidates.iter().copied().filter(|&i| RULES[i].effect == Effect::Forbid && holds(i, a)).collect();',
    '    if !forbids.is_empty() {',
    '        return (Verdict::Deny, forbids, None);',
    '    }',
    '    let permits: Vec<usize> = candidates.iter().copied().filter(|&i| RULES[i].effect == Effect::Permit && holds(i, a)).collect();',
    '    if !permits.is_empty() {',
    '        return (Verdict::Allow, permits, None);',
    '    }',
    '    // A requirement that is not met.',
    '    let requirements: Vec<usize> = candidates.iter().copied().filter(|&i| RULES[i].effect == Effect::Permit).collect();',
    '    if !requirements.is_empty() {',
    '        return (REQUIREMENT_VERDICT, requirements, None);',
    '    }',
    '    (UNDEFINED_VERDICT, Vec::new(), Some(UNDEFINED_SCENARIO))',
    '}',
    '',
    '/// Decides a complete request (docs/policy-semantics.md).',
    'pub fn decide(request: &Request) -> Decision {',
    '    if request.targets.is_empty() {',
    '        let text = String::from("malformed request: no target");',
    '        return Decision { decision: Verdict::Deny, exit_code: 2, reasons: vec![Reason { rule_id: None, article: None, text, priority: 0.0 }], applied_policies: Vec::new(), article: None };',
    '    }',
    '    let mut marks = [vec![false; RULES.len()], vec![false; RULES.len()]];',
    "    let mut notes: [Vec<&'static str>; 2] = [Vec::new(), Vec::new()];",
    '    let mut denied = false;',
    '    for &t in &request.targets {',
    '        let (verdict, rules, note) = decide_target(request, t);',
    '        let side = if verdict == Verdict::Deny { 1 } else { 0 };',
    '        denied |= side == 1;',
    '        for i in rules {',
    '            marks[side][i] = true;',
    '        }',
    '        if let Some(note) = note {',
    '            if !notes[side].contains(&note) {',
    '                notes[side].push(note);',
    '            }',
    '        }',
    '    }',
    '    let side = if denied { 1 } else { 0 };',
    '    let mut reasons: Vec<Reason> = (0..RULES.len())',
    '        .filter(|&i| marks[side][i])',
    '        .map(|i| Reason { rule_id: Some(RULES[i].id), article: Some(RULES[i].article), text: reason_text(i, &request.attributes), priority: RULES[i].priority })',
    '        .collect();',
    '    reasons.extend(notes[side].iter().map(|&text| Reason { rule_id: None, article: None, text: String::from(text), priority: 0.0 }));',
    "    let applied_policies: Vec<&'static str> = reasons.iter().filter_map(|r| r.rule_id).collect();",
    '    let article = reasons.first().and_then(|r| r.article);',
    '    Decision { decision: if denied { Verdict::Deny } else { Verdict::Allow }, exit_code: if denied { 2 } else { 0 }, reasons, applied_policies, article }',
    '}',
  );
  if (options.targetEnvironment === 'development') {
    out.push(
      '',
      '/// Development trace: each target\'s verdict and the indices of the rules that decided it.',
      'pub fn trace(request: &Request) -> Vec<(Target, Verdict, Vec<usize>)> {',
      '    request.targets.iter().map(|&t| { let (v, r, _) = decide_target(request, t); (t, v, r) }).collect()',
      '}',
    );
  }
  if (options.includeTests) out.push(...tests(policy));
  out.push('');
  return out.join('\n');
}
