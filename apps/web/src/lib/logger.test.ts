// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_FLUSH_BATCH_SIZE, LOG_FLUSH_INTERVAL_MS, LOG_MESSAGE_MAX_CHARS } from '../config/constants.ts';
import { createLogger, isClientLoggingEnabled, type LogEntry } from './logger.ts';

function recorder() {
  const batches: LogEntry[][] = [];
  const send = vi.fn(async (logs: LogEntry[]) => {
    batches.push(logs);
  });
  return { batches, send };
}

const fixed = { now: () => Date.UTC(2026, 0, 2, 3, 4, 5), location: () => 'https://bytebound.dev/pricing', userAgent: () => 'TestAgent/1.0' };

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('client logger', () => {
  it('is disabled by default: nothing is queued or sent', async () => {
    expect(isClientLoggingEnabled()).toBe(false);
    const { send } = recorder();
    const logger = createLogger({ send });
    logger.error('something broke');
    expect(logger.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS * 2);
    expect(send).not.toHaveBeenCalled();
  });

  it("is enabled by localStorage 'bytebound:client-logs' = 'on', checked at each call", () => {
    const logger = createLogger({ send: recorder().send });
    localStorage.setItem('bytebound:client-logs', 'on');
    expect(isClientLoggingEnabled()).toBe(true);
    logger.info('first');
    localStorage.setItem('bytebound:client-logs', 'off');
    logger.info('second');
    expect(logger.pending()).toBe(1);
  });

  it('sends the queued entries as one batch 5 s after the first, in the shape /api/logs accepts', async () => {
    const { batches, send } = recorder();
    const logger = createLogger({ send, isEnabled: () => true, ...fixed });
    logger.warn('slow compile');
    logger.log(7, 'alert');
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS - 1);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([
      [
        { level: 4, message: 'slow compile', timestamp: '2026-01-02T03:04:05.000Z', url: 'https://bytebound.dev/pricing', userAgent: 'TestAgent/1.0' },
        { level: 7, message: 'alert', timestamp: '2026-01-02T03:04:05.000Z', url: 'https://bytebound.dev/pricing', userAgent: 'TestAgent/1.0' },
      ],
    ]);
    expect(logger.pending()).toBe(0);
  });

  it('sends at once when 100 entries are queued, never more than 100 in a batch', async () => {
    const { batches, send } = recorder();
    const logger = createLogger({ send, isEnabled: () => true, ...fixed });
    for (let i = 0; i < LOG_FLUSH_BATCH_SIZE + 1; i++) logger.debug(`entry ${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.length)).toEqual([LOG_FLUSH_BATCH_SIZE]);
    await vi.advanceTimersByTimeAsync(LOG_FLUSH_INTERVAL_MS);
    expect(batches.map((b) => b.length)).toEqual([LOG_FLUSH_BATCH_SIZE, 1]);
    expect(batches[1]?.[0]?.message).toBe(`entry ${LOG_FLUSH_BATCH_SIZE}`);
  });

  it('keeps levels within 0-8 and messages within the server limit', async () => {
    const { batches, send } = recorder();
    const logger = createLogger({ send, isEnabled: () => true, ...fixed });
    logger.log(-3, 'low');
    logger.log(42, 'x'.repeat(LOG_MESSAGE_MAX_CHARS + 500));
    await logger.flush();
    expect(batches[0]?.map((e) => e.level)).toEqual([0, 8]);
    expect(batches[0]?.[1]?.message).toHaveLength(LOG_MESSAGE_MAX_CHARS);
  });

  it('scrubs emails, long digit runs, tokens and sensitive query values before queueing', async () => {
    const { batches, send } = recorder();
    const logger = createLogger({
      send,
      isEnabled: () => true,
      ...fixed,
      location: () => 'https://bytebound.dev/auth/reset-password?token=abc123secret&lang=en',
    });
    logger.error('sign-in failed for jane.doe@example.com with card 4111 1111 1111 1111, phone +1 415-555-0199');
    logger.error('header Authorization: Bearer sk_live_abcdefghijklmnop and key 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b');
    logger.error(new Error('GET /api/x?email=jane%40example.com&key=k-123&page=2 failed'));
    await logger.flush();
    const [first, second, third] = batches[0] ?? [];
    expect(first?.message).toBe('sign-in failed for [email] with card [number], phone [number]');
    expect(second?.message).toBe('header Authorization: Bearer [token] and key [token]');
    expect(third?.message).toContain('GET /api/x?email=[redacted]&key=[redacted]&page=2 failed');
    expect(first?.url).toBe('https://bytebound.dev/auth/reset-password?token=[redacted]&lang=en');
    const everything = JSON.stringify(batches);
    for (const secret of ['jane', '4111', '555', 'sk_live', '9f86d08', 'abc123secret', 'k-123']) expect(everything).not.toContain(secret);
  });

  it('drops a batch the server does not take, without throwing or retrying forever', async () => {
    const send = vi.fn(async () => {
      throw new Error('offline');
    });
    const logger = createLogger({ send, isEnabled: () => true, ...fixed });
    logger.error('lost');
    await expect(logger.flush()).resolves.toBeUndefined();
    expect(logger.pending()).toBe(0);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
