// The WebAssembly emitter: a .wat module whose exported `decide` takes a complete request as
// integer codes and implements docs/policy-semantics.md; it writes the ordered indices of the
// deciding rules into linear memory, and each rule's id, article and reason live in a data section.
// The ABI is documented in docs/formats/wasm.md; wasmDecide below is the host side of it.
import {
  ACTIONS,
  BOOLEAN_ATTRIBUTES,
  ENUM_ATTRIBUTES,
  OPCODE_COUNT,
  TARGETS,
  TIMINGS,
  type CompileOptions,
  type CompleteRequest,
  type Condition,
  type EnumAttribute,
  type Policy,
  type Rule,
} from '../policy-model.ts';
import {
  NO_REGULATION_REASON,
  applicableJurisdictions,
  commentText,
  numberLiteral,
  reasonText,
  rulesInDecisionOrder,
  undefinedScenarioText,
  watString,
  type ReasonKind,
} from './escape.ts';
import { testVectors } from './test-vectors.ts';

/** The enumerated parameters of `decide`, in order, after action, timing and the target mask. */
export const WASM_ENUM_PARAMS = ['principalRole', 'legalBasis', 'destination', 'subjectRequest', 'jurisdiction'] as const satisfies readonly EnumAttribute[];
/** Bytes per rule in the rule table: id, article, reason (pointer and length each), priority, effect. */
export const WASM_RULE_ENTRY = 32;
/** Notes word of the result: rule-less reasons. */
export const WASM_NOTE_NO_REGULATION = 1;
export const WASM_NOTE_UNDEFINED = 2;
export const WASM_NOTE_MALFORMED = 4;
/** How each deciding rule decided (the byte at result_kinds + k): a forbid, a permit that holds, a requirement. */
export const WASM_KIND_FORBID = 1;
export const WASM_KIND_PERMIT = 2;
export const WASM_KIND_REQUIREMENT = 3;

const OPSET_BYTES = Math.ceil(OPCODE_COUNT / 8);
const align4 = (n: number): number => (n + 3) & ~3;

/** The arguments of `decide` for a complete request (numbers; elapsed last, as f64). */
export function wasmArguments(request: CompleteRequest): number[] {
  const a = request.attributes;
  return [
    ACTIONS.indexOf(request.action),
    TIMINGS.indexOf(request.timing),
    request.targets.reduce((mask, t) => mask | (1 << TARGETS.indexOf(t)), 0),
    ...WASM_ENUM_PARAMS.map((e) => (a[e] === undefined ? -1 : (ENUM_ATTRIBUTES[e] as readonly string[]).indexOf(a[e]))),
    ...BOOLEAN_ATTRIBUTES.map((b) => (a[b] ? 1 : 0)),
    a.elapsed,
  ];
}

/** The instance's exports (structurally, so this module needs no DOM or WebAssembly typings). */
export type WasmExports = {
  memory: { buffer: ArrayBuffer };
  decide: (...args: number[]) => number;
  result: { value: unknown };
  result_kinds: { value: unknown };
  rules: { value: unknown };
  rule_count: { value: unknown };
};

export type WasmRule = { id: string; article: string; reason: string; priority: number; effect: 'permit' | 'forbid' };

/** Reads the rule table from the module's data section. */
export function wasmRules(exports: WasmExports): WasmRule[] {
  const view = new DataView(exports.memory.buffer);
  const text = (ptr: number, len: number): string => new TextDecoder().decode(new Uint8Array(exports.memory.buffer, ptr, len));
  const base = exports.rules.value as number;
  return Array.from({ length: exports.rule_count.value as number }, (_, i) => {
    const at = (k: number): number => view.getInt32(base + i * WASM_RULE_ENTRY + k * 4, true);
    return { id: text(at(0), at(1)), article: text(at(2), at(3)), reason: text(at(4), at(5)), priority: at(6), effect: at(7) === 1 ? 'forbid' : 'permit' };
  });
}

