// The bytebound (.bb) format: the native, human-readable policy text. A header (format version and
// the sha256 digest of the canonical body), then the enforcement level, the regulations with their
// jurisdiction and covered targets, the destinations table and the rules addressed by opcode.
// print(parse(x)) === x for printed text, parse(print(p)) deep-equals p, and a policy whose digest
// does not match its body is refused. Grammar: docs/formats/bytebound.md.
import {

  BOOLEAN_ATTRIBUTES,
  DESTINATIONS,
  ENUM_ATTRIBUTES,
  JURISDICTIONS,
  LEGAL_BASES,
  NUMBER_ATTRIBUTES,
  OPCODE_COUNT,
  REGULATIONS,
  TARGETS,
  decodeOpcode,
  type Condition,
  type DestinationRecord,
  type EnforcementLevel,
  type Policy,
  type PolicyRegulation,
  type Rule,
  type Target,
} from './policy-model.ts';
import { sha256Hex } from './policy/sha256.ts';
import { escapeInvisible } from './visible-text.ts';

export const BYTEBOUND_FORMAT_VERSION = 1;
const ENFORCEMENT_LEVELS: EnforcementLevel[] = ['strict', 'moderate', 'permissive'];

// ---- Printing

const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/;

/** A string literal: only printable text stays as is; quotes, backslashes, line breaks, U+2028/9 and lone surrogates are escaped. */
export function bbString(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return `"${text}"`;
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const ch = text[i]!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f || c === 0x2028 || c === 0x2029 || (c >= 0x80 && c <= 0x9f)) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += ch + text[i + 1]!;
        i++;
      } else out += `\\u${c.toString(16)}`;
    } else if (c >= 0xdc00 && c <= 0xdfff) out += `\\u${c.toString(16)}`;
    else out += ch;
  }
  return out + '"';
}

/** Each opcode's label, `0x68 share/pre-action/personal`: printed and checked once per opcode of every rule. */
const OPCODE_LABELS: readonly string[] = Array.from({ length: OPCODE_COUNT }, (_, code) => {
  const { action, timing, target } = decodeOpcode(code);
  return `0x${code.toString(16).padStart(2, '0')} ${action}/${timing}/${target}`;
});

/** The label of opcode `code`; a RangeError for a number that is not one. */
export function opcodeLabel(code: number): string {
  const label = OPCODE_LABELS[code];
  if (label === undefined) throw new RangeError(`opcode ${code} is outside 0..${OPCODE_COUNT - 1}`);
  return label;
}

function conditionText(c: Condition): string {
  if ('equals' in c) return `${c.attribute} = ${c.equals}`;
  if ('in' in c) return `${c.attribute} in [${c.in.join(', ')}]`;
  return `${c.attribute} > ${String(c.greaterThan)}`;
}

function printRule(r: Rule): string {
  const lines = [
    `rule ${bbString(r.id)}`,
    `  effect ${r.effect}`,
    `  regulation ${r.regulation}`,
    `  priority ${r.priority}`,
    `  origin ${r.origin}`,
    `  article ${bbString(r.article)}`,
    `  reason ${bbString(r.reason)}`,
    `  quote ${bbString(r.quote)}`,
    ...r.opcodes.map((o) => `  opcode ${opcodeLabel(o)}`),
    ...r.when.map((c) => `  when ${conditionText(c)}`),
    ...r.unless.map((c) => `  unless ${conditionText(c)}`),
    ...r.review.map((t) => `  review ${bbString(t)}`),
    'end',
  ];
  return lines.join('\n');
}

/** The canonical body the digest covers: everything after the header. */
export function canonicalBody(policy: Policy): string {
  const parts = [`enforcement ${policy.enforcementLevel}`];
  parts.push(...policy.regulations.map((r) => `regulation ${r.id} jurisdiction ${r.jurisdiction} covers [${r.covers.join(', ')}]`));
  parts.push(...policy.destinations.map((d) => `destination ${bbString(d.host)} ${d.destination} basis ${d.legalBasis} safeguards ${d.safeguards}`));
  const body = parts.join('\n') + '\n';
  return policy.rules.length > 0 ? `${body}\n${policy.rules.map(printRule).join('\n\n')}\n` : body;
}

export function policyDigest(policy: Policy): string {
  return `sha256:${sha256Hex(canonicalBody(policy))}`;
}

/** The .bb text of a policy. */
export function printPolicy(policy: Policy): string {
  const body = canonicalBody(policy);
  return `bytebound ${policy.formatVersion}\ndigest sha256:${sha256Hex(body)}\n\n${body}`;
}

