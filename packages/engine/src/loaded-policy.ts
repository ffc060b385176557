// A policy prepared for deciding fast: rules renumbered in decision order (priority descending,
// ties in policy order), their conditions compiled to bit masks over an encoded request, and for
// every jurisdiction x opcode x on-request flag the candidate rules precomputed. Deciding then
// touches only typed arrays (see decide.ts).
import { applies as regulationApplies } from '@bytebound/compiler/evaluate';
import {
  BOOLEAN_ATTRIBUTES,
  type CompleteRequest,
  type Condition,
  decodeOpcode,
  ENUM_ATTRIBUTES,
  type EnumAttribute,
  JURISDICTIONS,
  type Jurisdiction,
  OPCODE_COUNT,
  opcode,
  type Policy,
  type Rule,
  TARGETS,
  TIMINGS,
  type Target,
} from '@bytebound/compiler/policy-model';


// Encoded request: word 0 holds the booleans then the one-hot principalRole, legalBasis and
// destination; word 1 holds the one-hot subjectRequest and jurisdiction (no bit: absent).
type BitPosition = { word: 0 | 1; bit: number };
const booleanBits = new Map<string, BitPosition>();
const enumBits = new Map<EnumAttribute, BitPosition>();
{
  let bit = 0;
  for (const name of BOOLEAN_ATTRIBUTES) booleanBits.set(name, { word: 0, bit: bit++ });
  for (const name of ['principalRole', 'legalBasis', 'destination'] as const) {
    enumBits.set(name, { word: 0, bit });
    bit += ENUM_ATTRIBUTES[name].length;
  }
  let bit1 = 0;
  for (const name of ['subjectRequest', 'jurisdiction'] as const) {
    enumBits.set(name, { word: 1, bit: bit1 });
    bit1 += ENUM_ATTRIBUTES[name].length;
  }
  if (bit > 31 || bit1 > 31) throw new Error('the attribute vocabulary no longer fits two 32-bit words');
}

/** Jurisdiction index used in the tables: 0..9 as in JURISDICTIONS, 10 = absent. */
export const NO_JURISDICTION = JURISDICTIONS.length;

export type EncodedRequest = {
  words: Int32Array; // [word0, word1]
  elapsed: number;
  action: number;
  timing: number;
  /** Target indices (TARGETS order), in the order the request lists them. */
  targets: Int8Array;
  targetCount: number;
  jurisdiction: number;
  onRequest: boolean;
};

export function newEncodedRequest(): EncodedRequest {
  return { words: new Int32Array(2), elapsed: 0, action: 0, timing: 0, targets: new Int8Array(TARGETS.length), targetCount: 0, jurisdiction: NO_JURISDICTION, onRequest: false };
}

/** Encodes a complete request into a reusable buffer: no allocation. */
export function encodeRequest(request: CompleteRequest, into: EncodedRequest = newEncodedRequest()): EncodedRequest {
  const a = request.attributes;
  let w0 = 0;
  let w1 = 0;
  for (let i = 0; i < BOOLEAN_ATTRIBUTES.length; i++) if (a[BOOLEAN_ATTRIBUTES[i]!]) w0 |= 1 << i;
  w0 |= 1 << (enumBits.get('principalRole')!.bit + ENUM_ATTRIBUTES.principalRole.indexOf(a.principalRole));
  w0 |= 1 << (enumBits.get('legalBasis')!.bit + ENUM_ATTRIBUTES.legalBasis.indexOf(a.legalBasis));
  w0 |= 1 << (enumBits.get('destination')!.bit + ENUM_ATTRIBUTES.destination.indexOf(a.destination));
  w1 |= 1 << (enumBits.get('subjectRequest')!.bit + ENUM_ATTRIBUTES.subjectRequest.indexOf(a.subjectRequest));
  const jurisdiction = a.jurisdiction === undefined ? NO_JURISDICTION : JURISDICTIONS.indexOf(a.jurisdiction);
  if (jurisdiction !== NO_JURISDICTION) w1 |= 1 << (enumBits.get('jurisdiction')!.bit + jurisdiction);
  into.words[0] = w0;
  into.words[1] = w1;
  into.elapsed = a.elapsed;
  into.action = ACTION_INDEX.get(request.action)!;
  into.timing = TIMINGS.indexOf(request.timing);
  let count = 0;
  for (const t of request.targets) {
    const index = TARGETS.indexOf(t);
    let seen = false;
    for (let i = 0; i < count; i++) seen ||= into.targets[i] === index;
    if (!seen) into.targets[count++] = index;
  }
  into.targetCount = count;
  into.jurisdiction = jurisdiction;
  into.onRequest = a.subjectRequest !== 'none';
  return into;
}

