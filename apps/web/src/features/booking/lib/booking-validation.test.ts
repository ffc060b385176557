import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES, LEAD_TEXT_MAX_CHARS } from '../../../lib/lead-validation.ts';
import { SLOT_REQUIRED, validateBooking } from './booking-validation.ts';

const valid = { name: 'Ada Lovelace', email: 'ada@analytical.example', company: 'Analytical Engines', interest: 'GDPR', notes: '' };

describe('booking form checks', () => {
  it('accepts a complete form with a chosen slot', () => {
    expect(validateBooking(valid, true)).toEqual({});
  });

  it('names every missing field and the missing slot', () => {
    expect(validateBooking({ name: ' ', email: '', company: '', interest: '', notes: '' }, false)).toEqual({
      slot: SLOT_REQUIRED,
      name: LEAD_MESSAGES.nameRequired,
      email: LEAD_MESSAGES.emailRequired,
      company: LEAD_MESSAGES.companyRequired,
      interest: LEAD_MESSAGES.interestRequired,
    });
  });

  it('refuses a malformed email and notes over the server limit', () => {
    expect(validateBooking({ ...valid, email: 'ada@', notes: 'x'.repeat(LEAD_TEXT_MAX_CHARS + 1) }, true)).toEqual({
      email: LEAD_MESSAGES.emailInvalid,
      notes: LEAD_MESSAGES.textTooLong,
    });
    expect(validateBooking({ ...valid, notes: 'x'.repeat(LEAD_TEXT_MAX_CHARS) }, true)).toEqual({});
  });
});
