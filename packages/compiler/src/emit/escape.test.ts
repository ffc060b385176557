// The escaping every emitter relies on: no input text ends a comment or a string, in any format.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handBuiltPolicy } from '../../test/toolchains/hand-built-policies.ts';
import { hostileText } from '../../test/toolchains/property-checks.ts';
import { applicableJurisdictions, braceEscapedString, commentText, jsonString, rulesInDecisionOrder, watString } from './escape.ts';

describe('commentText', () => {
  it('leaves no line break and no block comment delimiter of any format', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const safe = commentText(text);
        expect(safe).not.toMatch(/[\n\r\u0085\u2028\u2029]|\*\/|\/\*|\(;|;\)/);
      }),
    );
  });

  it('keeps ordinary legal text as it is', () => {
    expect(commentText('CCPA § 1798.120(a): a business shall not sell')).toBe('CCPA § 1798.120(a): a business shall not sell');
  });
});

describe('string literals', () => {
  it('JSON strings round-trip and never hold a raw line separator', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const literal = jsonString(text);
        expect(JSON.parse(literal)).toBe(text);
        expect(literal).not.toMatch(/[\n\r\u2028\u2029]/);
      }),
    );
  });

  it('Rust and Cedar strings escape quotes, backslashes and every control character', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const body = braceEscapedString(text).slice(1, -1);
        expect(body).not.toMatch(/[\u0000-\u001f\u2028\u2029\u202e]|(?<!\\)"/);
        const decoded = body.replace(/\\u\{([0-9a-f]+)\}|\\(.)/g, (_, hex: string | undefined, ch: string) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : ch));
        expect(decoded).toBe(text);
      }),
    );
  });

  it('WebAssembly strings are printable ASCII with \\hh escapes of the UTF-8 bytes', () => {
    const literal = watString(new TextEncoder().encode('§ "x" \\ ;)'));
    expect(literal).toBe('"\\c2\\a7 \\22x\\22 \\5c ;)"');
  });
});

describe('decision order and applicability', () => {
  it('orders rules by priority descending, ties in policy order', () => {
    const ids = rulesInDecisionOrder(handBuiltPolicy('strict')).map((r) => r.id);
    expect(ids.slice(0, 4)).toEqual(['ccpa-opt-out', 'gdpr-art-8-child', 'gdpr-art-44-transfer', 'pci-pan-encrypted']);
  });

  it('lets US regulations apply to the states, GLOBAL-PCI everywhere and a state only to itself', () => {
    expect(applicableJurisdictions('US')).toEqual(['US', 'US-CA', 'US-NY', 'US-VA', 'US-HIPAA']);
    expect(applicableJurisdictions('US-CA')).toEqual(['US-CA']);
    expect(applicableJurisdictions('GLOBAL-PCI')).toHaveLength(10);
  });
});
