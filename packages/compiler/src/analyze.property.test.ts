// Robustness: for arbitrary Unicode input (up to the 1 MB limit) analyze() neither crashes nor
// hangs and gives the same result twice; adversarial shapes (no whitespace, endless repetition,
// deeply nested parentheses) finish. No timing is asserted: a hang fails by the test timeout.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.ts';
import { detectJurisdiction } from './detect.ts';
import { LegalTextError } from './errors.ts';
import { validateLegalText } from './validate.ts';

const run = (text: string) => {
  try {
    return analyze(text);
  } catch (error) {
    if (error instanceof LegalTextError) return error.message;
    throw error;
  }
};

const legalWords = fc.constantFrom('shall', 'not', 'may', 'Article 17', '(a)', '1.', 'controller', 'personal data', 'within 72 hours', ':', ';', '\n', 'unless', '§ 1798.105', 'the', 'erase', '(', ')', 'é', '😀');

describe('analyze() on arbitrary input', () => {
  it('never crashes and is deterministic on any Unicode string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 2000 }), (text) => {
        expect(run(text)).toEqual(run(text));
      }),
      { numRuns: 150 },
    );
  });
  it('never crashes on legal-looking word salad', () => {
    fc.assert(
      fc.property(fc.array(legalWords, { maxLength: 400 }), (words) => {
        const text = words.join(' ');
        const a = run(text);
        expect(a).toEqual(run(text));
        expect(validateLegalText(text)).toEqual(validateLegalText(text));
        expect(detectJurisdiction(text)).toEqual(detectJurisdiction(text));
      }),
      { numRuns: 150 },
    );
  });
  it('never crashes and is deterministic on arbitrary input repeated up to the 1 MB limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 40_000 }), (unit, times) => {
        const text = unit.repeat(times).slice(0, 1_000_000);
        expect(run(text)).toEqual(run(text));
      }),
      { numRuns: 6 },
    );
  }, 120_000);
  it('finishes on adversarial inputs close to the 1 MB limit', () => {
    const size = 1_000_000;
    const inputs = [
      'a'.repeat(size),
      '('.repeat(size / 2) + ')'.repeat(size / 2),
      '(a)'.repeat(size / 3),
      'shall '.repeat(size / 6),
      'Article 1 '.repeat(size / 10),
      ' '.repeat(size),
      '1. '.repeat(size / 3),
      '§'.repeat(size),
      'within '.repeat(size / 7),
      'The controller shall erase personal data without undue delay; (a) '.repeat(size / 68),
      '\n'.repeat(size),
    ];
    for (const text of inputs) {
      const a = run(text);
      expect(typeof a === 'string' || Array.isArray(a.norms)).toBe(true);
    }
  }, 120_000);
});
