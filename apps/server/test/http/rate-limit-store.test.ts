// Rate limits across server instances: on PostgreSQL every instance counts in rate_limit_counters,
// so a client cannot multiply its limit by the number of instances; one SQLite instance counts in
// memory. The increment is one atomic upsert on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/database.ts';
import { incrementRateLimit, windowStart } from '../../src/http/rate-limit-store.ts';
import { awayFromWindowEnd, MINUTE_MS as MINUTE } from '../helpers/rate-limit-window.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

/** The audit export's limit per client and minute (apps/server/src/audit/audit-routes.ts). */
const EXPORTS_PER_MINUTE = 10;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe(`rate-limit counters in the database (${testDialect})`, () => {
  it('counts concurrent increments of one key exactly once each, and starts a new window at 1', async () => {
    const now = windowStart(Date.now(), MINUTE) + 1_000;
    const states = await Promise.all(Array.from({ length: 20 }, () => incrementRateLimit(t.db, 'GET:/x:127.0.0.1', MINUTE, now)));
    expect(states.map((s) => s.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(states.every((s) => s.ttl === MINUTE - 1_000)).toBe(true);
    expect((await incrementRateLimit(t.db, 'GET:/x:127.0.0.1', MINUTE, now + MINUTE)).current).toBe(1);
    expect((await incrementRateLimit(t.db, 'GET:/x:10.0.0.2', MINUTE, now)).current).toBe(1);
  });

  it('answers increments made together, of several keys and windows, each the count it would have got alone, in order', async () => {
    const now = windowStart(Date.now(), MINUTE) + 1_000;
    for (let i = 0; i < 3; i++) await incrementRateLimit(t.db, 'GET:/y:a', MINUTE, now);
    const made = Array.from({ length: 30 }, (_, i) =>
      i % 5 === 4 ? ['GET:/y:b', now] : i % 10 === 3 ? ['GET:/y:a', now + MINUTE] : ['GET:/y:a', now],
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
        const rows = await t.db.selectFrom('rate_limit_counters').select(['key', 'count']).where('key', 'like', 'GET:/api/v1/audit/export:%').execute();
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
});
