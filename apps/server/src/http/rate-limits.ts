// The rate limits a route opts into (config of @fastify/rate-limit, counted per route: in memory on
// SQLite, in the database on PostgreSQL). Three ways to count: per client address (the proxy's
// X-Forwarded-For under TRUST_PROXY), per API key and per signed-in account. The last two count
// after the credentials are checked (preHandler), so a caller without them meets the 401 first and
// one key or account cannot spend another's allowance.
import type { FastifyRequest } from 'fastify';

type Window = '1 minute' | '1 hour';

/** `max` requests a window per client address. */
export const perClient = (max: number, timeWindow: Window = '1 minute') => ({ rateLimit: { max, timeWindow } });

/** `max` requests a minute per API key (routes behind requireApiKey). */
export const perApiKey = (max: number) => ({
  rateLimit: { hook: 'preHandler' as const, max, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `key:${request.apiKey?.id ?? request.ip}` },
});

/** `max` requests a minute per signed-in account (routes behind requireSession). */
export const perAccount = (max: number) => ({
  rateLimit: { hook: 'preHandler' as const, max, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `account:${request.session?.account.id ?? request.ip}` },
});
