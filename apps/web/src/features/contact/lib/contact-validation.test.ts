import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES, LEAD_TEXT_MAX_CHARS } from '../../../lib/lead-validation.ts';
import { validateContact } from './contact-validation.ts';

describe('contact form checks', () => {
  it('needs name, email, company and interest; the message is optional', () => {
    expect(validateContact({ name: 'Hedy', email: 'hedy@example.com', company: 'Spread', interest: 'PCI DSS', message: '' })).toEqual({});
    expect(validateContact({ name: 'Hedy', email: 'ｈｅｄｙ＠ｅｘａｍｐｌｅ．ｃｏｍ', company: 'Spread', interest: 'PCI DSS', message: '' })).toEqual({});
    expect(validateContact({ name: '', email: 'hedy@', company: '', interest: '', message: '' })).toEqual({
      name: LEAD_MESSAGES.nameRequired,
      email: LEAD_MESSAGES.emailInvalid,
      company: LEAD_MESSAGES.companyRequired,
      interest: LEAD_MESSAGES.interestRequired,
    });
  });

  it('measures the message as the server does (an emoji counts twice)', () => {
    const base = { name: 'Hedy', email: 'hedy@example.com', company: 'Spread', interest: 'PCI DSS' };
    expect(validateContact({ ...base, message: '😀'.repeat(LEAD_TEXT_MAX_CHARS / 2) })).toEqual({});
    expect(validateContact({ ...base, message: `${'😀'.repeat(LEAD_TEXT_MAX_CHARS / 2)}!` })).toEqual({ message: LEAD_MESSAGES.textTooLong });
  });
});
