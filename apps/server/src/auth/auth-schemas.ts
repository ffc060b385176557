// Request bodies of the auth API. Messages are the spec's (section 5), so the server's answer is
// what the form would have said.
import { z } from 'zod';
import { emailField } from '../email/email-address.ts';
import { PASSWORD_MAX_CHARS } from './account-constants.ts';
import { PASSWORD_MESSAGES } from './passwords.ts';

const NAME_MAX = 100;
/** A control character (C0, DEL, C1): never part of a name, and an escape sequence in an operator's terminal. */
export const CONTROL_CHARACTER = /\p{Cc}/u;
/** A control character other than a tab or a line break: what a text of several lines may not hold. */
export const CONTROL_CHARACTER_IN_TEXT = /(?![\t\n\r])\p{Cc}/u;

/**
 * A password as sent: at most PASSWORD_MAX_CHARS characters, counted as the minimum counts them (by
 * code point: an emoji is one character, as the person typing it sees it).
 */
export const sentPassword = z
  .string({ error: 'Password is required' })
  .max(2 * PASSWORD_MAX_CHARS, PASSWORD_MESSAGES.tooLong)
  .refine((password) => [...password].length <= PASSWORD_MAX_CHARS, PASSWORD_MESSAGES.tooLong);

const email = emailField({ required: 'Email is required', invalid: 'Please enter a valid email' });

const required = (message: string) => {
  const field = message.replace(' is required', '');
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(NAME_MAX, `${field} must be at most ${NAME_MAX} characters`)
    .refine((value) => !CONTROL_CHARACTER.test(value), `${field} cannot contain control characters`);
};

export const signInBody = z.object({
  email,
  password: sentPassword.min(1, 'Password is required'),
  rememberMe: z.boolean().optional().default(false),
});

export const registerBody = z.object({
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  email,
  companyName: required('Company name is required'),
  password: z.string({ error: 'Password is required' }),
  subscribeNewsletter: z.boolean().optional().default(false),
  acceptTerms: z.literal(true, { error: 'You must agree to the terms' }),
  termsVersion: z.string().max(40).optional(),
});

export const forgotPasswordBody = z.object({
  email: emailField({ required: 'Email is required', invalid: 'Please enter a valid email address' }),
});

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please request a new one.';
export const resetPasswordBody = z.object({
  token: z.string().min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  password: z.string({ error: 'Password is required' }),
});

export const logoutBody = z.object({ everywhere: z.boolean().optional().default(false) }).optional();

/** The first problem of a failed parse, as one message for the form. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}
