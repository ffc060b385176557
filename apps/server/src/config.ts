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
  ACCOUNT_URL: z.string().default('/account'),
  RECEPTIONIST_SESSION_TIMEOUT_MS: z.coerce.number().int().positive().default(1_800_000),
  RECEPTIONIST_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_API_KEY: z.string().optional(),
});

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
  accountUrl: string;
  /** A receptionist session expires after this long without a message (spec: 30 minutes). */
  receptionistSessionTimeoutMs: number;
  /** Stored conversations and personal data of the receptionist are purged after this many days. */
  receptionistRetentionDays: number;
  /** An OpenAI-compatible endpoint that phrases the receptionist's replies; unset: the embedded replies. */
  llm: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL }
      : { dialect: 'sqlite', file: path.join(dataDir, 'bytebound.db') },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDist: path.resolve(e.WEB_DIST ?? path.join(repositoryRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    salesEmail: e.SALES_EMAIL,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    signingKey: e.SIGNING_KEY,
    dataKey: e.DATA_KEY,
    accountUrl: e.ACCOUNT_URL,
    receptionistSessionTimeoutMs: e.RECEPTIONIST_SESSION_TIMEOUT_MS,
    receptionistRetentionDays: e.RECEPTIONIST_RETENTION_DAYS,
    llm: e.LLM_BASE_URL ? { baseUrl: e.LLM_BASE_URL.replace(/\/$/, ''), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY } : undefined,
  };
}
