// Request addresses as the server accepts them: no encoded NUL character (%00) in a path or a query.
// No route takes one, and PostgreSQL's text columns cannot store it, so it is refused here, with
// the reason, rather than by the database (JSON bodies follow the same rule in json-body.ts).
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

export function refuseNulInUrls(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('%00') ? new HttpError(400, 'The address holds an encoded NUL character (%00), which no path or query accepts') : undefined);
  });
}
