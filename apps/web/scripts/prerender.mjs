// After `vite build` and `vite build --ssr`: writes a static HTML page per route of the site
// (dist/<route>/index.html), the 404 page, site-manifest.json for the server (client-route prefixes
// and the redirects it answers with 308), and
// gzip and brotli siblings of every text file over 1 KB. No inline script goes into any page.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const ssrEntry = path.join(root, 'dist-ssr', 'entry-server.js');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

/** A path no route matches: its rendering is the router's 404 error screen. */
const UNMATCHED_PROBE = '/__bytebound-unmatched__';
/** The public address of the site, for Open Graph URLs and the sitemap (absolute URLs). */
const SITE_URL = (process.env.SITE_URL ?? 'https://bytebound.dev').replace(/\/$/, '');
/** Pages search engines should not index: sign-in, registration, checkout, the account, the links of one visitor's emails and the operators' view. */
const NOINDEX = /^\/(auth|account|booking\/cancel|newsletter|operator)(\/|$)/;
/** Text files at least this large get precompressed siblings. */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt)$/;

const started = performance.now();
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<!--app-html-->') || !template.includes('<!--app-head-->')) {
  throw new Error('dist/index.html lacks the <!--app-head--> or <!--app-html--> placeholder');
}
const viteManifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const { render, prerenderPaths, redirects, clientRoutePrefixes } = await import(ssrEntry);

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * The chunk files (and their static imports) of the given source modules, for modulepreload, and
 * the stylesheets those chunks import (linked in the head, so that the route's styles load with
 * the page instead of from script just before hydration).
 */
function chunksOf(modules) {
  const found = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = viteManifest[key];
    if (!chunk || found.has(chunk.file)) return;
    found.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  // The entry's own chunks are already linked by Vite (and its stylesheet inlined below).
  const entry = Object.values(viteManifest).find((chunk) => chunk.isEntry);
  const skip = new Set();
  const skipVisit = (chunk) => {
    if (!chunk || skip.has(chunk.file)) return;
    skip.add(chunk.file);
    for (const css of chunk.css ?? []) skip.add(css);
    for (const imported of chunk.imports ?? []) skipVisit(viteManifest[imported]);
  };
  skipVisit(entry);
  return { scripts: [...found].filter((file) => !skip.has(file)), styles: [...styles].filter((file) => !skip.has(file)) };
}

/**
 * The template with the entry's stylesheet inlined (one request less before the first paint; the
 * Content-Security-Policy allows inline styles, not inline scripts) and every script fetched at low
 * priority: the page is complete HTML, so its text and styles come first and the script that
 * makes it interactive after them.
 */
function prepareTemplate(html) {
  const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
  const match = stylesheet.exec(html);
  if (!match) throw new Error('dist/index.html links no entry stylesheet');
  const css = fs.readFileSync(path.join(dist, match[1]), 'utf8');
  if (css.includes('</')) throw new Error(`${match[1]} cannot be inlined: it contains "</"`);
  return html
    .replace(match[0], () => `<style>${css.trim()}</style>`)
    .replace(/<script type="module" crossorigin /g, '<script type="module" crossorigin fetchpriority="low" ')
    .replace(/<link rel="modulepreload" crossorigin /g, '<link rel="modulepreload" crossorigin fetchpriority="low" ');
}
const pageTemplate = prepareTemplate(template);

function page({ html, meta, modules }, route) {
  const { scripts, styles } = chunksOf(modules);
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    ...(route && NOINDEX.test(route) ? ['<meta name="robots" content="noindex" />'] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Bytebound" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    ...(route ? [`<meta property="og:url" content="${escapeHtml(SITE_URL + route)}" />`] : []),
    `<meta name="twitter:card" content="summary" />`,
    ...styles.map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}" />`),
  ].join('\n    ');
  return pageTemplate.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => html);
}

function write(route, content) {
  const file = route === '/' ? path.join(dist, 'index.html') : path.join(dist, route, 'index.html');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

let pages = 0;
for (const route of prerenderPaths) {
  const result = await render(route);
  if (result.kind !== 'page' || result.status !== 200) throw new Error(`prerendering ${route} gave ${result.kind} ${result.status}`);
  write(route, page(result, route));
  pages++;
}
for (const [from, to] of Object.entries(redirects)) {
  const result = await render(from);
  if (result.kind !== 'redirect' || result.location !== to) throw new Error(`${from} should redirect to ${to}`);
}
const notFound = await render(UNMATCHED_PROBE);
if (notFound.kind !== 'page' || notFound.status !== 404) throw new Error(`the unmatched probe gave ${notFound.kind} ${notFound.status}`);
fs.writeFileSync(path.join(dist, '404.html'), page(notFound));
pages++;

// The sitemap lists every indexable page; robots.txt points to it.
const indexable = prerenderPaths.filter((route) => !NOINDEX.test(route));
fs.writeFileSync(
  path.join(dist, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${indexable
    .map((route) => `  <url><loc>${escapeHtml(SITE_URL + route)}</loc></url>`)
    .join('\n')}\n</urlset>\n`,
);
fs.writeFileSync(
  path.join(dist, 'robots.txt'),
  `${fs.readFileSync(path.join(root, 'public', 'robots.txt'), 'utf8').trimEnd()}\nSitemap: ${SITE_URL}/sitemap.xml\n`,
);

fs.writeFileSync(path.join(dist, 'site-manifest.json'), `${JSON.stringify({ clientRoutePrefixes: [...clientRoutePrefixes], redirects }, null, 2)}\n`);
// The build manifest has served its purpose; it is not part of the site.
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });

let compressed = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = fs.readFileSync(file);
  if (content.length <= COMPRESS_MIN_BYTES) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  compressed++;
}

console.log(`prerendered ${pages} pages, compressed ${compressed} files in ${Math.round(performance.now() - started)} ms`);
