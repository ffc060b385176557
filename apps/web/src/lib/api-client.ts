// The one client for the backend (spec section 7): same origin, JSON in and out, a 90 s timeout,
// the service headers and the stored bearer token on every request, and a 5-minute cache that
// only requests the caller marks cacheable may use (docs content, features, templates — never
// auth, account, metrics or anything user-specific).
import { APP_VERSION } from '../config/app.ts';
import {
  AUTH_TOKEN_STORAGE_KEY,
  CACHE_CLEANUP_INTERVAL_MS,
  CACHE_MAX_AGE_MS,
  REQUEST_TIMEOUT_MS,
  SERVICE_NAME,
} from '../config/constants.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  /** Defaults to POST when a body is given, else GET. */
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Extra headers (they may override the defaults). */
  headers?: Record<string, string>;
  /**
   * Only public, non-personal responses (docs content, features, templates) may set this: a
   * successful response is then reused for CACHE_MAX_AGE_MS.
   */
  cacheable?: boolean;
  /** Cancels the request (the timeout still applies). */
  signal?: AbortSignal;
};

export type ApiClientOptions = {
  /** Prefix of every path; '' is the page's own origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Where the bearer token is read from; null when there is no storage (prerender). */
  storage?: Pick<Storage, 'getItem'> | null;
  timeoutMs?: number;
  cacheMaxAgeMs?: number;
  cacheCleanupIntervalMs?: number;
  now?: () => number;
};

export type ApiClient = {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** Empties the cache (e.g. after signing out). */
  clearCache(): void;
  /** Number of live cache entries (for tests and diagnostics). */
  cacheSize(): number;
};

type CacheEntry = { expiresAt: number; data: unknown };

/** The error thrown when no response data explains a failure (spec section 8). */
export const NETWORK_ERROR_MESSAGE = 'Network Error';

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const maxAge = options.cacheMaxAgeMs ?? CACHE_MAX_AGE_MS;
  const cleanupEvery = options.cacheCleanupIntervalMs ?? CACHE_CLEANUP_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, CacheEntry>();
  let cleanupTimer: ReturnType<typeof setInterval> | null = null;

  const fetchImpl = (...args: Parameters<typeof globalThis.fetch>) => (options.fetch ?? globalThis.fetch)(...args);
  const storage = () => (options.storage === undefined ? defaultStorage() : options.storage);

  function removeExpired() {
    const at = now();
    for (const [key, entry] of cache) if (entry.expiresAt <= at) cache.delete(key);
    // The timer only runs while there is something to clean.
    if (cache.size === 0 && cleanupTimer !== null) {
      clearInterval(cleanupTimer);
      cleanupTimer = null;
    }
  }

  function remember(key: string, data: unknown) {
    cache.set(key, { expiresAt: now() + maxAge, data });
    if (cleanupTimer === null) cleanupTimer = setInterval(removeExpired, cleanupEvery);
  }

  async function request<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const hasBody = requestOptions.body !== undefined;
    const method = requestOptions.method ?? (hasBody ? 'POST' : 'GET');
    const url = `${baseUrl}${path}`;
    const body = hasBody ? JSON.stringify(requestOptions.body) : undefined;
    const cacheKey = requestOptions.cacheable ? `${method} ${url} ${body ?? ''}` : null;

    if (cacheKey !== null) {
      const hit = cache.get(cacheKey);
      if (hit && hit.expiresAt > now()) return structuredClone(hit.data) as T;
      if (hit) cache.delete(cacheKey);
    }

    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-Client-Version': APP_VERSION,
      'X-Service-Name': SERVICE_NAME,
    };
    const token = readToken(storage());
    if (token) headers.Authorization = `Bearer ${token}`;
    Object.assign(headers, requestOptions.headers);

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('The request timed out', 'TimeoutError')), timeoutMs);
    const outer = requestOptions.signal;
    const forwardAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) forwardAbort();
    else outer?.addEventListener('abort', forwardAbort, { once: true });

    let response: Response;
    try {
      response = await fetchImpl(url, { method, headers, body, signal: controller.signal, credentials: 'same-origin' });
    } catch (error) {
      throw new Error(NETWORK_ERROR_MESSAGE, { cause: controller.signal.reason ?? error });
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forwardAbort);
    }

    const data = await readJson(response);
    if (!response.ok) {
      // Spec section 8: the response's data is the error when there is any.
      if (data !== undefined && data !== null) throw data;
      throw new Error(NETWORK_ERROR_MESSAGE, { cause: { status: response.status } });
    }
    if (cacheKey !== null) remember(cacheKey, structuredClone(data));
    return data as T;
  }

  return {
    request,
    get: (path, rest) => request(path, { ...rest, method: 'GET' }),
    post: (path, body, rest) => request(path, { ...rest, method: 'POST', body }),
    clearCache() {
      cache.clear();
      removeExpired();
    },
    cacheSize: () => cache.size,
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function defaultStorage(): Pick<Storage, 'getItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy settings).
    return null;
  }
}

function readToken(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(AUTH_TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** The site's client: same origin, as the server serves the site and the API together. */
export const apiClient = createApiClient();