/** The host side: call `decide`, then read the deciding rules and notes from linear memory. */
export function wasmDecide(
  exports: WasmExports,
  rules: WasmRule[],
  request: CompleteRequest,
): { decision: 'ALLOW' | 'DENY'; article: string | null; applied_policies: string[]; reasons: { ruleId: string | null; article: string | null; text: string }[] } {
  const verdict = exports.decide(...wasmArguments(request));
  const view = new DataView(exports.memory.buffer);
  const at = exports.result.value as number;
  const count = view.getInt32(at, true);
  const notes = view.getInt32(at + 4, true);
  const kinds = exports.result_kinds.value as number;
  const denied = verdict === 2;
  const deciding = Array.from({ length: count }, (_, k) => rules[view.getInt32(at + 8 + k * 4, true)]!);
  const kindOf = (k: number): ReasonKind => {
    const kind = view.getUint8(kinds + k);
    return kind === WASM_KIND_FORBID ? 'forbid' : kind === WASM_KIND_PERMIT ? 'permit' : denied ? 'unmet' : 'warning';
  };
  const reasons: { ruleId: string | null; article: string | null; text: string }[] = deciding.map((r, k) => ({ ruleId: r.id, article: r.article, text: reasonText(r, kindOf(k)) }));
  if (notes & WASM_NOTE_NO_REGULATION) reasons.push({ ruleId: null, article: null, text: NO_REGULATION_REASON });
  if (notes & WASM_NOTE_UNDEFINED) reasons.push({ ruleId: null, article: null, text: undefinedScenarioText(denied ? 'strict' : 'moderate') });
  if (notes & WASM_NOTE_MALFORMED) reasons.push({ ruleId: null, article: null, text: 'malformed request: a code outside the vocabulary' });
  return { decision: denied ? 'DENY' : 'ALLOW', article: reasons[0]?.article ?? null, applied_policies: deciding.map((r) => r.id), reasons };
}

const or = (terms: string[]): string => (terms.length === 0 ? '(i32.const 0)' : terms.reduce((acc, t) => `(i32.or ${acc} ${t})`));
const and = (terms: string[]): string => (terms.length === 0 ? '(i32.const 1)' : terms.reduce((acc, t) => `(i32.and ${acc} ${t})`));

function f64Const(value: number): string {
  return `(f64.const ${numberLiteral(value)})`;
}

function condition(c: Condition): string {
  if ('equals' in c) {
    const flag = `(global.get $${c.attribute})`;
    return c.equals ? flag : `(i32.eqz ${flag})`;
  }
  if ('greaterThan' in c) return `(f64.gt (global.get $${c.attribute}) ${f64Const(c.greaterThan)})`;
  const values = ENUM_ATTRIBUTES[c.attribute] as readonly string[];
  return or(values.flatMap((v, code) => (c.in.includes(v) ? [`(i32.eq (global.get $${c.attribute}) (i32.const ${code}))`] : [])));
}

function holds(rule: Rule): string {
  const when = and(rule.when.map(condition));
  return rule.unless.length === 0 ? when : `(i32.and ${when} (i32.eqz ${or(rule.unless.map(condition))}))`;
}

function ruleComment(rule: Rule, index: number, indent: string): string[] {
  const lines = [`${indent};; [${index}] ${commentText(rule.id)}: ${rule.effect}, ${commentText(rule.article)}, priority ${rule.priority} (${rule.origin})`];
  if (rule.quote) lines.push(`${indent};;   "${commentText(rule.quote)}"`);
  for (const review of rule.review) lines.push(`${indent};;   REVIEW (condition not mapped to a request attribute): ${commentText(review)}`);
  return lines;
}

const i32le = (values: number[]): Uint8Array => {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setInt32(i * 4, v, true));
  return bytes;
};

