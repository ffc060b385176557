// Serves the built site: prerendered HTML per route (never cached), hashed assets (cached for a
// year), precompressed variants, client routes that live under a prerendered page, permanent
// redirects for moved paths, and the prerendered 404 page for everything else. API paths never reach this plugin's fallback.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REFUSES_METHOD } from '../http/unserved-methods.ts';

type SiteManifest = {
  /** Path prefixes whose sub-paths are client routes served by that prefix's prerendered page. */
  clientRoutePrefixes: string[];
  /** Paths that moved: answered with a permanent redirect. */
  redirects?: Record<string, string>;
};

const HTML_CACHE = 'no-cache';
const ASSET_CACHE = 'public, max-age=31536000, immutable';
const FILE_CACHE = 'public, max-age=3600';

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const root = app.config.webDist;
  const files = listFiles(root);
  if (files.size === 0) {
    app.log.warn({ root }, 'the site is not built; run npm run build');
  }
  const manifest: SiteManifest = files.has('/site-manifest.json')
    ? (JSON.parse(fs.readFileSync(path.join(root, 'site-manifest.json'), 'utf8')) as SiteManifest)
    : { clientRoutePrefixes: [] };

  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false, etag: true, lastModified: true });

  function sendPage(reply: FastifyReply, file: string, status = 200) {
    return reply.status(status).header('cache-control', HTML_CACHE).type('text/html; charset=utf-8').sendFile(file.slice(1));
  }

  app.get('/*', async (request, reply) => {
    const pathname = decodePath(request.url);
    if (pathname === null) return reply.status(400).send({ error: 'Malformed path' });
    // An API address is never a page: 404, or 405 where the API serves it with other methods.
    if (isApiPath(pathname)) return reply.callNotFound();
    if (files.size === 0) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The site is not built yet: run npm run build, then start the server again.');
    }
    const moved = manifest.redirects?.[pathname.replace(/(.)\/+$/, '$1')];
    if (moved) return reply.redirect(moved, 308);
    if (files.has(pathname) && !pathname.endsWith('.html')) {
      const cache = pathname.startsWith('/assets/') ? ASSET_CACHE : FILE_CACHE;
      return reply.header('cache-control', cache).sendFile(pathname.slice(1));
    }
    const page = pageFor(pathname, files, manifest);
    if (page) return sendPage(reply, page);
    return files.has('/404.html') ? sendPage(reply, '/404.html', 404) : reply.status(404).send({ error: 'Not found' });
  });

  // A page or file of the site is read, never written: another method there is 405 with the methods
  // it answers; an address the site does not have, or the API's, answers as the app does (404 or 405).
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    config: REFUSES_METHOD,
    handler: async (request, reply) => {
      const pathname = decodePath(request.url);
      const served = pathname !== null && !isApiPath(pathname) && (files.has(pathname) || pageFor(pathname, files, manifest) !== null);
      if (!served) return reply.callNotFound();
      return reply.status(405).header('allow', 'GET, HEAD').send({ error: `${request.method} is not served at ${pathname}: it answers GET, HEAD` });
    },
  });
}

const isApiPath = (pathname: string) => pathname.startsWith('/api/') || pathname === '/api';

function decodePath(url: string): string | null {
  try {
    const pathname = decodeURIComponent(new URL(url, 'http://site').pathname);
    return pathname.includes('\0') ? null : path.posix.normalize(pathname);
  } catch {
    return null;
  }
}

/** The prerendered page that answers a route: its own, or the nearest client-route prefix's. */
function pageFor(pathname: string, files: Set<string>, manifest: SiteManifest): string | null {
  const trimmed = pathname.replace(/\/+$/, '');
  const own = `${trimmed}/index.html`;
  if (files.has(own)) return own;
  const prefix = manifest.clientRoutePrefixes.find((p) => trimmed.startsWith(`${p}/`));
  return prefix && files.has(`${prefix}/index.html`) ? `${prefix}/index.html` : null;
}

function listFiles(root: string): Set<string> {
  const found = new Set<string>();
  if (!fs.existsSync(root)) return found;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(gz|br)$/.test(entry.name)) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    found.add(`/${relative}`);
  }
  return found;
}
