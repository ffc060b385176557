// Checks shared by the site's lead forms (booking, pilot request, contact, newsletter): the same
// messages everywhere, and the server's limits so a form never sends what the server refuses.
import { isValidEmail } from './email-address.ts';

/** The server accepts at most this many characters of notes, use case or message. */
export const LEAD_TEXT_MAX_CHARS = 2_000;

/** The server's limits of the one-line fields (the inputs stop there). */
export const LEAD_NAME_MAX_CHARS = 200;
export const LEAD_COMPANY_MAX_CHARS = 200;
export const LEAD_INTEREST_MAX_CHARS = 500;

export const LEAD_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your work email',
  emailInvalid: 'Please enter a valid email address, like name@company.com',
  companyRequired: 'Please enter your company',
  interestRequired: 'Please tell us what you would like to see',
  textTooLong: `Please keep this under ${LEAD_TEXT_MAX_CHARS.toLocaleString('en-US')} characters`,
  network: 'We could not reach the server. Please check your connection and try again.',
} as const;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return LEAD_MESSAGES.emailRequired;
  if (!isValidEmail(email)) return LEAD_MESSAGES.emailInvalid;
  return undefined;
}

export function requiredProblem(value: string, message: string): string | undefined {
  return value.trim() ? undefined : message;
}

export function lengthProblem(value: string): string | undefined {
  // UTF-16 units, as the server's schema counts them (an emoji is two).
  return value.length > LEAD_TEXT_MAX_CHARS ? LEAD_MESSAGES.textTooLong : undefined;
}

/** Drops the fields without a problem, so `Object.keys(errors).length` counts the problems. */
export function onlyProblems<K extends string>(errors: Record<K, string | undefined>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<K>;
}

/** The server's `error` text when the failure carried one, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof Error) return error.message === 'Network Error' ? LEAD_MESSAGES.network : fallback;
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string' && error.error) return error.error;
  return fallback;
}
