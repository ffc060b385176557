// The rate limits' sliding-window counter (as Cloudflare describes it), shared by both stores: a
// key's requests are counted in fixed windows aligned to the clock, and the count of the last
// `timeWindow` ms is estimated as the current window's count plus the previous window's, weighted
// by the share of the previous window the last `timeWindow` ms still cover. Fixed windows alone let
// a client send twice its limit within a moment across a window's end. One server instance (SQLite)
// counts in memory here (SlidingWindowStore); several over PostgreSQL count in the database
// (rate-limit-store.ts).

/** What a store answers @fastify/rate-limit: the estimated count (refused past the route's max) and the ms its headers announce. */
export type RateLimitState = { current: number; ttl: number };

/** A key's counts: `count` in the window starting at `windowStart`, `previous` in the window just before. */
export type WindowCounts = { windowStart: number; count: number; previous: number };

type Callback = (error: Error | null, state: RateLimitState) => void;

/** The start of the fixed window of `timeWindow` ms that holds `now`. */
export function windowStart(now: number, timeWindow: number): number {
  return timeWindow > 0 ? Math.floor(now / timeWindow) * timeWindow : now;
}

/**
 * The estimated count of the last `timeWindow` ms at `now` (a moment of the window of `counts`).
 * The previous window's weighted part is rounded up, to a whole count that the plugin compares with
 * the limit and subtracts from it (X-RateLimit-Remaining): a request is admitted only if the
 * estimate itself, counting it, is at most the limit (rounded down, a client that used its whole
 * limit at the end of a window would get one more at once in the next).
 */
export function slidingCount({ windowStart: start, count, previous }: WindowCounts, timeWindow: number, now: number): number {
  return count + weightedPrevious(previous, start + timeWindow - now, timeWindow);
}

/** The part of the previous window's count that the last `timeWindow` ms cover, `left` ms before the current window ends, rounded up. */
function weightedPrevious(previous: number, left: number, timeWindow: number): number {
  return timeWindow > 0 ? Math.ceil((previous * left) / timeWindow) : 0;
}

/**
 * The state of a key whose `counts` include the request just made at `now`, refused past `max`.
 * `ttl`: for a refused request, the ms until one more request would be admitted if none is made
 * meanwhile (Retry-After); for an admitted one, the ms until the current window ends.
 */
export function rateLimitState(counts: WindowCounts, timeWindow: number, max: number, now: number): RateLimitState {
  const current = slidingCount(counts, timeWindow, now);
  const ttl = current > max ? admittedAt(counts, timeWindow, max) - now : counts.windowStart + timeWindow - now;
  return { current, ttl };
}

/**
 * The first moment at which one more request would be admitted if none is made meanwhile: in the
 * current window once its weighted previous part has fallen far enough, else in the next one, whose
 * previous window is the current one, else two windows on (nothing counted any more).
 */
function admittedAt({ windowStart: start, count, previous }: WindowCounts, timeWindow: number, max: number): number {
  const inThisWindow = firstAdmittedElapsed(count, previous, max, timeWindow);
  if (inThisWindow < timeWindow) return start + inThisWindow;
  return start + timeWindow + firstAdmittedElapsed(0, count, max, timeWindow);
}

/**
 * The least ms into a window, counting `count` and `previous` before it, at which one more request
 * is admitted: count + 1 + ⌈previous × left / timeWindow⌉ ≤ max, `left` ms before the window ends;
 * `timeWindow` if none is in this window.
 */
function firstAdmittedElapsed(count: number, previous: number, max: number, timeWindow: number): number {
  const room = max - count - 1; // what the weighted previous part may be, the request counted
  if (room < 0) return timeWindow;
  if (previous === 0) return 0;
  // ⌈previous × left / timeWindow⌉ ≤ room  ⇔  previous × left ≤ room × timeWindow  ⇔  left ≤ ⌊room × timeWindow / previous⌋ (whole ms)
  return Math.max(0, timeWindow - Math.floor((room * timeWindow) / previous));
}

/** The counts of `counted` (a key's counts at some earlier moment, if any) in the window holding `now`. */
export function countsAt(counted: WindowCounts | undefined, timeWindow: number, now: number): WindowCounts {
  const start = windowStart(now, timeWindow);
  if (counted?.windowStart === start) return counted;
  if (counted?.windowStart === start - timeWindow) return { windowStart: start, count: 0, previous: counted.count };
  return { windowStart: start, count: 0, previous: 0 };
}

/** The keys one route counts in memory at most unless its `cache` option says otherwise: the plugin's own in-memory store's bound. */
export const KEYS_PER_ROUTE = 5000;

/** A key's counts in memory, and when they stop counting: when the window after theirs ends. */
type Entry = WindowCounts & { ends: number };

/**
 * A @fastify/rate-limit store counting in this process's memory (one instance, on SQLite): the
 * plugin instantiates it and asks each rate-limited route for a child with counts of its own. A
 * route keeps at most `cache` keys: counts that stopped counting are dropped as requests come, and
 * past the bound the key counted least recently goes (its client starts afresh, as with the
 * plugin's own store).
 */
export class SlidingWindowStore {
  /** In the order keys were last counted, so those whose counts stopped counting come first. */
  private readonly entries = new Map<string, Entry>();
  private readonly capacity: number;

  constructor(options: { cache?: number } = {}) {
    this.capacity = options.cache ?? KEYS_PER_ROUTE;
  }

  /** A route's own counts; `params` are the route's rate-limit options (the plugin's types call them route options). */
  child(params: object): SlidingWindowStore {
    return new SlidingWindowStore({ cache: 'cache' in params && typeof params.cache === 'number' ? params.cache : undefined });
  }

  incr(key: string, callback: Callback, timeWindow: number, max = Infinity): void {
    callback(null, this.increment(key, timeWindow, max, Date.now()));
  }

  read(key: string, callback: Callback, timeWindow: number, max = Infinity): void {
    const now = Date.now();
    callback(null, rateLimitState(countsAt(this.entries.get(key), timeWindow, now), timeWindow, max, now));
  }

  /** Counts a request of `key` at `now`; its state as the plugin reads it. */
  increment(key: string, timeWindow: number, max: number, now: number): RateLimitState {
    this.dropEnded(now);
    const counts = countsAt(this.entries.get(key), timeWindow, now);
    const entry = { ...counts, count: counts.count + 1, ends: counts.windowStart + 2 * timeWindow };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return rateLimitState(entry, timeWindow, max, now);
  }

  /** How many keys this route keeps counts of. */
  get size(): number {
    return this.entries.size;
  }

  /** Drops the counts that stopped counting: they come first, as a route's window has one length. */
  private dropEnded(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.ends > now) return;
      this.entries.delete(key);
    }
  }
}
