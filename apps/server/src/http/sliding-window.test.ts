import { afterEach, describe, expect, it, vi } from 'vitest';
import { countsAt, KEYS_PER_ROUTE, type RateLimitState, rateLimitState, slidingCount, SlidingWindowStore, type WindowCounts } from './sliding-window.ts';

const MINUTE = 60_000;
/** The start of a minute, as the clock aligns windows. */
const START = 1_000 * MINUTE;

describe('slidingCount', () => {
  it('counts the previous window in full as the window starts, half of it halfway, and some of it until the window ends', () => {
    const counts = { windowStart: START, count: 4, previous: 10 };
    expect(slidingCount(counts, MINUTE, START)).toBe(14);
    expect(slidingCount(counts, MINUTE, START + MINUTE / 2)).toBe(9);
    expect(slidingCount(counts, MINUTE, START + MINUTE - 1)).toBe(5);
  });

  it('rounds the previous window’s weighted part up', () => {
    expect(slidingCount({ windowStart: START, count: 4, previous: 10 }, MINUTE, START + 1)).toBe(14);
    expect(slidingCount({ windowStart: START, count: 0, previous: 7 }, MINUTE, START + MINUTE / 2)).toBe(4);
  });

  it('is the current window’s count when the previous window counted nothing', () => {
    for (const elapsed of [0, 1, MINUTE / 2, MINUTE - 1]) expect(slidingCount({ windowStart: START, count: 5, previous: 0 }, MINUTE, START + elapsed)).toBe(5);
  });
});

describe('countsAt', () => {
  it('keeps a window’s counts within it, makes them the previous count in the next window, and forgets them after', () => {
    const counted = { windowStart: START, count: 3, previous: 8 };
    expect(countsAt(counted, MINUTE, START + MINUTE - 1)).toEqual(counted);
    expect(countsAt(counted, MINUTE, START + MINUTE)).toEqual({ windowStart: START + MINUTE, count: 0, previous: 3 });
    expect(countsAt(counted, MINUTE, START + 2 * MINUTE)).toEqual({ windowStart: START + 2 * MINUTE, count: 0, previous: 0 });
    expect(countsAt(undefined, MINUTE, START + 5)).toEqual({ windowStart: START, count: 0, previous: 0 });
  });
});

/** Whether one more request at `at`, after `counts` and none since, is admitted (counted as the stores count it). */
function admitsAt(counts: WindowCounts, timeWindow: number, max: number, at: number): boolean {
  const then = countsAt(counts, timeWindow, at);
  return rateLimitState({ ...then, count: then.count + 1 }, timeWindow, max, at).current <= max;
}

describe('rateLimitState', () => {
  it('admits up to the limit, announcing the ms left in the window', () => {
    expect(rateLimitState({ windowStart: START, count: 6, previous: 8 }, MINUTE, 10, START + MINUTE / 2)).toEqual({ current: 10, ttl: MINUTE / 2 });
  });

  it('refuses past the limit until the exact millisecond one more request is admitted', () => {
    // A small window, every state of a few counts: a request is admitted from `now + ttl` on, not a millisecond earlier.
    const window = 600;
    for (let max = 1; max <= 5; max++) {
      for (let count = 1; count <= max + 3; count++) {
        for (let previous = 0; previous <= 2 * max + 2; previous++) {
          for (const elapsed of [0, 1, 299, 300, 599]) {
            const now = START + elapsed;
            const counts = { windowStart: START, count, previous };
            const { current, ttl } = rateLimitState(counts, window, max, now);
            if (current <= max) continue;
            const state = `max ${max}, count ${count}, previous ${previous}, ${elapsed} ms in`;
            expect(ttl, state).toBeGreaterThan(0);
            expect(admitsAt(counts, window, max, now + ttl), state).toBe(true);
            expect(admitsAt(counts, window, max, now + ttl - 1), state).toBe(false);
          }
        }
      }
    }
  });

  it('waits for the next window when the current one is full, and two windows when it is far over', () => {
    // 11 counted in this window (the last refused): in the next, ⌈11 × left / 60 s⌉ must fall to 9, from 10.910 s in.
    expect(rateLimitState({ windowStart: START, count: 11, previous: 0 }, MINUTE, 10, START + 1_000).ttl).toBe(MINUTE - 1_000 + 10_910);
    // A limit of 1, used and then refused: the next window counts a part of it until it ends.
    expect(rateLimitState({ windowStart: START, count: 2, previous: 0 }, MINUTE, 1, START).ttl).toBe(2 * MINUTE);
  });
});