export function emitWasm(policy: Policy, options: CompileOptions): string {
  const rules = rulesInDecisionOrder(policy);
  const n = rules.length;
  const level = policy.enforcementLevel;
  const encoder = new TextEncoder();

  // Memory layout: rule table, opcode bitsets, strings, then scratch marks and the result.
  const TABLE = 0;
  const OPSETS = TABLE + n * WASM_RULE_ENTRY;
  let cursor = OPSETS + n * OPSET_BYTES;
  const strings = rules.map((rule) =>
    [rule.id, rule.article, rule.reason].map((text) => {
      const bytes = encoder.encode(text);
      const at = cursor;
      cursor += bytes.length;
      return { at, bytes };
    }),
  );
  const CAND = align4(cursor);
  const TMARK = CAND + n;
  const ALLOW_MARK = TMARK + n;
  const DENY_MARK = ALLOW_MARK + n;
  const RESULT = align4(DENY_MARK + n);
  const RESULT_KINDS = RESULT + 8 + 4 * n;
  const END = RESULT_KINDS + n;
  const pages = Math.max(1, Math.ceil(END / 65536));

  const regulationIds = [...new Set(policy.regulations.map((r) => r.id))];
  const regulationCovers = (id: string | null): string[] =>
    policy.regulations
      .filter((r) => id === null || r.id === id)
      .map((r) => {
        const codes = applicableJurisdictions(r.jurisdiction).map((j) => ENUM_ATTRIBUTES.jurisdiction.indexOf(j));
        const applies = or([`(i32.eq (global.get $jurisdiction) (i32.const -1))`, ...codes.map((c) => `(i32.eq (global.get $jurisdiction) (i32.const ${c}))`)]);
        const covers = or(r.covers.map((t) => `(i32.eq (local.get $t) (i32.const ${TARGETS.indexOf(t)}))`));
        return `(i32.and ${applies} ${covers})`;
      });

  const params = ['action', 'timing', 'targets', ...WASM_ENUM_PARAMS, ...BOOLEAN_ATTRIBUTES];
  const out: string[] = [
    ';; Bytebound policy compiled to WebAssembly text. Call decide(action, timing, target mask,',
    ';; principalRole, legalBasis, destination, subjectRequest, jurisdiction (-1 absent), the nine',
    ';; booleans (0/1), elapsed seconds as f64) -> 0 ALLOW / 2 DENY; the result is at the exported',
    ';; address `result`: count, notes, then the indices of the deciding rules (docs/formats/wasm.md).',
    `;; Enforcement level: ${level}. Rules are listed in decision order (priority descending, ties in policy order).`,
    '(module',
    `  (memory (export "memory") ${pages})`,
    `  (global (export "rules") i32 (i32.const ${TABLE}))`,
    `  (global (export "rule_count") i32 (i32.const ${n}))`,
    `  (global (export "result") i32 (i32.const ${RESULT}))`,
    `  (global (export "result_kinds") i32 (i32.const ${RESULT_KINDS}))`,
    ...params.map((p) => `  (global $${p} (mut i32) (i32.const 0))`),
    '  (global $elapsed (mut f64) (f64.const 0))',
    '  (global $note (mut i32) (i32.const 0))',
    '',
    '  ;; The rule table: per rule id, article and reason (pointer, length), priority, effect (1 forbid).',
    `  (data (i32.const ${TABLE}) ${watString(
      i32le(
        rules.flatMap((rule, i) => {
          const [id, article, reason] = strings[i]!;
          return [id!.at, id!.bytes.length, article!.at, article!.bytes.length, reason!.at, reason!.bytes.length, Math.round(rule.priority), rule.effect === 'forbid' ? 1 : 0];
        }),
      ),
    )})`,
    '',
  ];
  rules.forEach((rule, i) => {
    out.push(...ruleComment(rule, i, '  '));
    const bits = new Uint8Array(OPSET_BYTES);
    for (const code of rule.opcodes) if (code >= 0 && code < OPCODE_COUNT) bits[code >> 3]! |= 1 << (code & 7);
    out.push(`  (data (i32.const ${OPSETS + i * OPSET_BYTES}) ${watString(bits)})`);
    for (const s of strings[i]!) if (s.bytes.length > 0) out.push(`  (data (i32.const ${s.at}) ${watString(s.bytes)})`);
  });
  out.push(
    '',
    ';; Whether a regulation that applies to the request covers target $t.',
    ...regulationIds.map((id, k) => `  (func $active_${k} (param $t i32) (result i32) ;; ${commentText(id)}\n    ${or(regulationCovers(id))})`),
    `  (func $covered (param $t i32) (result i32)\n    ${or(regulationCovers(null))})`,
    '',
    '  ;; Whether opcode $op (or $on_request, when >= 0) is in the bitset at $set.',
    '  (func $matches (param $set i32) (param $op i32) (param $on_request i32) (result i32)',
    '    (i32.or',
    '      (i32.and (i32.shr_u (i32.load8_u (i32.add (local.get $set) (i32.shr_u (local.get $op) (i32.const 3)))) (i32.and (local.get $op) (i32.const 7))) (i32.const 1))',
    '      (if (result i32) (i32.ge_s (local.get $on_request) (i32.const 0))',
    '        (then (i32.and (i32.shr_u (i32.load8_u (i32.add (local.get $set) (i32.shr_u (local.get $on_request) (i32.const 3)))) (i32.and (local.get $on_request) (i32.const 7))) (i32.const 1)))',
    '        (else (i32.const 0)))))',
    '',
    '  ;; Sets every byte of [$at, $at + $len) to $value (or ORs it from $from when $from >= 0).',
    '  (func $fill (param $at i32) (param $len i32) (param $from i32)',
    '    (local $i i32)',
    '    (block $done',
    '      (loop $next',
    '        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))',
    '        (i32.store8 (i32.add (local.get $at) (local.get $i))',
    '          (if (result i32) (i32.ge_s (local.get $from) (i32.const 0))',
    '            (then (i32.or (i32.load8_u (i32.add (local.get $at) (local.get $i))) (i32.load8_u (i32.add (local.get $from) (local.get $i)))))',
    '            (else (i32.const 0))))',
    '        (local.set $i (i32.add (local.get $i) (i32.const 1)))',
    '        (br $next)))',
    '  )',
    '',
    '  ;; Decides target $t (docs/policy-semantics.md steps 0-6): 1 DENY, 0 ALLOW; marks the deciding rules.',
    '  (func $target (param $t i32) (result i32)',
    '    (local $op i32) (local $on_request i32) (local $any i32)',
    `    (call $fill (i32.const ${TMARK}) (i32.const ${n}) (i32.const -1))`,
    '    (global.set $note (i32.const 0))',
    '    (if (i32.eqz (call $covered (local.get $t)))',
    `      (then (global.set $note (i32.const ${WASM_NOTE_NO_REGULATION})) (return (i32.const 0))))`,
    '    (local.set $op (i32.add (i32.add (i32.mul (global.get $action) (i32.const 24)) (i32.mul (global.get $timing) (i32.const 4))) (local.get $t)))',
    "    ;; A request serving a data subject's request also matches the on-request rules.",
    '    (local.set $on_request',
    '      (if (result i32) (i32.ne (global.get $subjectRequest) (i32.const 0))',
    `        (then (i32.add (i32.add (i32.mul (global.get $action) (i32.const 24)) (i32.const ${TIMINGS.indexOf('on-request') * 4})) (local.get $t)))`,
    '        (else (i32.const -1))))',
    '    ;; Candidates: rules of a covering regulation whose opcodes match.',
  );
  rules.forEach((rule, i) => {
    const k = regulationIds.indexOf(rule.regulation);
    const active = k < 0 ? '(i32.const 0)' : `(call $active_${k} (local.get $t))`;
    out.push(
      `    (i32.store8 (i32.const ${CAND + i}) (i32.and ${active} (call $matches (i32.const ${OPSETS + i * OPSET_BYTES}) (local.get $op) (local.get $on_request)))) ;; ${commentText(rule.id)}`,
    );
  });
  const pass = (title: string, effect: Rule['effect'], needHolds: boolean, kind: number, verdict: number, comment: string): void => {
    out.push(`    ;; ${title}`);
    rules.forEach((rule, i) => {
      if (rule.effect !== effect) return;
      out.push(`    ;; [${i}] ${commentText(rule.id)}: ${rule.effect}, ${commentText(rule.article)} (quote at its data segment)`);
      const test = needHolds ? `(i32.and (i32.load8_u (i32.const ${CAND + i})) ${holds(rule)})` : `(i32.load8_u (i32.const ${CAND + i}))`;
      out.push(`    (if ${test}\n      (then (i32.store8 (i32.const ${TMARK + i}) (i32.const ${kind})) (local.set $any (i32.const 1))))`);
    });
    out.push(`    (if (local.get $any) (then (return (i32.const ${verdict})))) ;; ${comment}`);
  };
  pass('Step 3: a forbid that holds denies.', 'forbid', true, WASM_KIND_FORBID, 1, 'DENY');
  pass('Step 4: else a permit that holds allows.', 'permit', true, WASM_KIND_PERMIT, 0, 'ALLOW');
  pass('Step 5: else a permit that exists is a requirement not met.', 'permit', false, WASM_KIND_REQUIREMENT, level === 'permissive' ? 0 : 1, `${level}`);
  out.push(
    '    ;; Step 6: else an undefined scenario.',
    `    (global.set $note (i32.const ${WASM_NOTE_UNDEFINED}))`,
    `    (i32.const ${level === 'strict' ? 1 : 0}))`,
    '',
    '  (func (export "decide")',
    `    ${params.map((p) => `(param $${p}_in i32)`).join(' ')} (param $elapsed_in f64) (result i32)`,
    '    (local $t i32) (local $denied i32) (local $allow_notes i32) (local $deny_notes i32) (local $side i32) (local $i i32) (local $count i32)',
    ...params.map((p) => `    (global.set $${p} (local.get $${p}_in))`),
    '    (global.set $elapsed (local.get $elapsed_in))',
    '    ;; Fail secure: a code outside the vocabulary is a malformed request.',
    '    (if',
    `      ${or([
      `(i32.ge_u (global.get $action) (i32.const ${ACTIONS.length}))`,
      `(i32.ge_u (global.get $timing) (i32.const ${TIMINGS.length}))`,
      '(i32.eqz (global.get $targets))',
      `(i32.ge_u (global.get $targets) (i32.const ${1 << TARGETS.length}))`,
      ...WASM_ENUM_PARAMS.filter((e) => e !== 'jurisdiction').map((e) => `(i32.ge_u (global.get $${e}) (i32.const ${ENUM_ATTRIBUTES[e].length}))`),
      `(i32.gt_s (global.get $jurisdiction) (i32.const ${ENUM_ATTRIBUTES.jurisdiction.length - 1}))`,
      '(i32.lt_s (global.get $jurisdiction) (i32.const -1))',
      ...BOOLEAN_ATTRIBUTES.map((b) => `(i32.gt_u (global.get $${b}) (i32.const 1))`),
      '(i32.eqz (f64.ge (global.get $elapsed) (f64.const 0)))',
    ])}`,
    '      (then',
    `        (i32.store (i32.const ${RESULT}) (i32.const 0))`,
    `        (i32.store (i32.const ${RESULT + 4}) (i32.const ${WASM_NOTE_MALFORMED}))`,
    '        (return (i32.const 2))))',
    `    (call $fill (i32.const ${ALLOW_MARK}) (i32.const ${2 * n}) (i32.const -1))`,
    '    (block $targets_done',
    '      (loop $next_target',
    `        (br_if $targets_done (i32.ge_u (local.get $t) (i32.const ${TARGETS.length})))`,
    '        (if (i32.and (global.get $targets) (i32.shl (i32.const 1) (local.get $t)))',
    '          (then',
    '            (if (call $target (local.get $t))',
    '              (then',
    '                (local.set $denied (i32.const 1))',
    '                (local.set $deny_notes (i32.or (local.get $deny_notes) (global.get $note)))',
    `                (call $fill (i32.const ${DENY_MARK}) (i32.const ${n}) (i32.const ${TMARK})))`,
    '              (else',
    '                (local.set $allow_notes (i32.or (local.get $allow_notes) (global.get $note)))',
    `                (call $fill (i32.const ${ALLOW_MARK}) (i32.const ${n}) (i32.const ${TMARK}))))))`,
    '        (local.set $t (i32.add (local.get $t) (i32.const 1)))',
    '        (br $next_target)))',
    '    ;; The reasons of the targets that gave the final verdict, in decision order.',
    `    (local.set $side (if (result i32) (local.get $denied) (then (i32.const ${DENY_MARK})) (else (i32.const ${ALLOW_MARK}))))`,
    '    (block $rules_done',
    '      (loop $next_rule',
    `        (br_if $rules_done (i32.ge_u (local.get $i) (i32.const ${n})))`,
    '        (if (i32.load8_u (i32.add (local.get $side) (local.get $i)))',
    '          (then',
    `            (i32.store (i32.add (i32.const ${RESULT + 8}) (i32.shl (local.get $count) (i32.const 2))) (local.get $i))`,
    `            (i32.store8 (i32.add (i32.const ${RESULT_KINDS}) (local.get $count)) (i32.load8_u (i32.add (local.get $side) (local.get $i))))`,
    '            (local.set $count (i32.add (local.get $count) (i32.const 1)))))',
    '        (local.set $i (i32.add (local.get $i) (i32.const 1)))',
    '        (br $next_rule)))',
    `    (i32.store (i32.const ${RESULT}) (local.get $count))`,
    `    (i32.store (i32.const ${RESULT + 4}) (if (result i32) (local.get $denied) (then (local.get $deny_notes)) (else (local.get $allow_notes))))`,
    '    (if (result i32) (local.get $denied) (then (i32.const 2)) (else (i32.const 0))))',
  );
  if (options.targetEnvironment === 'development') {
    out.push(
      '',
      '  ;; Development trace: the verdict of one target (1 DENY) after decide has set the request.',
      '  (func (export "trace_target") (param $t i32) (result i32) (call $target (local.get $t)))',
    );
  }
  out.push(')');
  if (options.includeTests) {
    out.push(
      '',
      ';; ---- Test vectors: decide(arguments) -> verdict and the indices of the deciding rules, from the',
      ';; reference semantics. One JSON object a line after ";; vector ".',
    );
    const index = new Map(rules.map((r, i) => [r.id, i]));
    for (const vector of testVectors(policy)) {
      const expected = { verdict: vector.expected.decision === 'DENY' ? 2 : 0, rules: vector.expected.applied_policies.map((id) => index.get(id)) };
      out.push(`;; vector ${JSON.stringify({ name: commentText(vector.name), arguments: wasmArguments(vector.request), ...expected })}`);
    }
  }
  out.push('');
  return out.join('\n');
}
