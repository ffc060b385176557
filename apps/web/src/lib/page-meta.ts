// Document title and meta description per route: the prerender writes them into each page's head,
// and DocumentMeta keeps them current as the client router navigates.
import { PRODUCT_NAME } from '../config/app.ts';

export type PageMeta = { title: string; description: string };
export type RouteHandle = { meta: PageMeta };

/** A route's handle: its page title (the product name is appended) and description. */
export function pageHandle(title: string, description: string): RouteHandle {
  return { meta: { title: `${title} · ${PRODUCT_NAME}`, description } };
}

export const defaultMeta: PageMeta = {
  title: `${PRODUCT_NAME} — the first legal-to-code compiler`,
  description:
    'Bytebound compiles legal text into machine-enforceable policy and decides allow or block before an AI agent acts, with a signed proof.',
};

export const notFoundMeta: PageMeta = {
  title: `Page not found · ${PRODUCT_NAME}`,
  description: 'There is no page at this address. Go to the Bytebound homepage, documentation or pricing.',
};

export const errorMeta: PageMeta = {
  title: `Error · ${PRODUCT_NAME}`,
  description: 'This page could not be shown.',
};

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

/** The meta of the deepest matched route that has one. */
export function metaForMatches(matches: ReadonlyArray<{ handle?: unknown }>): PageMeta {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.meta;
  }
  return defaultMeta;
}
