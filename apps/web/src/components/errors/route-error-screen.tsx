// The router's error screen: an unmatched path ('404 Not Found') or a route that failed to load or
// render. Production builds show the message only, never a stack.
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths.ts';
import { logger } from '../../lib/logger.ts';
import { errorMeta, notFoundMeta } from '../../lib/page-meta.ts';
import { AppShell } from '../layout/app-shell.tsx';

export function RouteErrorScreen() {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : null;
  const detail = response
    ? `${response.status} ${response.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  const notFound = response?.status === 404;

  useEffect(() => {
    if (!notFound) logger.error(`Route error at ${window.location.pathname}: ${detail}`);
  }, [notFound, detail]);

  return (
    <AppShell meta={notFound ? notFoundMeta : errorMeta}>
      <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6" aria-labelledby="route-error-title">
        <h1 id="route-error-title" className="text-3xl font-bold text-white sm:text-4xl">
          Unexpected Application Error!
        </h1>
        <p className="mt-4 text-xl font-medium text-brand-300" data-testid="route-error-detail">
          {detail}
        </p>
        <p className="mt-6 text-slate-300">
          {notFound ? 'There is no page at this address.' : 'This page could not be shown.'}{' '}
          <Link to={paths.home} className="text-brand-300 underline underline-offset-2 hover:text-brand-200">
            Go to the homepage
          </Link>
          .
        </p>
        {stack && <pre className="mt-8 overflow-x-auto rounded-lg bg-ink-900 p-4 text-left text-xs text-slate-300">{stack}</pre>}
      </section>
    </AppShell>
  );
}
