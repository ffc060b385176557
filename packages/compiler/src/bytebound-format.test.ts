import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BytaboundSyntaxError, parsePolicy, printPolicy } from './bytebound-format.ts';
import { emitBytebound } from './emit/bytebound.ts';
import { buildPolicy } from './policy/build-policy.ts';
import {
  BOOLEAN_ATTRIBUTES,
  DEFAULT_COMPILE_OPTIONS,
  DESTINATIONS,
  ENUM_ATTRIBUTES,
  JURISDICTIONS,
  LEGAL_BASES,
  OPCODE_COUNT,
  REGULATIONS,
  TARGETS,
  type Condition,
  type Policy,
  type Rule,
} from './policy-model.ts';

const text = fc.string({ unit: fc.oneof(fc.constantFrom('"', '\\', '\n', '\r', '\u2028', '\u2029', '#', '*/', '--', '`', '${', 'end', 'rule '), fc.string({ unit: 'grapheme', maxLength: 1 }), fc.string({ unit: 'binary', maxLength: 1 })) });

const condition: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({ attribute: fc.constantFrom(...BOOLEAN_ATTRIBUTES), equals: fc.boolean() }),
  fc.constantFrom(...(Object.keys(ENUM_ATTRIBUTES) as (keyof typeof ENUM_ATTRIBUTES)[])).chain((attribute) =>
    fc.subarray([...(ENUM_ATTRIBUTES[attribute] as readonly string[])]).map((values) => ({ attribute, in: values }) as Condition),
  ),
  fc.record({ attribute: fc.constant('elapsed' as const), greaterThan: fc.oneof(fc.nat(), fc.double({ min: 0, max: 1e12, noNaN: true })) }),
);

const rule = (id: string): fc.Arbitrary<Rule> =>
  fc.record({
    id: fc.constant(id),
    effect: fc.constantFrom('permit' as const, 'forbid' as const),
    regulation: fc.constantFrom(...REGULATIONS),
    opcodes: fc.uniqueArray(fc.integer({ min: 0, max: OPCODE_COUNT - 1 }), { maxLength: 6 }).map((a) => a.sort((x, y) => x - y)),
    when: fc.array(condition, { maxLength: 3 }),
    unless: fc.array(condition, { maxLength: 2 }),
    priority: fc.integer({ min: 0, max: 100 }),
    article: text,
    reason: text,
    quote: text,
    review: fc.array(text, { maxLength: 2 }),
    origin: fc.constantFrom('baseline' as const, 'text' as const),
  });

const policy: fc.Arbitrary<Policy> = fc
  .uniqueArray(text, { maxLength: 5 })
  .chain((ids) =>
    fc.record({
      formatVersion: fc.constant(1 as const),
      regulations: fc.array(fc.record({ id: fc.constantFrom(...REGULATIONS), jurisdiction: fc.constantFrom(...JURISDICTIONS), covers: fc.subarray([...TARGETS]) }), { maxLength: 3 }),
      enforcementLevel: fc.constantFrom('strict' as const, 'moderate' as const, 'permissive' as const),
      rules: fc.tuple(...ids.map(rule)),
      destinations: fc.array(fc.record({ host: text, destination: fc.constantFrom(...DESTINATIONS), legalBasis: fc.constantFrom(...LEGAL_BASES), safeguards: fc.boolean() }), { maxLength: 2 }),
    }),
  );