const ACTION_INDEX = new Map(['create', 'read', 'modify', 'delete', 'share', 'process', 'notify'].map((a, i) => [a, i]));

/** One condition as (word, mask, negate): holds when ((words[word] & mask) !== 0) !== negate. */
function compileCondition(condition: Condition): { word: number; mask: number; negate: boolean } | { elapsedAbove: number } {
  if ('greaterThan' in condition) return { elapsedAbove: condition.greaterThan };
  if ('equals' in condition) {
    const position = booleanBits.get(condition.attribute);
    if (!position) throw new Error(`unknown boolean attribute ${condition.attribute}`);
    return { word: position.word, mask: 1 << position.bit, negate: !condition.equals };
  }
  const position = enumBits.get(condition.attribute);
  if (!position) throw new Error(`unknown attribute ${String(condition.attribute)}`);
  const values = ENUM_ATTRIBUTES[condition.attribute] as readonly string[];
  let mask = 0;
  for (const value of condition.in) {
    const index = values.indexOf(value);
    if (index < 0) throw new Error(`${value} is not a value of ${condition.attribute}`);
    mask |= 1 << (position.bit + index);
  }
  return { word: position.word, mask, negate: false };
}

export type LoadedPolicy = {
  /** Rules in decision order; a rule's index is its rank. */
  rules: Rule[];
  forbid: Uint8Array;
  /** Per rule: offsets into the condition arrays [whenStart, whenEnd, unlessEnd]. */
  conditionStart: Int32Array;
  whenEnd: Int32Array;
  unlessEnd: Int32Array;
  /** Per condition: word (0/1, or 2 for elapsed), mask, negate flag, elapsed threshold. */
  conditionWord: Uint8Array;
  conditionMask: Int32Array;
  conditionNegate: Uint8Array;
  conditionThreshold: Float64Array;
  /** Per (jurisdiction, onRequest, opcode): a slice [start, end) of `candidates`, forbids in
   * [start, split) and permits in [split, end), each in decision order. */
  candidateStart: Int32Array;
  candidateSplit: Int32Array;
  candidateEnd: Int32Array;
  candidates: Int32Array;
  /** Per (jurisdiction, target): 1 when some applicable regulation covers the target. */
  covered: Uint8Array;
  enforcement: 0 | 1 | 2; // strict, moderate, permissive
};

/** The reference evaluator's jurisdiction rule, for a request jurisdiction given by its table index. */
function applies(regulationJurisdiction: Jurisdiction, requestJurisdiction: number): boolean {
  return regulationApplies(regulationJurisdiction, requestJurisdiction === NO_JURISDICTION ? undefined : JURISDICTIONS[requestJurisdiction]);
}

export function tableIndex(jurisdiction: number, onRequest: boolean, opcode: number): number {
  return (jurisdiction * 2 + (onRequest ? 1 : 0)) * OPCODE_COUNT + opcode;
}

