import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES, LEAD_TEXT_MAX_CHARS } from '../../../lib/lead-validation.ts';
import { PILOT_MESSAGES, validatePilot } from './pilot-validation.ts';

const valid = { name: 'Katherine Johnson', email: 'kj@nasa.example', company: 'NASA', useCase: 'Claims agents', regulations: ['HIPAA' as const] };

describe('pilot request checks', () => {
  it('accepts a complete request', () => {
    expect(validatePilot(valid)).toEqual({});
  });

  it('asks for every missing field and at least one regulation', () => {
    expect(validatePilot({ name: '', email: ' ', company: '', useCase: '', regulations: [] })).toEqual({
      name: LEAD_MESSAGES.nameRequired,
      email: LEAD_MESSAGES.emailRequired,
      company: LEAD_MESSAGES.companyRequired,
      useCase: PILOT_MESSAGES.useCaseRequired,
      regulations: PILOT_MESSAGES.regulationsRequired,
    });
  });

  it('refuses a use case longer than the server takes', () => {
    expect(validatePilot({ ...valid, useCase: 'x'.repeat(LEAD_TEXT_MAX_CHARS + 1) })).toEqual({ useCase: LEAD_MESSAGES.textTooLong });
  });
});
