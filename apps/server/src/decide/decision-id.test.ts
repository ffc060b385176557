import { describe, expect, it } from 'vitest';
import { newDecisionId } from './decision-recorder.ts';

describe('decision ids', () => {
  it('are dec_, the time in milliseconds and 96 random bits, and sort in the order they were made', () => {
    const at = Date.UTC(2026, 10, 22, 10, 0, 0);
    const id = newDecisionId(at);
    expect(id).toMatch(/^dec_[0-9a-f]{12}[0-9a-f]{24}$/);
    expect(parseInt(id.slice(4, 16), 16)).toBe(at);
    const made = [at, at + 1, at + 2, at + 1_000, at + 86_400_000].map((t) => newDecisionId(t));
    expect([...made].sort()).toEqual(made);
    expect(newDecisionId(at)).not.toBe(newDecisionId(at));
  });
});
