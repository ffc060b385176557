import { describe, expect, it } from 'vitest';
import { randomHex } from './random-hex.ts';

describe('randomHex', () => {
  it('gives the asked number of bytes as lowercase hex, never the same string twice across pool refills', () => {
    const seen = new Set<string>();
    // 2,000 x 16 bytes spans several refills of the 4 KiB pool.
    for (let i = 0; i < 2_000; i++) {
      const hex = randomHex(16);
      expect(hex).toMatch(/^[0-9a-f]{32}$/);
      seen.add(hex);
    }
    expect(seen.size).toBe(2_000);
  });

  it('uses every hex digit in every position (no fixed or zeroed bytes)', () => {
    const digits = Array.from({ length: 24 }, () => new Set<string>());
    for (let i = 0; i < 1_000; i++) [...randomHex(12)].forEach((digit, position) => digits[position]!.add(digit));
    for (const position of digits) expect(position.size).toBe(16);
  });

  it('refuses sizes outside 1..4096', () => {
    for (const bytes of [0, -1, 1.5, 4097]) expect(() => randomHex(bytes)).toThrow(RangeError);
    expect(randomHex(4096)).toHaveLength(8192);
  });
});
