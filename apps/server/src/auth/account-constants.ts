// Account, session, password and billing constants (spec section 9 "Account" and DESIGN section 8),
// named as the spec names them. Every auth, email, billing and account module imports them from here.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const TRIAL_DAYS = 14;
export const TRIAL_MS = TRIAL_DAYS * DAY_MS;
export const REMEMBER_ME_DAYS = 30;
export const REMEMBER_ME_MS = REMEMBER_ME_DAYS * DAY_MS;
/** Without 'remember me' the cookie ends with the browser session and the server ends the session after this. */
export const SESSION_MS = 12 * HOUR_MS;
export const RESET_LINK_EXPIRY_MS = 1 * HOUR_MS;
export const PASSWORD_MIN_CHARS = 8;
/** argon2 hashes at most this many bytes; longer passwords are refused rather than silently cut. */
export const PASSWORD_MAX_CHARS = 256;
/** The terms a registration accepts; recorded with the account. */
export const TERMS_VERSION = '2026-01';

/** argon2id, OWASP's minimum: m = 19 MiB, t = 2, p = 1. */
export const ARGON2_MEMORY_KIB = 19 * 1024;
export const ARGON2_TIME_COST = 2;
export const ARGON2_PARALLELISM = 1;

/** Session tokens, cookie binders, reset and data-rights tokens: 256 random bits each. */
export const TOKEN_BYTES = 32;
export const SESSION_COOKIE = 'bytebound_session';

/** Sign-in throttling: this many failures are free, then each further one doubles the wait. */
export const SIGNIN_FREE_FAILURES_PER_ACCOUNT = 5;
export const SIGNIN_FREE_FAILURES_PER_IP = 20;
export const SIGNIN_BASE_DELAY_MS = 2_000;
export const SIGNIN_MAX_DELAY_MS = 15 * MINUTE_MS;
/** Failures older than this no longer count. */
export const SIGNIN_FAILURE_WINDOW_MS = 1 * HOUR_MS;

/** Per IP and per route. */
export const REGISTER_RATE_PER_HOUR = 30;
/**
 * Registration, failed sign-ins and forgot-password answer no sooner than this after the request
 * arrived, so the answer's time does not tell a taken email from a new one, a wrong password from
 * an unknown account, or a known email from an unknown one (the work behind each path differs by a
 * few database writes). Above argon2id's cost.
 */
export const AUTH_ANSWER_FLOOR_MS = 250;
export const FORGOT_PASSWORD_RATE_PER_HOUR_PER_IP = 20;
/** Reset emails per address per hour; more requests answer the same but send nothing. */
export const FORGOT_PASSWORD_PER_EMAIL_PER_HOUR = 3;
export const GDPR_REQUEST_RATE_PER_HOUR = 10;
export const GDPR_LINK_EXPIRY_MS = 24 * HOUR_MS;

/** Stripe cannot end a trial less than 48 hours ahead; with less left, billing starts at checkout. */
export const MIN_STRIPE_TRIAL_MS = 2 * DAY_MS;
export const RECENT_DECISIONS_SHOWN = 20;
export const API_KEYS_PER_ACCOUNT_MAX = 20;

/** Retention of account records that are not the account itself. */
export const OUTBOX_RETENTION_MS = 30 * DAY_MS;
/** An inactive account is told this long before it is deleted (account-retention.ts). */
export const ACCOUNT_RETENTION_NOTICE_DAYS = 30;
export const TOKEN_RECORD_RETENTION_MS = 7 * DAY_MS;
export const BILLING_EVENT_RETENTION_MS = 400 * DAY_MS;

export const PRODUCT_NAME = 'Bytebound';
