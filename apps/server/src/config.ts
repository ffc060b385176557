// Server configuration: read once from the environment, validated, with the defaults the README lists.
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

const environment = z.object({
  PORT: port.default(2002),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  PUBLIC_URL: z.url().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.stringbool().default(false),
  SMTP_URL: z.string().optional(),
  SALES_EMAIL: z.email().default('sales@bytebound.dev'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  SIGNING_KEY: z.string().optional(),
  DATA_KEY: z.string().optional(),
  ACCOUNT_URL: z
    .string()
    .default('/account')
    .refine((value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^/]/.test(value), 'ACCOUNT_URL must be a path on this server (/account) or an http(s) URL'),
  RECEPTIONIST_SESSION_TIMEOUT_MS: z.coerce.number().int().positive().default(1_800_000),
  RECEPTIONIST_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_API_KEY: z.string().optional(),
  BOOKING_TIME_ZONE: z.string().default('Europe/Berlin').refine(isTimeZone, 'BOOKING_TIME_ZONE must be an IANA time zone such as Europe/Berlin'),
  BOOKING_HOURS: z
    .string()
    .default('09:00-17:00')
    .transform((value, ctx) => {
      const hours = parseBookingHours(value);
      if (!hours) ctx.addIssue({ code: 'custom', message: 'BOOKING_HOURS must look like 09:00-17:00 (start before end, on the half hour)' });
      return hours ?? { startMinute: 0, endMinute: 0 };
    }),
  BOOKING_DAYS: z
    .string()
    .default('1-5')
    .transform((value, ctx) => {
      const days = parseIsoWeekdays(value);
      if (!days) ctx.addIssue({ code: 'custom', message: 'BOOKING_DAYS must list ISO weekdays 1 (Monday) to 7 (Sunday), e.g. 1-5 or 1,3,5' });
      return days ?? [];
    }),
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(366).default(14),
  LEADS_RETENTION_DAYS: z.coerce.number().int().positive().default(730),
  BOOKING_RETENTION_DAYS: z.coerce.number().int().positive().default(730),
  // Longer than the notice an inactive account gets before its deletion (ACCOUNT_RETENTION_NOTICE_DAYS).
  ACCOUNT_RETENTION_DAYS: z.coerce.number().int().min(60).default(1_095),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** '09:00-17:00' -> minutes of the day; null when malformed, reversed or off the half hour. */
function parseBookingHours(value: string): { startMinute: number; endMinute: number } | null {
  const match = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const startMinute = Number(match[1]) * 60 + Number(match[2]);
  const endMinute = Number(match[3]) * 60 + Number(match[4]);
  if (startMinute % 30 !== 0 || endMinute % 30 !== 0 || startMinute >= endMinute || endMinute > 24 * 60) return null;
  return { startMinute, endMinute };
}

/** '1-5' or '1,3,5' -> sorted ISO weekdays (1 Monday .. 7 Sunday); null when malformed. */
function parseIsoWeekdays(value: string): number[] | null {
  const days = new Set<number>();
  for (const part of value.split(',').map((p) => p.trim())) {
    const match = /^([1-7])(?:-([1-7]))?$/.exec(part);
    if (!match) return null;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from > to) return null;
    for (let day = from; day <= to; day++) days.add(day);
  }
  return [...days].sort((a, b) => a - b);
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  publicUrl: string;
  webDist: string;
  logLevel: z.infer<typeof environment>['LOG_LEVEL'];
  trustProxy: boolean;
  smtpUrl: string | undefined;
  salesEmail: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  signingKey: string | undefined;
  dataKey: string | undefined;
  /** The account page linked from emails, absolute: ACCOUNT_URL, a path on this server by default (/account). */
  accountUrl: string;
  /** A receptionist session expires after this long without a message (spec: 30 minutes). */
  receptionistSessionTimeoutMs: number;
  /** Stored conversations and personal data of the receptionist are purged after this many days. */
  receptionistRetentionDays: number;
  /** An OpenAI-compatible endpoint that phrases the receptionist's replies; unset: the embedded replies. */
  llm: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
  /** Demo booking: business hours (minutes of the day) and ISO weekdays in the sales time zone, and how many days ahead. */
  booking: { timeZone: string; startMinute: number; endMinute: number; days: number[]; horizonDays: number };
  /** Leads (pilot requests, contacts, lapsed newsletter sign-ups) are purged after this many days. */
  leadsRetentionDays: number;
  /** An account nobody signed in to, and whose API keys nobody used, for this long is deleted (after a notice). */
  accountRetentionDays: number;
  /** Bookings are purged this many days after their slot. */
  bookingRetentionDays: number;
};

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the configuration from environment variables; throws a readable error on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL }
      : { dialect: 'sqlite', file: path.join(dataDir, 'bytebound.db') },
    publicUrl,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repositoryRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    salesEmail: e.SALES_EMAIL,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    signingKey: e.SIGNING_KEY,
    dataKey: e.DATA_KEY,
    accountUrl: e.ACCOUNT_URL.startsWith('/') ? `${publicUrl}${e.ACCOUNT_URL}` : e.ACCOUNT_URL,
    receptionistSessionTimeoutMs: e.RECEPTIONIST_SESSION_TIMEOUT_MS,
    receptionistRetentionDays: e.RECEPTIONIST_RETENTION_DAYS,
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL.replace(/\/$/, ''), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY } : undefined,
    booking: { timeZone: e.BOOKING_TIME_ZONE, ...e.BOOKING_HOURS, days: e.BOOKING_DAYS, horizonDays: e.BOOKING_HORIZON_DAYS },
    leadsRetentionDays: e.LEADS_RETENTION_DAYS,
    bookingRetentionDays: e.BOOKING_RETENTION_DAYS,
    accountRetentionDays: e.ACCOUNT_RETENTION_DAYS,
  };
}