/** Prepares a policy for deciding; throws a readable error when the policy is not sound. */
export function loadPolicy(policy: Policy): LoadedPolicy {
  if (policy.formatVersion !== 1) throw new Error(`unsupported policy format version ${String(policy.formatVersion)}`);
  const ids = new Set<string>();
  for (const rule of policy.rules) {
    if (ids.has(rule.id)) throw new Error(`rule id ${rule.id} appears twice`);
    ids.add(rule.id);
    if (!Number.isInteger(rule.priority) || rule.priority < 0 || rule.priority > 100) throw new Error(`rule ${rule.id}: priority must be 0..100`);
    for (const code of rule.opcodes) if (!Number.isInteger(code) || code < 0 || code >= OPCODE_COUNT) throw new Error(`rule ${rule.id}: opcode ${code} is outside 0..167`);
  }
  const rules = policy.rules
    .map((rule, position) => ({ rule, position }))
    .sort((a, b) => b.rule.priority - a.rule.priority || a.position - b.position)
    .map(({ rule }) => rule);
  const regulationOf = new Map(policy.regulations.map((r) => [r.id, r]));

  const conditions = rules.flatMap((r) => [...r.when, ...r.unless].map(compileCondition));
  const conditionWord = new Uint8Array(conditions.length);
  const conditionMask = new Int32Array(conditions.length);
  const conditionNegate = new Uint8Array(conditions.length);
  const conditionThreshold = new Float64Array(conditions.length);
  conditions.forEach((c, i) => {
    if ('elapsedAbove' in c) {
      conditionWord[i] = 2;
      conditionThreshold[i] = c.elapsedAbove;
    } else {
      conditionWord[i] = c.word;
      conditionMask[i] = c.mask;
      conditionNegate[i] = c.negate ? 1 : 0;
    }
  });
  const conditionStart = new Int32Array(rules.length);
  const whenEnd = new Int32Array(rules.length);
  const unlessEnd = new Int32Array(rules.length);
  let offset = 0;
  rules.forEach((rule, i) => {
    conditionStart[i] = offset;
    whenEnd[i] = offset + rule.when.length;
    unlessEnd[i] = whenEnd[i]! + rule.unless.length;
    offset = unlessEnd[i]!;
  });

  const forbid = Uint8Array.from(rules, (r) => (r.effect === 'forbid' ? 1 : 0));
  const slots = (NO_JURISDICTION + 1) * 2 * OPCODE_COUNT;
  const candidateStart = new Int32Array(slots);
  const candidateSplit = new Int32Array(slots);
  const candidateEnd = new Int32Array(slots);
  const list: number[] = [];
  // Each applicable rule is filed under the opcodes it names for the targets its regulation
  // covers; when the request answers a data subject's request, a rule named at on-request is also
  // filed under that action and target at every timing. Filing rule by rule in priority order
  // keeps each opcode's rules in that order, and visits only the opcodes rules name.
  const filed: number[][] = Array.from({ length: OPCODE_COUNT }, () => []);
  const file = (code: number, rule: number) => {
    const bucket = filed[code]!;
    if (bucket[bucket.length - 1] !== rule) bucket.push(rule);
  };
  for (let j = 0; j <= NO_JURISDICTION; j++) {
    for (const onRequest of [false, true]) {
      for (const bucket of filed) bucket.length = 0;
      rules.forEach((rule, i) => {
        const regulation = regulationOf.get(rule.regulation);
        if (regulation === undefined || !applies(regulation.jurisdiction, j)) return;
        for (const code of rule.opcodes) {
          const { action, timing, target } = decodeOpcode(code);
          if (!regulation.covers.includes(target)) continue;
          if (!onRequest || timing !== 'on-request') file(code, i);
          else for (const at of TIMINGS) file(opcode(action, at, target), i);
        }
      });
      for (let code = 0; code < OPCODE_COUNT; code++) {
        const slot = tableIndex(j, onRequest, code);
        candidateStart[slot] = list.length;
        for (const i of filed[code]!) if (forbid[i] === 1) list.push(i);
        candidateSplit[slot] = list.length;
        for (const i of filed[code]!) if (forbid[i] === 0) list.push(i);
        candidateEnd[slot] = list.length;
      }
    }
  }
  const covered = new Uint8Array((NO_JURISDICTION + 1) * TARGETS.length);
  for (let j = 0; j <= NO_JURISDICTION; j++) {
    TARGETS.forEach((target: Target, t) => {
      covered[j * TARGETS.length + t] = policy.regulations.some((r) => applies(r.jurisdiction, j) && r.covers.includes(target)) ? 1 : 0;
    });
  }
  return {
    rules,
    forbid,
    conditionStart,
    whenEnd,
    unlessEnd,
    conditionWord,
    conditionMask,
    conditionNegate,
    conditionThreshold,
    candidateStart,
    candidateSplit,
    candidateEnd,
    candidates: Int32Array.from(list),
    covered,
    enforcement: policy.enforcementLevel === 'strict' ? 0 : policy.enforcementLevel === 'moderate' ? 1 : 2,
  };
}