describe('the bytebound format', () => {
  it('parse(print(p)) deep-equals p and print(parse(x)) === x', () => {
    fc.assert(
      fc.property(policy, (p) => {
        const printed = printPolicy(p);
        const parsed = parsePolicy(printed);
        expect(parsed).toEqual(p);
        expect(printPolicy(parsed)).toBe(printed);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips the GDPR baseline and reads its opcodes as numbers and names', () => {
    const p = buildPolicy([], { regulations: ['GDPR'], enforcementLevel: 'strict' });
    const printed = printPolicy(p);
    expect(printed).toMatch(/^bytebound 1\ndigest sha256:[0-9a-f]{64}\n\nenforcement strict\nregulation GDPR jurisdiction EU covers \[personal, sensitive\]\n/);
    expect(printed).toContain('  opcode 0x60 share/session-start/personal\n');
    expect(parsePolicy(printed)).toEqual(p);
  });

  it('refuses a policy whose body no longer matches its digest', () => {
    const printed = printPolicy(buildPolicy([], { regulations: ['CCPA'], enforcementLevel: 'strict' }));
    const tampered = printed.replace('priority 95', 'priority 5');
    expect(() => parsePolicy(tampered)).toThrow(/line 2, column 8: the digest does not match the policy body/);
  });

  it('reports errors with line and column', () => {
    const p = buildPolicy([], { regulations: ['GDPR'], enforcementLevel: 'strict' });
    const lines = printPolicy(p).split('\n');
    const at = lines.findIndex((l) => l.startsWith('  effect'));
    lines[at] = '  effect maybe';
    expect(() => parsePolicy(lines.join('\n'))).toThrow(new BytaboundSyntaxError(at + 1, 10, "expected an effect (permit, forbid), found 'maybe'"));
    lines[at] = '  effect forbid';
    const op = lines.findIndex((l) => l.startsWith('  opcode'));
    lines[op] = '  opcode 0x60 read/pre-action/personal';
    expect(() => parsePolicy(lines.join('\n'))).toThrow(/line \d+, column 15: expected 'share\/session-start\/personal' \(the name of opcode 0x60\)/);
    expect(() => parsePolicy('bytebound 1\ndigest sha256:00\n')).toThrow('line 2, column 8: expected the digest sha256:<64 lower-case hex digits>');
    expect(() => parsePolicy('bytebound 1\ndigest "x\n')).toThrow('line 2, column 8: expected the closing quote of the string that starts here');
    expect(() => parsePolicy('')).toThrow("line 1, column 1: expected 'bytebound', found the end of the file");
    // A character that cannot be seen is named by its escape; one beyond the BMP is shown whole.
    expect(() => parsePolicy('\u007fELF')).toThrow('line 1, column 1: unexpected character "\\u007f"');
    expect(() => parsePolicy('bytebound 1\n\u200b')).toThrow('line 2, column 1: unexpected character "\\u200b"');
    expect(() => parsePolicy('bytebound 1\n\u{1F600}')).toThrow('line 2, column 1: unexpected character "\u{1F600}"');
    expect(() => parsePolicy('bytebound 1\n"a\u009bb"')).toThrow('line 2, column 1: expected \'digest\', found the string "a\\u009bb"');
    // Columns count every character read before: comments, strings and their escapes.
    expect(() => parsePolicy('bytebound 1 # a comment\n"x\\ty\\u0041" \\')).toThrow('line 2, column 14: unexpected character "\\\\"');
    expect(() => parsePolicy('bytebound 1\n"ab\\q"')).toThrow('line 2, column 4: expected an escape (\\" \\\\ \\n \\r \\t or \\uXXXX) after the backslash');
    expect(() => parsePolicy('bytebound 1\n  "\\u12G4"')).toThrow('line 2, column 4: expected an escape');
    expect(() => parsePolicy('bytebound 1\ndigest "a\\"b\\\\" x\n')).toThrow('line 2, column 8: expected the digest sha256:<64 hex digits>, found the string "a\\"b\\\\"');
  });

  it('quotes at most 40 characters of the token it did not expect', () => {
    const long = 'secretpersonaldata'.repeat(50_000);
    expect(() => parsePolicy(`bytebound 1\n${long}`)).toThrow(new BytaboundSyntaxError(2, 1, `expected 'digest', found '${long.slice(0, 40)}…'`));
    expect(() => parsePolicy(`bytebound 1\n"${long}"`)).toThrow(new BytaboundSyntaxError(2, 1, `expected 'digest', found the string "${long.slice(0, 40)}…"`));
  });

  it('the emitter adds test vectors and a development trace that the parser skips', () => {
    const p = buildPolicy([], { regulations: ['GDPR'], enforcementLevel: 'strict' });
    const out = emitBytebound(p, { ...DEFAULT_COMPILE_OPTIONS, targetEnvironment: 'development' });
    expect(out).toContain('# test share/session-start/personal');
    expect(out).toContain('# trace: ');
    const parsed = parsePolicy(out);
    expect(parsed.rules.map((r) => r.priority)).toEqual([...parsed.rules.map((r) => r.priority)].sort((a, b) => b - a));
    expect(emitBytebound(p, { ...DEFAULT_COMPILE_OPTIONS, includeTests: false })).not.toContain('# test');
  });

  it('never crashes on arbitrary or mangled input: a policy or a syntax error with its place', () => {
    const printed = printPolicy(buildPolicy([], { regulations: ['PCI-DSS'], enforcementLevel: 'strict' }));
    const mangled = fc.tuple(fc.nat({ max: printed.length }), fc.nat({ max: 40 }), text).map(([at, cut, insert]) => printed.slice(0, at) + insert + printed.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(text, mangled), (input) => {
        try {
          parsePolicy(input);
        } catch (error) {
          expect(error).toBeInstanceOf(BytaboundSyntaxError);
          expect((error as Error).message).toMatch(/^line \d+, column \d+: /);
        }
      }),
      { numRuns: 500 },
    );
  });
});
