import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalEmail, emailField } from './email-address.ts';

describe('an email address in its one spelling', () => {
  it('is the address a keyboard types, in lower case, its domain as IDNA maps it', () => {
    expect(canonicalEmail(' Ada@Example.COM ')).toBe('ada@example.com');
    expect(canonicalEmail('ａｄａ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('ada@example.com');
    expect(canonicalEmail('ada@example.com.')).toBe('ada@example.com');
    expect(canonicalEmail('grace@BÜCHER.de')).toBe('grace@bücher.de');
    expect(canonicalEmail('grace@xn--bcher-kva.de')).toBe('grace@bücher.de');
    expect(canonicalEmail('rene\u0301@example.com')).toBe('rené@example.com');
  });

  it('never reads a domain as a URL would: no path, port, escape or dropped tab makes it another', () => {
    for (const address of ['ada@example.com/evil.test', 'ada@example.com:25', 'ada@example%2ecom', 'ada@exam\tple.com', 'ada@example.com?x', 'ada@example.com#x']) {
      expect(canonicalEmail(address)).toBe(address.toLowerCase());
    }
  });

  it('is its own spelling: read again, it does not change', () => {
    // A domain ending in a number is not an IPv4 address here: `⒈.` is `1..`, once mapped `1`, which Node's mapping reads as 0.0.0.1.
    for (const address of ['ada@⒈.', 'ada@1', 'ada@0x1', 'ada@1.2.3.4']) {
      const once = canonicalEmail(address);
      expect(canonicalEmail(once)).toBe(once);
    }
    expect(canonicalEmail('ada@1.2.3.4')).toBe('ada@1.2.3.4');
    const text = fc.string({ unit: 'grapheme-composite', maxLength: 12 });
    fc.assert(
      fc.property(text, text, text, (local, host, tail) => {
        const once = canonicalEmail(`${local}@${host}.${tail}`);
        expect(canonicalEmail(once)).toBe(once);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is what a form field keeps, after checking the spelling, not what was typed', () => {
    const field = emailField({ required: 'Email is required', invalid: 'Please enter a valid email' });
    expect(field.parse('ＡＤＡ＠example.com.')).toBe('ada@example.com');
    expect(field.safeParse('ada@example').error?.issues[0]?.message).toBe('Please enter a valid email');
    expect(field.safeParse('ada@exam\tple.com').error?.issues[0]?.message).toBe('Please enter a valid email');
    expect(field.safeParse('  ').error?.issues[0]?.message).toBe('Email is required');
  });
});
