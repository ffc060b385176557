// Credentials are checked before a body's shape: a caller without a key or a session learns that
// first (401), whatever the body; with them, a body of the wrong shape is still a 400 that names
// the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/api-keys/api-key-auth.ts';
import { SESSION_MESSAGES } from '../../src/auth/sessions.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { register } from '../auth/account-helpers.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

const WRONG_SHAPE = { nothing: 'that this route takes' };

describe(`credentials before the body (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an API-key route without a key with 401, whatever the body', async () => {
    const key = (await newKey(t, 'cus_credentials_first')).key;
    for (const url of ['/api/v1/decide', '/api/v1/subjects/erase', '/api/v1/arbiters', '/api/v1/home/blueprints/save']) {
      const without = await t.app.inject({ method: 'POST', url, payload: WRONG_SHAPE });
      expect(without.statusCode, url).toBe(401);
      expect(without.json(), url).toEqual({ error: AUTH_MESSAGES.missing });
      const withKey = await t.app.inject({ method: 'POST', url, payload: WRONG_SHAPE, headers: bearer(key) });
      expect(withKey.statusCode, url).toBe(400);
      expect(withKey.json().details.length, url).toBeGreaterThan(0);
    }
    const badKey = await t.app.inject({ method: 'POST', url: '/api/v1/home/homepage/compiler/validate-syntax', payload: WRONG_SHAPE, headers: bearer('bb_live_nope') });
    expect(badKey.statusCode).toBe(401);
  });

  it('answers an account route without a session with 401, whatever the body', async () => {
    const account = await register(t.app);
    for (const [method, url] of [
      ['POST', '/api/account/keys'],
      ['PUT', '/api/account/webhook'],
      ['POST', '/api/account/password'],
    ] as const) {
      const without = await t.app.inject({ method, url, payload: WRONG_SHAPE });
      expect(without.statusCode, url).toBe(401);
      expect(without.json(), url).toEqual({ error: SESSION_MESSAGES.missing });
      const signedIn = await t.app.inject({ method, url, payload: WRONG_SHAPE, headers: account.headers });
      expect(signedIn.statusCode, url).toBe(400);
    }
  });
});