describe('SlidingWindowStore', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a client that used its whole limit at the end of one window at the start of the next, until the previous count has decayed', () => {
    const store = new SlidingWindowStore();
    const max = 10;
    for (const key of ['a', 'b']) {
      for (let i = 1; i <= max; i++) expect(store.increment(key, MINUTE, max, START + MINUTE - 1_000)).toEqual({ current: i, ttl: 1_000 });
    }
    // A fixed window would admit these: ten more within two seconds.
    const next = START + MINUTE;
    // 1 in this window + ⌈10 × 59 / 60⌉ = 11; the next request is admitted once 2 + ⌈10 × left / 60 s⌉ is 10: 12 s in.
    const refused = { current: 11, ttl: 11_000 };
    expect(store.increment('a', MINUTE, max, next + 1_000)).toEqual(refused);
    expect(store.increment('b', MINUTE, max, next + 1_000)).toEqual(refused);
    // 2 + ⌈10 × 48.001 / 60⌉ = 11 a millisecond early; 2 + ⌈10 × 48 / 60⌉ = 10 on time.
    expect(store.increment('b', MINUTE, max, next + 11_999).current).toBe(11);
    expect(store.increment('a', MINUTE, max, next + 12_000)).toEqual({ current: 10, ttl: MINUTE - 12_000 });
  });

  it('admits the limit, not twice the limit, from a client sending it just before and just after a window’s end', () => {
    const store = new SlidingWindowStore();
    const statuses = [START + MINUTE - 1, START + MINUTE + 1].flatMap((at) => Array.from({ length: 10 }, () => store.increment('a', MINUTE, 10, at).current <= 10));
    expect(statuses.filter(Boolean)).toHaveLength(10);
  });

  it('counts each route apart, keeps a key while its counts count, and drops it once its window and the next have ended', () => {
    const root = new SlidingWindowStore();
    const [route, other] = [root.child({ routeInfo: { url: '/a' } }), root.child({ routeInfo: { url: '/b' } })];
    route.increment('a', MINUTE, 5, START);
    route.increment('b', MINUTE, 5, START + 10);
    expect(other.increment('a', MINUTE, 5, START).current).toBe(1);
    expect(route.increment('c', MINUTE, 5, START + 2 * MINUTE - 1).current).toBe(1);
    expect(route.size).toBe(3);
    route.increment('c', MINUTE, 5, START + 2 * MINUTE + 10);
    expect(route.size).toBe(1);
    expect(route.increment('a', MINUTE, 5, START + 2 * MINUTE + 10).current).toBe(1);
  });

  it(`keeps at most a route's cache option of keys (${KEYS_PER_ROUTE} by default), dropping the key counted least recently`, () => {
    const store = new SlidingWindowStore().child({ cache: 3 });
    for (const key of ['a', 'b', 'c', 'a', 'd']) store.increment(key, MINUTE, 5, START);
    expect(store.size).toBe(3);
    expect(store.increment('b', MINUTE, 5, START).current).toBe(1);
    expect(store.increment('a', MINUTE, 5, START).current).toBe(3);
    const unbounded = new SlidingWindowStore();
    for (let i = 0; i <= KEYS_PER_ROUTE; i++) unbounded.increment(`10.0.${i >> 8}.${i & 255}`, MINUTE, 5, START);
    expect(unbounded.size).toBe(KEYS_PER_ROUTE);
  });

  it('answers the plugin: incr counts and passes the state, read passes it without counting', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START + 1_000);
    const store = new SlidingWindowStore().child({});
    const answers: RateLimitState[] = [];
    const answer = (error: Error | null, state: RateLimitState) => {
      expect(error).toBeNull();
      answers.push(state);
    };
    store.incr('a', answer, MINUTE, 1);
    store.read('a', answer, MINUTE, 1);
    store.incr('a', answer, MINUTE, 1);
    expect(answers).toEqual([
      { current: 1, ttl: MINUTE - 1_000 },
      { current: 1, ttl: MINUTE - 1_000 },
      { current: 2, ttl: 2 * MINUTE - 1_000 },
    ]);
  });
});
