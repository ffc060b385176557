// POST /api/logs: the browser logger's batches are stored scrubbed of personal data and bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LOG_RATE_PER_MINUTE } from '../../src/constants.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { awayFromWindowEnd } from '../helpers/rate-limit-window.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe(`client logs (${testDialect})`, () => {
  it('stores a batch with emails, card-like numbers and tokens scrubbed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      remoteAddress: '10.0.0.1',
      payload: {
        logs: [
          { level: 3, message: 'sign-in failed for jane.doe@example.org with card 4111 1111 1111 1111', timestamp: '2026-11-22T10:00:00Z', url: 'http://localhost/auth/reset-password?token=abcdef123456', userAgent: 'test' },
          { level: 6, message: 'Authorization: Bearer abcdefghijklmnop', timestamp: 1795321784466 },
          { level: 1, message: 'token bb_live_31792f9362d6ff0c_993d50d99f16cdcbfe5d8352e5ec79308670d5b0618df2a8a9bfc0612de5e6c6', timestamp: 1795321784466, userAgent: 'ada@probe.example' },
        ],
      },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 3 });
    const rows = await t.db.selectFrom('client_logs').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(3);
    expect(rows[0]!.message).toBe('sign-in failed for [email] with card [number]');
    expect(rows[0]!.url).toBe('http://localhost/auth/reset-password?token=[redacted]');
    expect(rows[0]!.logged_at).toBe(Date.parse('2026-11-22T10:00:00Z'));
    expect(rows[1]!.message).toBe('Authorization: Bearer [token]');
    expect([rows[2]!.message, rows[2]!.user_agent]).toEqual(['token [token]', '[email]']);
  });

  it('keeps an entry whose time no clock can show, with the time it arrived', async () => {
    const before = Date.now();
    const odd = [1e308, -1e308, 0.5, 8.64e15 + 1, '+275760-09-13T00:00:00.001Z', 'yesterday'];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      remoteAddress: '10.0.0.4',
      payload: { logs: odd.map((timestamp, i) => ({ level: 1, message: `odd time ${i}`, timestamp })) },
    });
    expect(response.statusCode).toBe(202);
    const rows = await t.db.selectFrom('client_logs').select(['message', 'logged_at', 'received_at']).where('message', 'like', 'odd time %').orderBy('id').execute();
    expect(rows.map((row) => row.message)).toEqual(odd.map((_, i) => `odd time ${i}`));
    // 0.5 ms is a time (rounded to 1 ms); the others are not, and take the arrival time.
    const arrival = Number(rows[0]!.received_at);
    expect(arrival).toBeGreaterThanOrEqual(before);
    expect(rows.map((row) => Number(row.logged_at))).toEqual([arrival, arrival, 1, arrival, arrival, arrival]);
  });

  it('rejects an empty batch, a batch over 100 entries and a level outside 0-8', async () => {
    const entry = { level: 1, message: 'm', timestamp: 1 };
    for (const logs of [[], Array.from({ length: 101 }, () => entry), [{ ...entry, level: 9 }]]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/logs', remoteAddress: '10.0.0.2', payload: { logs } });
      expect(response.statusCode).toBe(400);
    }
  });

  it('rate-limits a client that floods the endpoint', async () => {
    const payload = { logs: [{ level: 1, message: 'm', timestamp: 1 }] };
    const statuses: number[] = [];
    await awayFromWindowEnd();
    for (let i = 0; i <= CLIENT_LOG_RATE_PER_MINUTE; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/logs', remoteAddress: '10.0.0.3', payload })).statusCode);
    }
    expect(statuses.slice(0, CLIENT_LOG_RATE_PER_MINUTE).every((s) => s === 202)).toBe(true);
    const limited = await t.app.inject({ method: 'POST', url: '/api/logs', remoteAddress: '10.0.0.3', payload });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/rate limit|too many/i);
  });
});
