// Authentication of the decision API by API key: bearer keys and HMAC-signed requests, and every
// way a credential can be refused (missing, malformed, unknown, wrong secret, revoked, expired
// timestamp, bad signature, replay, missing scope).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/api-keys/api-key-auth.ts';
import { revokeApiKey } from '../../src/api-keys/api-key-store.ts';
import { acceptSignatureOnce } from '../../src/api-keys/signature-ledger.ts';
import { migrate } from '../../src/db/migrations.ts';
import { DATA_KEY_FILE } from '../../src/api-keys/data-key.ts';
import { HMAC_SIGNATURE_WINDOW_SECONDS } from '../../src/constants.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, createTestDatabase, type TestApp, testDialect } from '../helpers/test-app.ts';
import { bearer, newKey, signedHeaders } from './key-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const decideBody = JSON.stringify({ arbiters: ['gdpr'], request: { action: 'read', timing: 'pre-action', target: 'general' } });
const decide = (headers: Record<string, string>, payload = decideBody) =>
  t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: { 'content-type': 'application/json', ...headers }, payload });

describe(`API keys (${testDialect})`, () => {
  it('creates a key of the form bb_live_<id>_<secret> and stores only a hash and an encrypted secret', async () => {
    const created = await newKey(t, 'cust-store');
    expect(created.key).toMatch(/^bb_live_[0-9a-f]{16}_[0-9a-f]{64}$/);
    const secret = created.key.split('_')[3]!;
    const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(crypto.createHash('sha256').update(secret).digest('hex'));
    expect(row.secret_encrypted).not.toContain(secret);
    expect(Buffer.from(row.secret_encrypted, 'base64').toString('latin1')).not.toContain(secret);
    expect(row.prefix).toBe(created.key.slice(0, `bb_live_${created.id}_`.length + 4));
    const stat = fs.statSync(path.join(t.config.dataDir, DATA_KEY_FILE));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('admits a bearer key and records when it was last used', async () => {
    const created = await newKey(t, 'cust-bearer');
    const response = await decide(bearer(created.key));
    expect(response.statusCode).toBe(200);
    expect(response.json().exitCode).toBe(0);
    const row = await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });

  it('refuses a request without credentials, a malformed key, an unknown key and a wrong secret with 401', async () => {
    const created = await newKey(t, 'cust-refused');
    const [, , id, secret] = created.key.split('_');
    const wrongSecret = `bb_live_${id}_${secret!.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`;
    const unknown = `bb_live_${'0'.repeat(16)}_${secret}`;
    const cases: [Record<string, string>, string][] = [
      [{}, AUTH_MESSAGES.missing],
      [{ authorization: 'Bearer not-a-key' }, AUTH_MESSAGES.malformedBearer],
      [{ authorization: `Basic ${created.key}` }, AUTH_MESSAGES.malformedBearer],
      [bearer(unknown), AUTH_MESSAGES.invalid],
      [bearer(wrongSecret), AUTH_MESSAGES.invalid],
    ];
    for (const [headers, message] of cases) {
      const response = await decide(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: message });
    }
  });

  it('refuses a revoked key, by bearer and by signature', async () => {
    const created = await newKey(t, 'cust-revoked');
    expect((await decide(bearer(created.key))).statusCode).toBe(200);
    expect(await revokeApiKey(t.db, created.id)).toBe(true);
    const byBearer = await decide(bearer(created.key));
    expect(byBearer.statusCode).toBe(401);
    expect(byBearer.json().error).toBe(AUTH_MESSAGES.revoked);
    const bySignature = await decide(signedHeaders(created.key, decideBody));
    expect(bySignature.statusCode).toBe(401);
    expect(bySignature.json().error).toBe(AUTH_MESSAGES.revoked);
  });

  it('admits an HMAC-signed request once and refuses its replay', async () => {
    const created = await newKey(t, 'cust-hmac');
    const headers = signedHeaders(created.key, decideBody);
    const first = await decide(headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().decision).toBe('ALLOW');
    const replay = await decide(headers);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(AUTH_MESSAGES.replay);
  });

  it('refuses a replay that reaches a second server instance sharing the database', async () => {
    const created = await newKey(t, 'cust-hmac-two');
    const second = await buildApp(t.config, { db: t.db });
    try {
      const headers = signedHeaders(created.key, decideBody);
      expect((await decide(headers)).statusCode).toBe(200);
      const replay = await second.inject({ method: 'POST', url: '/api/v1/decide', headers, payload: decideBody });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error).toBe(AUTH_MESSAGES.replay);
    } finally {
      await second.close();
    }
  });

  it('accepts every one of many signed requests sent at once, and of one sent twice at once, one only', async () => {
    const created = await newKey(t, 'cust-hmac-burst');
    // Each signed a second apart: 20 different signatures, all inside the window.
    const signed = Array.from({ length: 20 }, (_, i) => signedHeaders(created.key, decideBody, Date.now() - i * 1000));
    const answers = await Promise.all([...signed, signed[7]!].map((headers) => decide(headers)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(20).fill(200), 401]);
    expect(answers.find((a) => a.statusCode === 401)!.json().error).toBe(AUTH_MESSAGES.replay);
    // And each is refused when sent again later.
    for (const headers of signed.slice(0, 3)) expect((await decide(headers)).json().error).toBe(AUTH_MESSAGES.replay);
  });

  it('forgets signatures past their window within a second, and accepts a signature sent twice at once only once', async () => {
    const testDb = await createTestDatabase();
    try {
      await migrate(testDb.db);
      const db = testDb.db;
      const stored = async () => (await db.selectFrom('api_key_signatures').select('signature').orderBy('signature').execute()).map((r) => r.signature);
      const start = Date.now();
      expect(await acceptSignatureOnce(db, 'a', start + 500, start)).toBe(true);
      expect(await acceptSignatureOnce(db, 'a', start + 500, start + 100)).toBe(false);
      expect(await stored()).toEqual(['a']);
      // 'a' expires at +500 and is gone once a second has passed since the last sweep.
      expect(await acceptSignatureOnce(db, 'b', start + 60_000, start + 600)).toBe(true);
      expect(await stored()).toEqual(['a', 'b']);
      expect(await acceptSignatureOnce(db, 'c', start + 60_000, start + 1_000)).toBe(true);
      expect(await stored()).toEqual(['b', 'c']);
      // The same signature twice at once (recorded together): the first is accepted, the second is a replay.
      expect(await Promise.all([acceptSignatureOnce(db, 'd', start + 60_000, start + 1_100), acceptSignatureOnce(db, 'd', start + 60_000, start + 1_100)])).toEqual([true, false]);
    } finally {
      await testDb.drop();
    }
  });

  it('refuses a signature whose timestamp is outside the 5-minute window, either side', async () => {
    const created = await newKey(t, 'cust-expired');
    for (const skew of [-(HMAC_SIGNATURE_WINDOW_SECONDS + 5), HMAC_SIGNATURE_WINDOW_SECONDS + 5]) {
      const response = await decide(signedHeaders(created.key, decideBody, Date.now() + skew * 1000));
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(AUTH_MESSAGES.expired);
    }
    // Inside the window a past timestamp is fine.
    expect((await decide(signedHeaders(created.key, decideBody, Date.now() - 60_000))).statusCode).toBe(200);
  });

  it('refuses a signature over another body, with another secret, or a malformed signature header', async () => {
    const created = await newKey(t, 'cust-badsig');
    const other = await newKey(t, 'cust-badsig');
    const tampered = decideBody.replace('read', 'share');
    const overOtherBody = await decide(signedHeaders(created.key, decideBody), tampered);
    expect(overOtherBody.statusCode).toBe(401);
    expect(overOtherBody.json().error).toBe(AUTH_MESSAGES.badSignature);
    const otherSecret = { ...signedHeaders(other.key, decideBody), 'x-bytebound-key': created.id };
    expect((await decide(otherSecret)).json().error).toBe(AUTH_MESSAGES.badSignature);
    const good = signedHeaders(created.key, decideBody);
    const malformed = await decide({ ...good, 'x-bytebound-signature': 'v1=abc' });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().error).toBe(AUTH_MESSAGES.malformedSignature);
    const { 'x-bytebound-key': _omitted, ...withoutKey } = good;
    expect((await decide(withoutKey)).json().error).toBe(AUTH_MESSAGES.missingKeyId);
    expect((await decide({ ...good, 'x-bytebound-key': 'nonsense' })).json().error).toBe(AUTH_MESSAGES.malformedKeyId);
    expect((await decide({ ...good, 'x-bytebound-key': '0'.repeat(16) })).json().error).toBe(AUTH_MESSAGES.invalid);
  });

  it('answers 403 when the key lacks the scope the route needs', async () => {
    const arbitersOnly = await newKey(t, 'cust-scope', ['arbiters']);
    const response = await decide(bearer(arbitersOnly.key));
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/lacks the "decide" scope/);
    expect((await t.app.inject({ url: '/api/v1/arbiters', headers: bearer(arbitersOnly.key) })).statusCode).toBe(200);
  });

  it('uses DATA_KEY when given instead of creating a key file', async () => {
    const dataKey = crypto.randomBytes(32).toString('base64');
    const withKey = await createTestApp({ DATA_KEY: dataKey });
    try {
      const created = await newKey(withKey, 'cust-datakey');
      expect(fs.existsSync(path.join(withKey.config.dataDir, DATA_KEY_FILE))).toBe(false);
      const response = await withKey.app.inject({ method: 'POST', url: '/api/v1/decide', headers: signedHeaders(created.key, decideBody), payload: decideBody });
      expect(response.statusCode).toBe(200);
    } finally {
      await withKey.close();
    }
  });

  it('signs a GET over the empty body', async () => {
    const created = await newKey(t, 'cust-get');
    const { 'content-type': _json, ...headers } = signedHeaders(created.key, '');
    const response = await t.app.inject({ url: '/api/v1/arbiters', headers });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/arbiters', headers })).json().error).toBe(AUTH_MESSAGES.replay);
  });

  it('refuses to start with a DATA_KEY that is not 32 bytes of base64', async () => {
    const testDb = await createTestDatabase();
    try {
      const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir, DATA_KEY: 'too-short' }), database: testDb.database };
      await expect(buildApp(config, { db: testDb.db })).rejects.toThrow(/DATA_KEY must be 32 bytes in base64/);
    } finally {
      await testDb.drop();
    }
  });
});
