// Request addresses as the server accepts them: no encoded NUL character (%00) in a path or a query.
// No route takes one, and PostgreSQL's text columns cannot store it, so it is refused here, with
// the reason, rather than by the database (JSON bodies follow the same rule in json-body.ts). An
// API query names each parameter once: no API route takes a list in its query, and a repeated one
// would reach its schema as a list ("expected string, received array"). The site's pages are left
// alone: a link may repeat a tracking parameter.
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

export function applyUrlRules(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.includes('%00')) return done(new HttpError(400, 'The address holds an encoded NUL character (%00), which no path or query accepts'));
    // The route the path reached (its letters decoded), so that /%61pi/ is held to the rule as /api/ is.
    if ((request.routeOptions.url ?? request.url).startsWith('/api/')) {
      const query = request.query as Record<string, unknown>;
      for (const name in query) {
        if (Array.isArray(query[name])) return done(new HttpError(400, `The query gives ${name.slice(0, 40)} more than once: give each parameter once`));
      }
    }
    done();
  });
}
