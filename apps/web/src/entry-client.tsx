// The browser entry: hydrates the prerendered page (or renders, in development), after loading
// the matched route's lazy module so that nothing flashes; uncaught errors replace the page. With
// client logging on, the page's performance metrics are logged too.
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App } from './app/app.tsx';
import { resolveLazyRoutes } from './app/resolve-lazy-routes.ts';
import { getRootElement } from './app/root-element.ts';
import { routes } from './app/routes.tsx';
import { installGlobalErrorHandlers } from './lib/fatal-error.ts';
import { isClientLoggingEnabled, logger } from './lib/logger.ts';
import { watchPerformance } from './lib/performance-metrics.ts';
import './styles/index.css';

const rootElement = getRootElement(document);

installGlobalErrorHandlers(window, (error) => {
  logger.error(error instanceof Error ? error : `Uncaught: ${String(error)}`);
});

watchPerformance(window, logger, { isEnabled: isClientLoggingEnabled });

await resolveLazyRoutes(routes, window.location);
const router = createBrowserRouter(routes);
const app = (
  <App>
    <RouterProvider router={router} />
  </App>
);

// The prerendered page has markup in the root; the development page only a placeholder comment.
if (rootElement.firstElementChild) {
  hydrateRoot(rootElement, app, {
    onRecoverableError(error) {
      // A mismatch between the prerendered page and the client is a bug: visible in the console
      // (the browser tests fail on it), reported, but not fatal for the visitor.
      console.error('Bytebound: recovered from a hydration error', error);
      logger.error(error instanceof Error ? error : String(error));
    },
  });
} else {
  createRoot(rootElement).render(app);
}
