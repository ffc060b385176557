// The rate limits a route opts into (config of @fastify/rate-limit, counted per route: in memory on
// SQLite, in the database on PostgreSQL), counted per client address (the proxy's X-Forwarded-For
// under TRUST_PROXY), per API key, per signed-in account, or per whichever of the two a route takes.
// Those on credentials count after they are checked (preHandler), so a caller without them meets the
// 401 first and one key or account cannot spend another's allowance (one office, many accounts).
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

/** `max` requests a minute per API key, or per account for a signed-in caller (routes that take either). */
export const perKeyOrAccount = (max: number) => ({
  rateLimit: {
    hook: 'preHandler' as const,
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => (request.apiKey ? `key:${request.apiKey.id}` : `account:${request.session?.account.id ?? request.ip}`),
  },
});
