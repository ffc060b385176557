// The prerender entry: renders one path of the site to static HTML with its title and description,
// through the same route table and component tree as the browser (no hydration data: the pages
// have no loaders, and the Content-Security-Policy allows no inline script).
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router';
import { App } from './app/app.tsx';
import { prerenderPaths, routeModules, routes } from './app/routes.tsx';
import { clientRoutePrefixes, redirects } from './config/paths.ts';
import { errorMeta, metaForMatches, notFoundMeta, type PageMeta } from './lib/page-meta.ts';

export type RenderResult =
  | { kind: 'page'; status: number; html: string; meta: PageMeta; modules: string[] }
  | { kind: 'redirect'; status: number; location: string };

const handler = createStaticHandler(routes);

export async function render(path: string): Promise<RenderResult> {
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <App>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
  const error = context.errors ? Object.values(context.errors)[0] : undefined;
  const meta = error === undefined ? metaForMatches(context.matches.map((m) => m.route)) : isRouteErrorResponse(error) && error.status === 404 ? notFoundMeta : errorMeta;
  const modules = context.matches.flatMap((m) => (m.route.id && routeModules[m.route.id] ? [routeModules[m.route.id] as string] : []));
  return { kind: 'page', status: context.statusCode, html, meta, modules };
}

export { clientRoutePrefixes, prerenderPaths, redirects };