// ---- Parsing: a tokenizer with positions, then recursive descent.

export class BytaboundSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`line ${line}, column ${column}: ${detail}`);
    this.name = 'BytaboundSyntaxError';
  }
}

type Token = { kind: 'word' | 'string' | 'punct' | 'newline' | 'eof'; value: string; line: number; column: number };

/** Longest part of a token an error quotes: the error travels in answers and signed audit records, the text stays with its sender. */
const QUOTED_CHARACTERS = 40;

function quoted(value: string): string {
  return value.length > QUOTED_CHARACTERS ? `${value.slice(0, QUOTED_CHARACTERS)}…` : value;
}

/** `value` as a JSON string with its invisible characters escaped: an error shows what was there. */
function shown(value: string): string {
  return escapeInvisible(JSON.stringify(value));
}

const WORD = /[A-Za-z0-9_\-./:+]+/y;
/** A run of a string literal's characters that are neither its end, an escape nor a line break. */
const STRING_RUN = /[^"\\\n]+/y;
const HEX4 = /[0-9a-fA-F]{4}/y;
const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', r: '\r', t: '\t' };

/** The match of sticky `pattern` at `at`, or ''. */
function runAt(pattern: RegExp, text: string, at: number): string {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? '';
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let col = 1;
  let i = 0;
  const err = (detail: string): never => {
    throw new BytaboundSyntaxError(line, col, detail);
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      tokens.push({ kind: 'newline', value: '\n', line, column: col });
      i++;
      line++;
      col = 1;
    } else if (ch === ' ' || ch === '\t' || ch === '\r') {
      i++;
      col++;
    } else if (ch === '#') {
      const end = text.indexOf('\n', i);
      const to = end === -1 ? text.length : end;
      col += to - i;
      i = to;
    } else if (ch === '"') {
      const start = { line, column: col };
      let value = '';
      i++;
      col++;
      for (;;) {
        const run = runAt(STRING_RUN, text, i);
        value += run;
        i += run.length;
        col += run.length;
        if (i >= text.length || text[i] === '\n') {
          line = start.line;
          col = start.column;
          err('expected the closing quote of the string that starts here');
        }
        if (text[i] === '"') {
          i++;
          col++;
          break;
        }
        // A backslash: its escape.
        const e = text[i + 1];
        if (e !== undefined && Object.hasOwn(SIMPLE_ESCAPES, e)) {
          value += SIMPLE_ESCAPES[e];
          i += 2;
          col += 2;
        } else if (e === 'u' && runAt(HEX4, text, i + 2) !== '') {
          value += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
          col += 6;
        } else {
          err('expected an escape (\\" \\\\ \\n \\r \\t or \\uXXXX) after the backslash');
        }
      }
      tokens.push({ kind: 'string', value, ...start });
    } else if (ch === ',' || ch === '=' || ch === '>' || ch === '[' || ch === ']') {
      tokens.push({ kind: 'punct', value: ch, line, column: col });
      i++;
      col++;
    } else {
      const value = runAt(WORD, text, i);
      if (value === '') err(`unexpected character ${shown(String.fromCodePoint(text.codePointAt(i)!))}`);
      tokens.push({ kind: 'word', value, line, column: col });
      i += value.length;
      col += value.length;
    }
  }
  tokens.push({ kind: 'eof', value: '', line, column: col });
  return tokens;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos]!;
  }
  private describe(t: Token): string {
    if (t.kind === 'eof') return 'the end of the file';
    if (t.kind === 'newline') return 'the end of the line';
    if (t.kind === 'string') return `the string ${shown(quoted(t.value))}`;
    return `'${quoted(t.value)}'`;
  }
  fail(t: Token, expected: string): never {
    throw new BytaboundSyntaxError(t.line, t.column, `expected ${expected}, found ${this.describe(t)}`);
  }
  skipBlank(): void {
    while (this.peek().kind === 'newline') this.pos++;
  }
  atWord(value: string): boolean {
    const t = this.peek();
    return t.kind === 'word' && t.value === value;
  }
  keyword(value: string): Token {
    const t = this.peek();
    if (t.kind !== 'word' || t.value !== value) this.fail(t, `'${value}'`);
    this.pos++;
    return t;
  }
  word(expected: string): Token {
    const t = this.peek();
    if (t.kind !== 'word') this.fail(t, expected);
    this.pos++;
    return t;
  }
  oneOf<T extends string>(values: readonly T[], what: string): T {
    const t = this.peek();
    if (t.kind !== 'word' || !(values as readonly string[]).includes(t.value)) this.fail(t, `${what} (${values.join(', ')})`);
    this.pos++;
    return t.value as T;
  }
  string(expected: string): string {
    const t = this.peek();
    if (t.kind !== 'string') this.fail(t, expected);
    this.pos++;
    return t.value;
  }
  punct(value: string): void {
    const t = this.peek();
    if (t.kind !== 'punct' || t.value !== value) this.fail(t, `'${value}'`);
    this.pos++;
  }
  endOfLine(): void {
    const t = this.peek();
    if (t.kind === 'eof') return;
    if (t.kind !== 'newline') this.fail(t, 'the end of the line');
    this.pos++;
  }
  integer(what: string, min: number, max: number): number {
    const t = this.word(what);
    const n = /^\d+$/.test(t.value) ? Number(t.value) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) this.fail(t, `${what} (an integer ${min}..${max})`);
    return n;
  }
  list<T extends string>(values: readonly T[], what: string): T[] {
    this.punct('[');
    const out: T[] = [];
    if (this.peek().kind === 'punct' && this.peek().value === ']') {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.oneOf(values, what));
      const t = this.peek();
      if (t.kind === 'punct' && t.value === ',') {
        this.pos++;
        continue;
      }
      this.punct(']');
      return out;
    }
  }
  boolean(): boolean {
    return this.oneOf(['true', 'false'] as const, 'a boolean') === 'true';
  }

  condition(): Condition {
    const t = this.peek();
    const attr = this.word('an attribute of the vocabulary');
    if ((BOOLEAN_ATTRIBUTES as readonly string[]).includes(attr.value)) {
      this.punct('=');
      return { attribute: attr.value as (typeof BOOLEAN_ATTRIBUTES)[number], equals: this.boolean() };
    }
    if (Object.hasOwn(ENUM_ATTRIBUTES, attr.value)) {
      const name = attr.value as keyof typeof ENUM_ATTRIBUTES;
      this.keyword('in');
      return { attribute: name, in: this.list(ENUM_ATTRIBUTES[name] as readonly string[], `a value of ${name}`) };
    }
    if ((NUMBER_ATTRIBUTES as readonly string[]).includes(attr.value)) {
      this.punct('>');
      const n = this.word('a number');
      const value = Number(n.value);
      if (!/^-?(\d+(\.\d+)?(e[+-]?\d+)?|Infinity)$/.test(n.value) || Number.isNaN(value)) this.fail(n, 'a number');
      return { attribute: attr.value as (typeof NUMBER_ATTRIBUTES)[number], greaterThan: value };
    }
    return this.fail(t, 'an attribute of the vocabulary');
  }

  rule(): Rule {
    this.keyword('rule');
    const id = this.string('the rule id as a string');
    this.endOfLine();
    const field = (name: string) => this.keyword(name);
    field('effect');
    const effect = this.oneOf(['permit', 'forbid'] as const, 'an effect');
    this.endOfLine();
    field('regulation');
    const regulation = this.oneOf(REGULATIONS, 'a regulation');
    this.endOfLine();
    field('priority');
    const priority = this.integer('a priority', 0, 100);
    this.endOfLine();
    field('origin');
    const origin = this.oneOf(['baseline', 'text'] as const, 'an origin');
    this.endOfLine();
    field('article');
    const article = this.string('the article as a string');
    this.endOfLine();
    field('reason');
    const reason = this.string('the reason as a string');
    this.endOfLine();
    field('quote');
    const quote = this.string('the quote as a string');
    this.endOfLine();
    const opcodes: number[] = [];
    while (this.atWord('opcode')) {
      this.pos++;
      const num = this.word('an opcode number such as 0x68');
      const code = /^0x[0-9a-f]{2}$/.test(num.value) ? parseInt(num.value.slice(2), 16) : NaN;
      if (!(code >= 0 && code < OPCODE_COUNT)) this.fail(num, `an opcode 0x00..0x${(OPCODE_COUNT - 1).toString(16)} in two lower-case hex digits`);
      const name = this.word('the opcode name action/timing/target');
      const expected = opcodeLabel(code).split(' ')[1]!;
      if (name.value !== expected) this.fail(name, `'${expected}' (the name of opcode ${num.value})`);
      if (opcodes.length > 0 && code <= opcodes[opcodes.length - 1]!) this.fail(num, 'opcodes in ascending order without repeats');
      opcodes.push(code);
      this.endOfLine();
    }
    const when: Condition[] = [];
    while (this.atWord('when')) {
      this.pos++;
      when.push(this.condition());
      this.endOfLine();
    }
    const unless: Condition[] = [];
    while (this.atWord('unless')) {
      this.pos++;
      unless.push(this.condition());
      this.endOfLine();
    }
    const review: string[] = [];
    while (this.atWord('review')) {
      this.pos++;
      review.push(this.string('the review note as a string'));
      this.endOfLine();
    }
    const end = this.peek();
    if (!(end.kind === 'word' && end.value === 'end')) this.fail(end, "'opcode', 'when', 'unless', 'review' or 'end'");
    this.pos++;
    this.endOfLine();
    return { id, effect, regulation, opcodes, when, unless, priority, article, reason, quote, review, origin };
  }

  file(): { policy: Policy; digest: string; digestToken: Token } {
    this.skipBlank();
    this.keyword('bytebound');
    const version = this.peek();
    if (this.integer('the format version', 0, 1_000_000) !== BYTEBOUND_FORMAT_VERSION) this.fail(version, `format version ${BYTEBOUND_FORMAT_VERSION}`);
    this.endOfLine();
    this.skipBlank();
    this.keyword('digest');
    const digestToken = this.word('the digest sha256:<64 hex digits>');
    if (!/^sha256:[0-9a-f]{64}$/.test(digestToken.value)) this.fail(digestToken, 'the digest sha256:<64 lower-case hex digits>');
    this.endOfLine();
    this.skipBlank();
    this.keyword('enforcement');
    const enforcementLevel = this.oneOf(ENFORCEMENT_LEVELS, 'an enforcement level');
    this.endOfLine();
    this.skipBlank();
    const regulations: PolicyRegulation[] = [];
    while (this.atWord('regulation')) {
      this.pos++;
      const id = this.oneOf(REGULATIONS, 'a regulation');
      this.keyword('jurisdiction');
      const jurisdiction = this.oneOf(JURISDICTIONS, 'a jurisdiction');
      this.keyword('covers');
      const covers: Target[] = this.list(TARGETS, 'a target');
      regulations.push({ id, jurisdiction, covers });
      this.endOfLine();
      this.skipBlank();
    }
    const destinations: DestinationRecord[] = [];
    while (this.atWord('destination')) {
      this.pos++;
      const host = this.string('the destination host pattern as a string');
      const destination = this.oneOf(DESTINATIONS, 'a destination');
      this.keyword('basis');
      const legalBasis = this.oneOf(LEGAL_BASES, 'a legal basis');
      this.keyword('safeguards');
      const safeguards = this.boolean();
      destinations.push({ host, destination, legalBasis, safeguards });
      this.endOfLine();
      this.skipBlank();
    }
    const rules: Rule[] = [];
    const ids = new Set<string>();
    while (this.peek().kind !== 'eof') {
      const start = this.peek();
      if (!(start.kind === 'word' && start.value === 'rule')) this.fail(start, rules.length === 0 ? "'regulation', 'destination', 'rule' or the end of the file" : "'rule' or the end of the file");
      const rule = this.rule();
      if (ids.has(rule.id)) throw new BytaboundSyntaxError(start.line, start.column, `duplicate rule id ${shown(quoted(rule.id))}`);
      ids.add(rule.id);
      rules.push(rule);
      this.skipBlank();
    }
    return { policy: { formatVersion: 1, regulations, enforcementLevel, rules, destinations }, digest: digestToken.value, digestToken };
  }
}

/**
 * A policy given as JSON (the policy model): held to what the parser holds a .bb text to, by
 * printing it and reading it back. Throws an Error that says what is wrong, never a TypeError.
 */
export function policyFromJson(text: string): Policy {
  const value: unknown = JSON.parse(text);
  let printed: string;
  try {
    printed = printPolicy(value as Policy);
  } catch (error) {
    throw new Error(`not a bytebound policy in JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return parsePolicy(printed);
}

/** Parse .bb text into a policy; throws BytaboundSyntaxError ("line 12, column 7: expected ...") or on a digest mismatch. */
export function parsePolicy(text: string): Policy {
  const { policy, digest, digestToken } = new Parser(tokenize(text)).file();
  const actual = policyDigest(policy);
  if (actual !== digest)
    throw new BytaboundSyntaxError(digestToken.line, digestToken.column, `the digest does not match the policy body (the body hashes to ${actual}): the policy was altered`);
  return policy;
}

