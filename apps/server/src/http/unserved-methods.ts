// Requests the app has no route for. At an address a route serves with other methods, the answer
// is 405 with an Allow header naming those methods (RFC 9110 section 15.5.6), so that a caller who
// sent GET to POST /api/v1/decide learns what to send instead of reading that the address does
// not exist; anywhere else it is 404. The methods are looked up in a router of their own that
// holds every route the app declares (Fastify's own router answers one method at a time), except
// the site's catch-all page route (it answers GET at any address, so it says nothing about one) and
// routes declared only to refuse their method with a message of their own (REFUSES_METHOD).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import findMyWay from 'find-my-way';

type HTTPMethod = findMyWay.HTTPMethod;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers 405 itself: its method is not one the address is served with. */
    refusesMethod?: boolean;
  }
}

/** The config of a route that only refuses its method (405 with its own message and Allow header). */
export const REFUSES_METHOD = { refusesMethod: true } as const;

/** Declares the not-found handler, and the hook that learns every route declared after this call. */
export function answerUnservedMethods(app: FastifyInstance): void {
  const declared = findMyWay();
  const methods = new Set<HTTPMethod>();
  app.addHook('onRoute', ({ method, url, config }) => {
    if (url === '/*' || config?.refusesMethod) return;
    for (const one of [method].flat() as HTTPMethod[]) {
      // Fastify declares GET routes' HEAD routes itself; a route is learnt once.
      if (declared.hasRoute(one, url)) continue;
      methods.add(one);
      declared.on(one, url, () => undefined);
    }
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const allowed = [...methods].filter((method) => declared.find(method, path) !== null).sort();
    if (allowed.length === 0) return reply.status(404).send({ error: `No route ${request.method} ${path}` });
    return reply
      .status(405)
      .header('allow', allowed.join(', '))
      .send({ error: `${request.method} is not served at ${path}: it answers ${allowed.join(', ')}` });
  });
}
