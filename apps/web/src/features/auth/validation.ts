// Validation of the sign-in, register, forgot and reset forms with the spec's messages (section 5),
// and the informational password strength meter (0-4: Very Weak .. Strong).
import { PASSWORD_MIN_CHARS } from '../../config/constants.ts';
import { isValidEmail } from '../../lib/email-address.ts';

export const MESSAGES = {
  emailInvalidInline: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  companyRequired: 'Company name is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_CHARS} characters`,
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  termsRequired: 'You must agree to the terms',
  signInFailed: 'Sign in failed. Please check your credentials.',
  registerFailed: 'Registration failed. Please try again.',
  network: 'Unable to connect to the server. Please try again.',
  forgotNetwork: 'Unable to process request. Please try again.',
} as const;

export type Errors<K extends string> = Partial<Record<K, string>>;

export type SignInValues = { email: string; password: string; rememberMe: boolean };

/** The sign-in container's checks (the form also blocks submission while any would fail). */
export function validateSignIn(values: SignInValues): Errors<'email' | 'password'> {
  const errors: Errors<'email' | 'password'> = {};
  if (!values.email.trim()) errors.email = MESSAGES.emailRequired;
  else if (!isValidEmail(values.email)) errors.email = MESSAGES.emailInvalid;
  if (!values.password) errors.password = MESSAGES.passwordRequired;
  return errors;
}

/** Sign-in submits only with a valid email, a password, and no request under way. */
export function canSubmitSignIn(values: SignInValues, loading: boolean): boolean {
  return !loading && isValidEmail(values.email) && values.password.length > 0;
}

/** The inline message under the sign-in email field. */
export function signInEmailHint(email: string): string | null {
  return email.trim() && !isValidEmail(email) ? MESSAGES.emailInvalidInline : null;
}

export type RegisterValues = {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
  subscribeNewsletter: boolean;
};

export type RegisterField = 'firstName' | 'lastName' | 'companyName' | 'email' | 'password' | 'confirmPassword' | 'acceptTerms';

export function validateRegister(values: RegisterValues): Errors<RegisterField> {
  const errors: Errors<RegisterField> = {};
  if (!values.firstName.trim()) errors.firstName = MESSAGES.firstNameRequired;
  if (!values.lastName.trim()) errors.lastName = MESSAGES.lastNameRequired;
  if (!values.email.trim()) errors.email = MESSAGES.emailRequired;
  else if (!isValidEmail(values.email)) errors.email = MESSAGES.emailInvalid;
  if (!values.companyName.trim()) errors.companyName = MESSAGES.companyRequired;
  if (!values.password) errors.password = MESSAGES.passwordRequired;
  else if ([...values.password].length < PASSWORD_MIN_CHARS) errors.password = MESSAGES.passwordTooShort;
  if (!values.confirmPassword) errors.confirmPassword = MESSAGES.confirmRequired;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = MESSAGES.passwordsDiffer;
  if (!values.acceptTerms) errors.acceptTerms = MESSAGES.termsRequired;
  return errors;
}

export function validateForgotPassword(email: string): string | null {
  if (!email.trim()) return MESSAGES.emailRequired;
  if (!isValidEmail(email)) return MESSAGES.emailInvalidInline;
  return null;
}

export type ResetValues = { password: string; confirmPassword: string };

export function validateReset(values: ResetValues): Errors<'password' | 'confirmPassword'> {
  const errors: Errors<'password' | 'confirmPassword'> = {};
  if (!values.password) errors.password = MESSAGES.passwordRequired;
  else if ([...values.password].length < PASSWORD_MIN_CHARS) errors.password = MESSAGES.passwordTooShort;
  if (!values.confirmPassword) errors.confirmPassword = MESSAGES.confirmRequired;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = MESSAGES.passwordsDiffer;
  return errors;
}

export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/** One point each for: length >= 8, mixed case, a digit, a special character. */
export function passwordStrength(password: string): { score: 0 | 1 | 2 | 3 | 4; label: (typeof STRENGTH_LABELS)[number] } {
  let score = 0;
  if ([...password].length >= PASSWORD_MIN_CHARS) score++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  const s = score as 0 | 1 | 2 | 3 | 4;
  return { score: s, label: STRENGTH_LABELS[s] };
}

/** The server's `error` when the failure carried one, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error) return error.message === 'Network Error' ? MESSAGES.network : fallback;
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string' && error.error) return error.error;
  return fallback;
}

export const isNetworkError = (error: unknown) => error instanceof Error && error.message === 'Network Error';

/** A local path to return to after sign-in; anything else (other origins, '//host') is refused. */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}
