// The routes an app serves, read from Fastify's own route tree, so that tests covering every route
// cannot miss one added later.
import type { FastifyInstance } from 'fastify';

/** Every route and method the app serves but HEAD (Fastify's copy of each GET), children below their parent in the tree. */
export function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const trail: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    trail.length = depth;
    trail.push(match[2]!);
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url: trail.join('') });
  }
  return routes;
}
