import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalize } from './canonical-json.ts';

// Known answers from RFC 8785 (JSON Canonicalization Scheme), sections 3.2.2 and 3.2.3 and Appendix B.
describe('RFC 8785 canonical JSON', () => {
  it('serialises the RFC 3.2.2 sample exactly', () => {
    const input =
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
      ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}';
    expect(canonicalize(JSON.parse(input))).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('orders keys by UTF-16 code units (RFC 3.2.3)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    expect(canonicalize(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  // Appendix B: IEEE 754 bit patterns and their canonical text.
  const numbers: Array<[string, string]> = [
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  it.each(numbers)('formats the double 0x%s as %s', (bits, text) => {
    const value = Buffer.from(bits, 'hex').readDoubleBE(0);
    expect(canonicalize(value)).toBe(text);
  });

  it('refuses NaN, Infinity and lone surrogates, which have no canonical form', () => {
    expect(() => canonicalize(Number.NaN)).toThrow(/NaN/);
    expect(() => canonicalize({ a: [Number.POSITIVE_INFINITY] })).toThrow(/\$\.a\[0\]/);
    expect(() => canonicalize('\ud800')).toThrow(/lone surrogate/);
  });

  it('nests, drops undefined members and has no whitespace', () => {
    expect(canonicalize({ b: [1, { d: 'x', c: undefined }], a: {} })).toBe('{"a":{},"b":[1,{"d":"x"}]}');
  });
});

describe('canonical JSON for any JSON value', () => {
  it('is a fixed point, independent of key order, and parses back to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalize(value);
        expect(canonicalize(JSON.parse(text))).toBe(text);
        const reversed = JSON.parse(JSON.stringify(value), (_k, v) =>
          v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
        );
        expect(canonicalize(reversed)).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('writes any well-formed string as JSON.stringify does, and names the path of a bad value', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme-ascii' }), (text, key) => {
        expect(canonicalize(text)).toBe(JSON.stringify(text));
        expect(canonicalize({ [key]: text })).toBe(`{${JSON.stringify(key)}:${JSON.stringify(text)}}`);
      }),
    );
    expect(() => canonicalize({ reasons: [{ text: 'ok' }, { text: '\udc00' }] })).toThrow('canonical JSON: $.reasons[1].text holds a lone surrogate');
    expect(() => canonicalize({ a: { b: () => 1, c: [Symbol('s')] } })).toThrow('canonical JSON: $.a.c[0] is symbol');
  });
});
