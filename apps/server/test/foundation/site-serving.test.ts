// Serving the built site: prerendered pages uncached, hashed assets cached for a year,
// precompressed variants, client routes under a prerendered prefix, the 404 page for the rest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-dist-'));
  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), content);
  };
  write('index.html', '<h1>Home</h1>');
  write('docs/index.html', '<h1>Documentation</h1>');
  write('account/index.html', '<h1>Account</h1>');
  write('404.html', '<h1>Unexpected Application Error!</h1>');
  write('assets/app-abc123.js', script);
  write('assets/app-abc123.js.br', zlib.brotliCompressSync(script));
  write('robots.txt', 'User-agent: *');
  write('site-manifest.json', JSON.stringify({ clientRoutePrefixes: ['/account'], redirects: { '/signup': '/auth/register' } }));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe(`site serving (${testDialect})`, () => {
  it('serves prerendered pages without caching', async () => {
    for (const [url, heading] of [['/', 'Home'], ['/docs', 'Documentation'], ['/docs/', 'Documentation']]) {
      const response = await t.app.inject({ method: 'GET', url: url! });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<h1>${heading}</h1>`);
    }
  });

  it('serves hashed assets immutable for a year, precompressed when the browser accepts it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(script);
    const compressed = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
  });

  it('serves client routes under a prerendered prefix with that page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/account/keys' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Account</h1>');
  });

  it('answers moved paths with a permanent redirect', async () => {
    for (const url of ['/signup', '/signup/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(308);
      expect(response.headers.location).toBe('/auth/register');
    }
  });

  it('answers unknown pages with the 404 page and unknown API paths with JSON', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Unexpected Application Error!');
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toMatch(/no-such-thing/);
  });

  it('answers another method than GET or HEAD at a page or file with 405 and what it answers, elsewhere as the app does', async () => {
    for (const [method, url] of [['OPTIONS', '/'], ['POST', '/docs'], ['DELETE', '/account/keys'], ['PUT', '/robots.txt']] as const) {
      const refused = await t.app.inject({ method, url });
      expect([refused.statusCode, refused.headers.allow, refused.json().error]).toEqual([405, 'GET, HEAD', `${method} is not served at ${url}: it answers GET, HEAD`]);
    }
    expect((await t.app.inject({ method: 'POST', url: '/no-such-page' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'PUT', url: '/api/v1/decide' });
    expect([api.statusCode, api.headers.allow]).toEqual([405, 'POST']);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'ada@example.com', password: 'x' } })).statusCode).toBe(401);
  });

  it('never serves files outside the build folder', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/%00']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([400, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('"workspaces"');
    }
  });
});
