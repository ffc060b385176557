// Loads the lazy route modules that match a location and folds them into the route objects, so
// that the router starts already initialised: hydration then renders exactly the prerendered page.
import { matchRoutes, type RouteObject } from 'react-router';

export async function resolveLazyRoutes(routes: RouteObject[], location: string | { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}
