// Rate limits across server instances: on PostgreSQL every instance counts in rate_limit_counters,
// so a client cannot multiply its limit by the number of instances; one SQLite instance counts in
// memory. The increment is one atomic upsert on both databases, which also reads the window before:
// the limit holds over the last minute, not only within each minute on the clock.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import { databaseRateLimitStore, incrementRateLimit } from '../../src/http/rate-limit-store.ts';
import { windowStart } from '../../src/http/sliding-window.ts';
import { awayFromWindowEnd, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '../helpers/rate-limit-window.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

/** The audit export's limit per client and minute (apps/server/src/audit/audit-routes.ts). */
const EXPORTS_PER_MINUTE = 10;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe(`rate-limit counters in the database (${testDialect})`, () => {
  it('counts concurrent increments of one key exactly once each, and starts at 1 a window after one that counted none', async () => {
    const now = windowStart(Date.now(), MINUTE) + 1_000;
    const states = await Promise.all(Array.from({ length: 20 }, () => incrementRateLimit(t.db, 'GET:/x:127.0.0.1', MINUTE, now)));
    expect(states.map((s) => s.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(states.every((s) => s.ttl === MINUTE - 1_000)).toBe(true);
    expect((await incrementRateLimit(t.db, 'GET:/x:127.0.0.1', MINUTE, now + 2 * MINUTE)).current).toBe(1);
    expect((await incrementRateLimit(t.db, 'GET:/x:10.0.0.2', MINUTE, now)).current).toBe(1);
  });

  it('refuses a client that used its whole limit at the end of one window at the start of the next, until the previous count has decayed', async () => {
    const max = 10;
    const next = windowStart(Date.now(), MINUTE) + MINUTE;
    for (const key of ['GET:/w:a', 'GET:/w:b']) {
      const states = await Promise.all(Array.from({ length: max }, () => incrementRateLimit(t.db, key, MINUTE, next - 1_000, max)));
      expect(states.map((s) => s.current).sort((a, b) => a - b)).toEqual(Array.from({ length: max }, (_, i) => i + 1));
    }
    // 1 in this window + ⌈10 × 59 / 60⌉ = 11; the next request is admitted once 2 + ⌈10 × left / 60 s⌉ is 10: 12 s in.
    const refused = { current: 11, ttl: 11_000 };
    expect(await incrementRateLimit(t.db, 'GET:/w:a', MINUTE, next + 1_000, max)).toEqual(refused);
    expect(await incrementRateLimit(t.db, 'GET:/w:b', MINUTE, next + 1_000, max)).toEqual(refused);
    expect((await incrementRateLimit(t.db, 'GET:/w:b', MINUTE, next + 11_999, max)).current).toBe(11);
    expect(await incrementRateLimit(t.db, 'GET:/w:a', MINUTE, next + 12_000, max)).toEqual({ current: 10, ttl: MINUTE - 12_000 });
    // A window on, the window that was full no longer counts, only the 2 after it.
    expect(await incrementRateLimit(t.db, 'GET:/w:b', MINUTE, next + MINUTE, max)).toEqual({ current: 1 + 2, ttl: MINUTE });
  });

  it('reads each key’s previous window, of the length it is counted in, also when the same batch increments it', async () => {
    const now = windowStart(Date.now(), HOUR) + HOUR;
    await incrementRateLimit(t.db, 'POST:/h:a', HOUR, now - 30 * MINUTE);
    await incrementRateLimit(t.db, 'GET:/m:a', MINUTE, now - 30_000);
    const states = await Promise.all([
      incrementRateLimit(t.db, 'POST:/h:a', HOUR, now),
      incrementRateLimit(t.db, 'GET:/m:a', MINUTE, now),
      incrementRateLimit(t.db, 'GET:/b:a', MINUTE, now - 1),
      incrementRateLimit(t.db, 'GET:/b:a', MINUTE, now - 1),
      incrementRateLimit(t.db, 'GET:/b:a', MINUTE, now),
    ]);
    // At a window's start the previous window counts in full.
    expect(states.map((s) => s.current)).toEqual([1 + 1, 1 + 1, 1, 2, 1 + 2]);
  });

  it('answers increments made together, of several keys and windows, each the count it would have got alone, in order', async () => {
    const now = windowStart(Date.now(), MINUTE) + 1_000;
    for (let i = 0; i < 3; i++) await incrementRateLimit(t.db, 'GET:/y:a', MINUTE, now);
    // The second window of 'GET:/y:a' is not the one after the first, whose count would weigh in.
    const made = Array.from({ length: 30 }, (_, i) =>
      i % 5 === 4 ? ['GET:/y:b', now] : i % 10 === 3 ? ['GET:/y:a', now + 2 * MINUTE] : ['GET:/y:a', now],
    ) as [string, number][];
    const states = await Promise.all(made.map(([key, at]) => incrementRateLimit(t.db, key, MINUTE, at)));
    const expected = new Map<string, number>([['GET:/y:a@0', 3]]);
    made.forEach(([key, at], i) => {
      const id = `${key}@${at - now}`;
      expected.set(id, (expected.get(id) ?? 0) + 1);
      expect(states[i]!.current, `increment ${i} of ${id}`).toBe(expected.get(id));
    });
    expect([...expected.values()]).toEqual([3 + 21, 3, 6]);
  });

  it(`counts keys incremented together in opposite orders${testDialect === 'postgres' ? ' by two instances' : ''} without a deadlock`, async () => {
    const other = testDialect === 'postgres' ? openDatabase(t.config.database) : t.db;
    try {
      const now = windowStart(Date.now(), MINUTE) + 1_000;
      const keys = Array.from({ length: 40 }, (_, i) => `GET:/z:10.0.0.${i}`);
      // Each round twice: new rows in a window of their own, then the same rows again.
      for (let round = 0; round < 40; round++) {
        const at = now + Math.floor(round / 2) * MINUTE;
        await Promise.all([
          ...keys.map((key) => incrementRateLimit(t.db, key, MINUTE, at)),
          ...keys.toReversed().map((key) => incrementRateLimit(other, key, MINUTE, at)),
        ]);
      }
      const rows = await t.db.selectFrom('rate_limit_counters').select(['count']).where('key', 'like', 'GET:/z:%').execute();
      expect(rows.map((r) => Number(r.count))).toEqual(Array.from({ length: 20 * keys.length }, () => 4));
    } finally {
      if (other !== t.db) await other.destroy();
    }
  });

  it(
    testDialect === 'postgres'
      ? 'shares one limit between two server instances over the same database'
      : 'counts a single SQLite instance in memory, with the same limit',
    async () => {
      const other = testDialect === 'postgres' ? await buildApp(t.config, { db: openDatabase(t.config.database) }) : null;
      try {
        await awayFromWindowEnd();
        const apps = other ? [t.app, other] : [t.app];
        const statuses: number[] = [];
        for (let i = 0; i < EXPORTS_PER_MINUTE; i++) statuses.push((await apps[i % apps.length]!.inject('/api/v1/audit/export')).statusCode);
        expect(statuses).toEqual(Array.from({ length: EXPORTS_PER_MINUTE }, () => 200));
        for (const app of apps) {
          const over = await app.inject('/api/v1/audit/export');
          expect(over.statusCode).toBe(429);
          expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        }
        const rows = await t.db.selectFrom('rate_limit_counters').select(['key', 'count']).where('key', '=', 'GET:/api/v1/audit/export:127.0.0.1').execute();
        if (other) expect(rows.map((r) => r.count)).toEqual([EXPORTS_PER_MINUTE + 2]);
        else expect(rows).toEqual([]);
      } finally {
        if (other) {
          await other.close();
          await other.db.destroy();
        }
      }
    },
    20_000,
  );

  it('refuses a client that sent its whole limit at the end of a minute at the start of the next, for as long as Retry-After says', async () => {
    const exportFrom = (remoteAddress: string) => t.app.inject({ url: '/api/v1/audit/export', remoteAddress });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const next = windowStart(Date.now(), MINUTE) + MINUTE;
      vi.setSystemTime(next - 1_000);
      const statuses: number[] = [];
      for (let i = 0; i < EXPORTS_PER_MINUTE; i++) statuses.push((await exportFrom('10.9.0.1')).statusCode);
      expect(statuses).toEqual(Array.from({ length: EXPORTS_PER_MINUTE }, () => 200));
      vi.setSystemTime(next + 1_000);
      const refused = await exportFrom('10.9.0.1');
      expect(refused.statusCode).toBe(429);
      // 1 in this minute + ⌈10 × 59 / 60⌉ = 11; 2 + ⌈10 × left / 60 s⌉ is 10 from 12 s in.
      expect(refused.headers['retry-after']).toBe('11');
      vi.setSystemTime(next + 12_000);
      expect((await exportFrom('10.9.0.1')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the previous window’s counts when it deletes those that stopped counting', async () => {
    const route = new (databaseRateLimitStore(t.db))().child({ routeInfo: { method: 'GET', url: '/p' } });
    const now = windowStart(Date.now(), MINUTE) + 1_000;
    const start = windowStart(now, MINUTE);
    await t.db
      .insertInto('rate_limit_counters')
      .values([start - 2 * MINUTE, start - MINUTE].map((at) => ({ key: 'GET:/p:a', window_start: at, count: 5 })))
      .execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(now);
      const state = await new Promise((resolve) => route.incr('a', (_error, counted) => resolve(counted), MINUTE, 10));
      expect(state).toEqual({ current: 1 + 5, ttl: MINUTE - 1_000 });
    } finally {
      vi.useRealTimers();
    }
    const windows = async () =>
      (await t.db.selectFrom('rate_limit_counters').select('window_start').where('key', '=', 'GET:/p:a').orderBy('window_start').execute()).map((row) => Number(row.window_start));
    await vi.waitFor(async () => expect(await windows()).toEqual([start - MINUTE, start]));
  });
});
