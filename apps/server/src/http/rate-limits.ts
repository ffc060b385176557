// The rate limits a route opts into (config of @fastify/rate-limit, counted per route over the last
// minute or hour by a sliding-window counter: in memory on SQLite, in the database on PostgreSQL;
// sliding-window.ts), counted per client address (the proxy's X-Forwarded-For
// under TRUST_PROXY), per API key, per signed-in account, or per whichever of the two a route takes.
// Those on credentials count after they are checked (preHandler), so a caller without them meets the
// 401 first and one key or account cannot spend another's allowance (one office, many accounts).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../email/messages.ts';

type Window = '1 minute' | '1 hour';

/** `max` requests a window per client address. */
export const perClient = (max: number, timeWindow: Window = '1 minute') => ({ rateLimit: { max, timeWindow } });

/**
 * `max` requests a minute per client address, for a page a person opens from an email, or whose form
 * they send (route options, not only its config): past the limit the answer is a page (made by
 * `page`, as the route's own) that says when to try again, not the JSON an API caller gets. Other
 * errors go on to the JSON handler.
 */
export const perClientPage = (max: number, page: (title: string, body: string) => string) => ({
  config: perClient(max),
  errorHandler: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    if (error.statusCode !== 429) throw error;
    const seconds = escapeHtml(String(reply.getHeader('retry-after') ?? 60));
    return reply
      .status(429)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('Too many requests', `<p>This page was asked for too often from your network. Please try again in ${seconds} seconds.</p>`));
  },
});

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
