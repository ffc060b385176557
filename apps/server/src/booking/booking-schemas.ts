// Request shapes of the booking API, with the messages a visitor reads next to the form.
import { z } from 'zod';
import { CONTROL_CHARACTER, CONTROL_CHARACTER_IN_TEXT } from '../auth/auth-schemas.ts';
import { emailField } from '../email/email-address.ts';
import { BOOKING_MESSAGES, COMPANY_MAX_CHARS, INTEREST_MAX_CHARS, NAME_MAX_CHARS, NOTES_MAX_CHARS } from './booking-constants.ts';

export const workEmail = emailField({ required: 'Please enter your work email', invalid: 'Please enter a valid email address' });

export const requiredText = (message: string, max: number, label: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} can be at most ${max.toLocaleString('en-US')} characters`);

/** A long text keeps its lines, and nothing a keyboard does not type (an escape sequence in an operator's terminal or export). */
const notControlled = (label: string) => [(value: string) => !CONTROL_CHARACTER_IN_TEXT.test(value), `${label} cannot contain control characters other than tabs and line breaks`] as const;

/** A text of several lines that must be given (a pilot's use case). */
export const requiredLongText = (message: string, max: number, label: string) => requiredText(message, max, label).refine(...notControlled(label));

export const optionalLongText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} can be at most ${max.toLocaleString('en-US')} characters`)
    .refine(...notControlled(label))
    .transform((value) => value.trim() || null)
    .optional();

/** A one-line field (it ends up in email subjects, calendar parameters and the operators' view): runs of whitespace, line breaks included, become one space; other control characters are refused. */
const singleLine = (message: string, max: number, label: string) =>
  requiredText(message, max, label)
    .transform((value) => value.replace(/\s+/g, ' '))
    .refine((value) => !CONTROL_CHARACTER.test(value), `${label} cannot contain control characters`);

export const personFields = {
  name: singleLine('Please enter your name', NAME_MAX_CHARS, 'Name'),
  email: workEmail,
  company: singleLine('Please enter your company', COMPANY_MAX_CHARS, 'Company'),
  interest: singleLine('Please tell us what you are interested in', INTEREST_MAX_CHARS, 'Interest'),
};

export const bookingBody = z
  .object({
    slotStart: z.string({ error: 'Please choose a slot' }).min(1, 'Please choose a slot').max(40, 'Please choose a slot'),
    ...personFields,
    notes: optionalLongText(NOTES_MAX_CHARS, 'Notes'),
    timeZone: z.string({ error: 'timeZone is required' }).min(1, 'timeZone is required').max(100, BOOKING_MESSAGES.badTimeZone),
    source: z.enum(['site', 'chat', 'pilot'], { error: 'source must be site, chat or pilot' }).optional(),
    pilotRequestId: z.string().max(100).optional(),
  })
  .strict();

/** ?from&days, days at most the booking horizon (BOOKING_HORIZON_DAYS). */
export const slotsQuery = (horizonDays: number) =>
  z
    .object({
      from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 date-time, e.g. 2026-11-23T08:00:00.000Z' }).optional(),
      // Decimal digits only: a number coerced from the text would also take '' (0), '0x5' and '5e0'.
      days: z
        .string()
        .regex(/^\d{1,4}$/, `days must be a whole number from 1 to ${horizonDays}`)
        .transform(Number)
        .pipe(z.number().min(1, 'days must be at least 1').max(horizonDays, `days can be at most ${horizonDays}`))
        .optional(),
    });

/** An emailed link's token; one longer than any token made gets the link's own `invalid` message. */
const linkToken = (invalid: string) => z.string({ error: 'token is required' }).min(1, 'token is required').max(200, invalid);
export const linkTokenBody = (invalid: string) => z.object({ token: linkToken(invalid) }).strict();
export const tokenBody = linkTokenBody(BOOKING_MESSAGES.linkInvalid);
/** Query strings are links people follow: other parameters (utm_..., cache busters) are ignored. */
export const tokenQuery = z.object({ token: linkToken(BOOKING_MESSAGES.linkInvalid) });
