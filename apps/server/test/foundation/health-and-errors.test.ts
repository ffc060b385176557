// The server's contract with every caller: health, one JSON error shape, no stack traces, limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe(`health and errors (${testDialect})`, () => {
  it('reports version, uptime and a reachable database of the configured dialect', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'ok', database: { dialect: testDialect, reachable: true } });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof body.uptimeSeconds).toBe('number');
  });

  it('answers an unknown API route with a 404 JSON error', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/does-not-exist', payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error).toMatch(/does-not-exist/);
    }
  });

  it('answers a path with a broken percent-escape with 400 in the same error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/audit/proof/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Malformed URL: a percent-escape in the path is not valid' });
  });

  it('refuses the NUL character in a body, a path or a query with 400 saying so, and stores nothing', async () => {
    const contacts = async () => (await t.db.selectFrom('contacts').select('id').execute()).length;
    const before = await contacts();
    const person = { name: 'Ada Lovelace', email: 'ada@analytical.example', company: 'Analytical Engines', interest: 'GDPR' };
    for (const payload of [{ ...person, message: 'call me\u0000' }, { ...person, ['note\u0000']: 'x' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/home/contact', payload, remoteAddress: '10.9.0.1' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Request body holds the NUL character (U+0000), which no field accepts' });
    }
    for (const url of ['/billing/test-checkout/%00x', '/api/booking/manage?token=a%00b', '/api/v1/audit/proof/%00']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: 'The address holds an encoded NUL character (%00), which no path or query accepts' });
    }
    expect(await contacts()).toBe(before);
    // The same text without it is taken.
    const taken = await t.app.inject({ method: 'POST', url: '/api/home/contact', payload: { ...person, message: 'call me' }, remoteAddress: '10.9.0.1' });
    expect(taken.statusCode).toBe(201);
  });

  it('refuses an API query that gives a parameter twice, naming it; a page keeps its repeated tracking parameters', async () => {
    for (const [url, name] of [
      ['/api/booking/slots?days=3&days=4', 'days'],
      ['/api/v1/audit/consistency?from=1&to=2&from=1', 'from'],
      ['/api/operator/leads.csv?kind=contacts&kind=bookings', 'kind'],
      // The same route, its path written with an encoded letter.
      ['/%61pi/booking/slots?days=3&days=4', 'days'],
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: `The query gives ${name} more than once: give each parameter once` });
    }
    expect((await t.app.inject({ url: '/api/booking/slots?days=3' })).statusCode).toBe(200);
    // The page itself may be unbuilt here (503); what matters is that the query is not refused.
    expect((await t.app.inject({ url: '/pricing?utm_source=a&utm_source=b' })).statusCode).not.toBe(400);
  });

  it('answers malformed JSON with 400 and a message, never a stack trace', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/logs', headers: { 'content-type': 'application/json' }, payload: '{"logs": [' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body is not valid JSON' });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers a schema violation with 400 {error, details} naming the field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/logs', payload: { logs: [{ level: 3, message: 'x', timestamp: 1, extra: true }] } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('Invalid request');
    expect(Array.isArray(body.details)).toBe(true);
    expect(JSON.stringify(body.details)).toMatch(/extra|Unrecognized/i);
  });

  it('answers a path parameter too long for its route with the route’s own 400, not as a route that does not exist', async () => {
    const response = await t.app.inject({ url: `/api/v1/audit/proof/${'a'.repeat(150)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Invalid request', details: [{ path: 'id' }] });
  });

  it('refuses a body over the limit with 413 and a message', async () => {
    const huge = 'x'.repeat(200 * 1024);
    const response = await t.app.inject({ method: 'POST', url: '/api/logs', payload: { logs: [{ level: 1, message: huge, timestamp: 1 }] } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Request body is too large' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/logs', headers: { 'content-type': 'application/xml' }, payload: '<logs/>' });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/content type/i);
  });

  it('sends the security headers and the Content-Security-Policy on every response', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of ["script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", "worker-src 'self' blob:"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Errors and unknown routes carry them too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(csp);
  });

  it('adds HSTS and upgrade-insecure-requests when the public URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://bytebound.example' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toMatch(/;upgrade-insecure-requests$/);
    } finally {
      await secure.close();
    }
  });
});
