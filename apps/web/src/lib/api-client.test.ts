// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '../config/app.ts';
import { CACHE_CLEANUP_INTERVAL_MS, CACHE_MAX_AGE_MS, REQUEST_TIMEOUT_MS } from '../config/constants.ts';
import { createApiClient, NETWORK_ERROR_MESSAGE } from './api-client.ts';

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function recordingFetch(respond: (call: Call) => Response | Promise<Response> = () => json(200, { ok: true })) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    return respond(call);
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('api client: requests', () => {
  it('uses GET without a body and POST with one, sending the body as JSON to the same origin', async () => {
    const { calls, fetch } = recordingFetch();
    const client = createApiClient({ fetch });
    await client.request('/api/health');
    await client.request('/api/auth/signin', { body: { email: 'a@b.co', password: 'x' } });
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ['GET', '/api/health'],
      ['POST', '/api/auth/signin'],
    ]);
    expect(calls[0]?.init.body).toBeUndefined();
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ email: 'a@b.co', password: 'x' });
  });

  it('lets the caller choose another method', async () => {
    const { calls, fetch } = recordingFetch();
    await createApiClient({ fetch }).request('/api/things/1', { method: 'DELETE' });
    expect(calls[0]?.init.method).toBe('DELETE');
  });

  it('sends the JSON content type, the client version and the service name', async () => {
    const { calls, fetch } = recordingFetch();
    await createApiClient({ fetch }).get('/api/health');
    expect(headersOf(calls[0])).toMatchObject({
      'Content-Type': 'application/json',
      'X-Client-Version': APP_VERSION,
      'X-Service-Name': 'bytebound-web',
    });
    expect(headersOf(calls[0])).not.toHaveProperty('Authorization');
  });

  it('attaches the stored token as a bearer token, read at each request', async () => {
    const { calls, fetch } = recordingFetch();
    const client = createApiClient({ fetch });
    localStorage.setItem('authToken', 'tok-123');
    await client.get('/api/account');
    localStorage.removeItem('authToken');
    await client.get('/api/account');
    expect(headersOf(calls[0]).Authorization).toBe('Bearer tok-123');
    expect(headersOf(calls[1])).not.toHaveProperty('Authorization');
  });

  it('returns the parsed JSON of a successful response', async () => {
    const { fetch } = recordingFetch(() => json(201, { success: true, token: 't' }));
    await expect(createApiClient({ fetch }).post('/api/auth/register', {})).resolves.toEqual({ success: true, token: 't' });
  });
});

describe('api client: errors', () => {
  it("throws the response body's data when a failed response has one", async () => {
    const { fetch } = recordingFetch(() => json(401, { success: false, error: 'Invalid email or password' }));
    await expect(createApiClient({ fetch }).post('/api/auth/signin', {})).rejects.toEqual({
      success: false,
      error: 'Invalid email or password',
    });
  });

  it("throws Error('Network Error') when a failed response has no data", async () => {
    const { fetch } = recordingFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const failure = await createApiClient({ fetch }).get('/api/x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("throws Error('Network Error') when the server cannot be reached", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    await expect(createApiClient({ fetch }).get('/api/x')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it('aborts a request after the 90 s timeout', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(signal?.reason));
        }),
    ) as unknown as typeof globalThis.fetch;
    const pending = createApiClient({ fetch }).get('/api/slow').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const failure = (await pending) as Error;
    expect(failure.message).toBe(NETWORK_ERROR_MESSAGE);
    expect((failure.cause as DOMException).name).toBe('TimeoutError');
  });

  it("aborts when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    ) as unknown as typeof globalThis.fetch;
    const pending = createApiClient({ fetch }).get('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});

describe('api client: cache', () => {
  it('never caches a request that is not marked cacheable', async () => {
    const { calls, fetch } = recordingFetch();
    const client = createApiClient({ fetch });
    await client.get('/api/v1/analytics/metrics');
    await client.get('/api/v1/analytics/metrics');
    expect(calls).toHaveLength(2);
    expect(client.cacheSize()).toBe(0);
  });

  it('reuses a cacheable response for 5 minutes, then asks again', async () => {
    let clock = 1_000_000;
    let served = 0;
    const { calls, fetch } = recordingFetch(() => json(200, { templates: ++served }));
    const client = createApiClient({ fetch, now: () => clock });
    expect(await client.get('/api/templates', { cacheable: true })).toEqual({ templates: 1 });
    clock += CACHE_MAX_AGE_MS - 1;
    expect(await client.get('/api/templates', { cacheable: true })).toEqual({ templates: 1 });
    clock += 1;
    expect(await client.get('/api/templates', { cacheable: true })).toEqual({ templates: 2 });
    expect(calls).toHaveLength(2);
    client.clearCache();
  });

  it('keys the cache by method, path and body, and does not share it with uncached calls', async () => {
    const { calls, fetch } = recordingFetch((call) => json(200, { echo: call.init.body ?? null }));
    const client = createApiClient({ fetch });
    await client.post('/api/docs/search', { q: 'gdpr' }, { cacheable: true });
    await client.post('/api/docs/search', { q: 'hipaa' }, { cacheable: true });
    await client.post('/api/docs/search', { q: 'gdpr' }, { cacheable: true });
    await client.post('/api/docs/search', { q: 'gdpr' });
    expect(calls).toHaveLength(3);
    client.clearCache();
  });

  it('does not cache failed responses', async () => {
    let status = 503;
    const { calls, fetch } = recordingFetch(() => json(status, { error: 'busy' }));
    const client = createApiClient({ fetch });
    await expect(client.get('/api/features', { cacheable: true })).rejects.toEqual({ error: 'busy' });
    status = 200;
    await client.get('/api/features', { cacheable: true });
    expect(calls).toHaveLength(2);
    client.clearCache();
  });

  it('hands out copies, so a caller cannot change what the next caller gets', async () => {
    const { fetch } = recordingFetch(() => json(200, { sections: ['overview'] }));
    const client = createApiClient({ fetch });
    const first = await client.get<{ sections: string[] }>('/api/docs', { cacheable: true });
    first.sections.push('mutated');
    expect(await client.get('/api/docs', { cacheable: true })).toEqual({ sections: ['overview'] });
    client.clearCache();
  });

  it('removes expired entries every 60 s', async () => {
    vi.useFakeTimers();
    const { fetch } = recordingFetch();
    const client = createApiClient({ fetch });
    await client.get('/api/templates', { cacheable: true });
    expect(client.cacheSize()).toBe(1);
    // The cleanups before the entry expires keep it.
    await vi.advanceTimersByTimeAsync(CACHE_MAX_AGE_MS - 1);
    expect(client.cacheSize()).toBe(1);
    await vi.advanceTimersByTimeAsync(CACHE_CLEANUP_INTERVAL_MS);
    expect(client.cacheSize()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
