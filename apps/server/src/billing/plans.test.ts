// The server's plans and the payment page's must say the same prices and limits, and annual must
// stay 10 x monthly (DESIGN section 8: 'Save 17%').
import { describe, expect, it } from 'vitest';
import { ANNUAL_SAVINGS_BADGE, PAYMENT_PLANS } from '../../../web/src/config/constants.ts';
import { ANNUAL_PRICE_MONTHS, PLANS } from './plans.ts';

describe('plans', () => {
  it('match the payment page', () => {
    for (const page of PAYMENT_PLANS) {
      const plan = PLANS[page.name];
      expect(plan.price, page.name).toEqual(page.price);
      expect(plan.entitlements.apiCallsPerMonth, page.name).toBe(page.limits.apiCalls);
      expect(plan.support, page.name).toBe(page.limits.support);
    }
    expect(Object.keys(PLANS).sort()).toEqual(PAYMENT_PLANS.map((p) => p.name).sort());
  });

  it('price a year as 10 months, which saves 17%', () => {
    for (const plan of Object.values(PLANS)) expect(plan.price.annual).toBe(plan.price.monthly * ANNUAL_PRICE_MONTHS);
    const saving = Math.round((1 - ANNUAL_PRICE_MONTHS / 12) * 100);
    expect(ANNUAL_SAVINGS_BADGE).toBe(`Save ${saving}%`);
  });
});
