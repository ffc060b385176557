// An address that keeps sending API keys, signatures or session tokens that do not check out is
// refused (429 with Retry-After) until one more failure would be within the last minute's limit,
// before any lookup; other addresses, and
// valid credentials, are not held back by it, and signing out still works.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../src/api-keys/api-key-auth.ts';
import { refusedMessage } from '../../src/auth/failed-credentials.ts';
import { SESSION_MESSAGES } from '../../src/auth/sessions.ts';
import { API_KEY_ID_BYTES, API_KEY_SECRET_BYTES, FAILED_CREDENTIALS_PER_MINUTE } from '../../src/constants.ts';
import { bearer, newKey, signedHeaders } from '../api-keys/key-helpers.ts';
import { clientAddresses } from '../helpers/client-addresses.ts';
import { windowStart } from '../../src/http/sliding-window.ts';
import { awayFromWindowEnd, MINUTE_MS } from '../helpers/rate-limit-window.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { register } from './account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A client address no other test of this file uses. */
const newAddress = clientAddresses(88);

const guessedKey = () => `bb_live_${crypto.randomBytes(API_KEY_ID_BYTES).toString('hex')}_${crypto.randomBytes(API_KEY_SECRET_BYTES).toString('hex')}`;
const guessedSession = () => ({ authorization: `Bearer ${crypto.randomBytes(32).toString('base64url')}`, cookie: `bytebound_session=${crypto.randomBytes(32).toString('base64url')}` });

const decide = (remoteAddress: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/decide', payload: { not: 'a decision request' }, headers, remoteAddress });
const me = (remoteAddress: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers, remoteAddress });

describe(`failed credentials (${testDialect})`, { timeout: 120_000 }, () => {
  it('refuses an address that keeps guessing API keys and session tokens, until one more guess would be within the limit', async () => {
    const valid = (await newKey(t, 'cus_failed_credentials')).key;
    const account = await register(t.app);
    await awayFromWindowEnd();
    const guesser = newAddress();
    // Guessed keys, a signature of an unknown key and guessed sessions all count, in one count.
    for (let i = 0; i < FAILED_CREDENTIALS_PER_MINUTE; i++) {
      const response =
        i % 3 === 0 ? await decide(guesser, bearer(guessedKey())) : i % 3 === 1 ? await decide(guesser, signedHeaders(guessedKey(), '{}')) : await me(guesser, guessedSession());
      expect(response.statusCode, `failure ${i + 1}: ${response.body}`).toBe(401);
    }
    const refused = await decide(guesser, bearer(guessedKey()));
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    // The failures stay in the last minute's estimate into the next minute: the refusal ends when one
    // more is within the limit there, 2 seconds into it (60 × (1 − 2/60) + 1 = 59 ≤ 59) at the latest.
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(62);
    expect(refused.json()).toEqual({ error: refusedMessage(retryAfter) });
    // While refused, even the right key or session is not looked at from there...
    expect((await decide(guesser, bearer(valid))).statusCode).toBe(429);
    expect((await me(guesser, account.headers)).statusCode).toBe(429);
    // ...and a request without credentials is answered as ever. Signing out still ends the session
    // (its answer, the same either way, tells a guesser nothing).
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit/checkpoint', remoteAddress: guesser })).statusCode).toBe(200);
    const leaving = await register(t.app);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers: leaving.headers, remoteAddress: guesser });
    expect(signOut.statusCode).toBe(200);
    expect((await me(newAddress(), leaving.headers)).json()).toEqual({ error: SESSION_MESSAGES.invalid });
    // Other addresses are not held back: their right key passes, their wrong one is a 401.
    const other = newAddress();
    expect((await decide(other, bearer(valid))).statusCode).toBe(400);
    expect((await decide(other, bearer(guessedKey()))).json()).toEqual({ error: AUTH_MESSAGES.invalid });
    expect((await me(other, guessedSession())).json()).toEqual({ error: SESSION_MESSAGES.invalid });
    expect((await me(other, account.headers)).statusCode).toBe(200);
  });

  it('refuses for exactly as long as the failures keep one more past the last minute’s limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Half a minute in, the whole limit of failures: they weigh on the next minute too, until
      // 2 seconds into it (60 × 58/60 + 1 = 59 failures counted, within the limit).
      const start = windowStart(Date.now(), MINUTE_MS) + MINUTE_MS;
      vi.setSystemTime(start + 30_000);
      const guesser = newAddress();
      for (let i = 0; i < FAILED_CREDENTIALS_PER_MINUTE; i++) expect((await decide(guesser, bearer(guessedKey()))).statusCode).toBe(401);
      const refused = await decide(guesser, bearer(guessedKey()));
      expect([refused.statusCode, refused.headers['retry-after']]).toEqual([429, '32']);
      vi.setSystemTime(start + MINUTE_MS + 1_999);
      expect((await decide(guesser, bearer(guessedKey()))).statusCode).toBe(429);
      vi.setSystemTime(start + MINUTE_MS + 2_000);
      expect((await decide(guesser, bearer(guessedKey()))).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never counts valid credentials', async () => {
    const valid = (await newKey(t, 'cus_valid_credentials')).key;
    await awayFromWindowEnd();
    const busy = newAddress();
    for (let i = 0; i < FAILED_CREDENTIALS_PER_MINUTE + 5; i++) {
      expect((await decide(busy, bearer(valid))).statusCode, `request ${i + 1}`).toBe(400);
    }
    expect((await decide(busy, bearer(guessedKey()))).statusCode).toBe(401);
  });
});
