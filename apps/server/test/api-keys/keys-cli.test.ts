// `bytebound keys create|list|revoke` on the server's own database (DATA_DIR or DATABASE_URL),
// spawned as an operator runs them: the key is printed once, works against the server, and stops
// working when revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { RECENT_READ_TTL_MS } from '../../src/constants.ts';
import { runCli } from '../helpers/cli.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-app.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => testDb.drop());

const keys = (args: string[]) => runCli(testDb, ['keys', ...args]);

describe(`bytebound keys create|list|revoke (${testDialect})`, { timeout: 120_000 }, () => {
  it('creates a key, lists it without its secret, and revokes it', async () => {
    const created = keys(['create', '--customer', 'acme', '--name', 'CI pipeline', '--scope', 'decide']);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^bb_live_[0-9a-f]{16}_[0-9a-f]{64}$/);
    expect(created.stderr).toMatch(/only time the key is shown/);
    const id = key.split('_')[2]!;
    const secret = key.split('_')[3]!;

    const listed = keys(['list', '--json']);
    expect(listed.code).toBe(0);
    const entries = JSON.parse(listed.stdout);
    expect(entries).toEqual([expect.objectContaining({ id, customerId: 'acme', name: 'CI pipeline', scopes: ['decide'], revokedAt: null })]);
    expect(listed.stdout).not.toContain(secret);
    expect(keys(['list']).stdout).toMatch(new RegExp(`${id}\\s+acme\\s+CI pipeline`));

    // The key authenticates against a server on the same data directory.
    const config = { ...loadConfig({ DATA_DIR: testDb.dataDir, LOG_LEVEL: 'silent' }), database: testDb.database };
    const app = await buildApp(config, { db: testDb.db });
    try {
      const decide = () =>
        app.inject({ method: 'POST', url: '/api/v1/decide', headers: { authorization: `Bearer ${key}` }, payload: { arbiters: ['gdpr'], request: { action: 'read', timing: 'pre-action', target: 'general' } } });
      expect((await decide()).statusCode).toBe(200);
      const revoked = keys(['revoke', id]);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toMatch(/Revoked API key .*within a second/);
      // The CLI is another process: the running server refuses the key once its recent read of the
      // key has expired (RECENT_READ_TTL_MS), then on every request.
      const deadline = Date.now() + RECENT_READ_TTL_MS + 2_000;
      let status = (await decide()).statusCode;
      while (status !== 401 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await decide()).statusCode;
      }
      expect(status).toBe(401);
      expect((await decide()).statusCode).toBe(401);
    } finally {
      await app.close();
    }
    expect(JSON.parse(keys(['list', '--json']).stdout)[0].revokedAt).not.toBeNull();
  });

  it('refuses incomplete or unknown input with exit code 1', () => {
    expect(keys(['create', '--customer', 'acme']).code).toBe(1);
    const badScope = keys(['create', '--customer', 'acme', '--name', 'x', '--scope', 'admin']);
    expect(badScope.code).toBe(1);
    expect(badScope.stderr).toMatch(/unknown scope 'admin'/);
    const unknown = keys(['revoke', '0000000000000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no API key with id 0000000000000000/);
  });
});
