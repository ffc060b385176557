// A method an address is not served with: 405 with an Allow header naming the methods it is served
// with, for every route the app declares; an address no route serves stays a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../helpers/routes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Routes declared only to refuse their method (MCP's stateless endpoint): not methods the address is served with. */
const REFUSING = new Set(['GET /mcp', 'DELETE /mcp']);

describe('methods an address is not served with', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 405 naming the methods served, at every address the app declares', async () => {
    const served = new Map<string, Set<string>>();
    for (const { method, url } of routesOf(t.app)) {
      if (url.includes('*')) continue; // the site's pages: GET at any address
      if (REFUSING.has(`${method} ${url}`)) continue;
      const methods = served.get(url) ?? new Set<string>();
      methods.add(method);
      if (method === 'GET') methods.add('HEAD');
      served.set(url, methods);
    }
    expect(served.size).toBeGreaterThan(50);
    let checked = 0;
    for (const [url, methods] of served) {
      const address = url.replace(/:\w+/g, 'k7x');
      const allow = [...methods].sort().join(', ');
      // Outside /api a GET is the site's: a page, or its 404 page.
      const site = url.startsWith('/api') ? [] : ['GET', 'HEAD'];
      for (const method of METHODS.filter((m) => !methods.has(m) && !site.includes(m))) {
        const response = await t.app.inject({ method, url: `${address}?from=test` });
        expect({ url, method, status: response.statusCode, allow: response.headers.allow }).toEqual({ url, method, status: 405, allow });
        if (method !== 'HEAD') {
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          // A route that refuses its method says so in its own words.
          const refusing = REFUSING.has(`${method} ${url}`);
          if (refusing) expect(response.json()).toEqual({ error: expect.stringMatching(/\S/) });
          else expect(response.json()).toEqual({ error: `${method} is not served at ${address}: it answers ${allow}` });
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('tells a caller who sends GET to the decision API to POST', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/decide' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json().error).toBe('GET is not served at /api/v1/decide: it answers POST');
  });

  it('answers 404 at an address no route serves, whatever the method', async () => {
    for (const method of METHODS) {
      for (const url of ['/api/v1/no-such-thing', '/api/v1/decide/extra', '/api']) {
        const response = await t.app.inject({ method, url });
        expect({ method, url, status: response.statusCode, allow: response.headers.allow }).toEqual({ method, url, status: 404, allow: undefined });
        if (method !== 'HEAD') expect(response.json()).toEqual({ error: `No route ${method} ${url}` });
      }
    }
  });
});
