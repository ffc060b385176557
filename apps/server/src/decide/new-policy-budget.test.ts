import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { NewPolicyBudget } from './new-policy-budget.ts';

const refusal = (charge: () => void): HttpError | null => {
  try {
    charge();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
};

describe('the budget of new policy text', () => {
  const minute = Date.UTC(2026, 10, 30, 9, 0, 0);

  it('takes a caller’s text up to the budget in a minute, then refuses until the next minute begins', () => {
    const budget = new NewPolicyBudget(1_000);
    budget.charge('ip:10.0.0.1', 'x'.repeat(600), minute + 1_000);
    budget.charge('ip:10.0.0.1', 'x'.repeat(400), minute + 2_000);
    const refused = refusal(() => budget.charge('ip:10.0.0.1', 'x', minute + 45_500));
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers).toEqual({ 'retry-after': '15' });
    // Another caller has a budget of its own; the first has a new one a minute later.
    expect(refusal(() => budget.charge('key:k1', 'x'.repeat(1_000), minute + 45_500))).toBeNull();
    expect(refusal(() => budget.charge('ip:10.0.0.1', 'x'.repeat(1_000), minute + 60_000))).toBeNull();
  });

  it('counts bytes, not characters, and refuses text that would pass the budget without counting it', () => {
    const budget = new NewPolicyBudget(10);
    expect(refusal(() => budget.charge('ip:10.0.0.2', 'é'.repeat(6), minute))?.statusCode).toBe(429);
    expect(refusal(() => budget.charge('ip:10.0.0.2', 'é'.repeat(5), minute))).toBeNull();
  });
});
