// Instances sharing a database share its data key: one started with another key refuses to start,
// saying so, instead of failing its HMAC-signed requests and decisions one by one; the operator's
// CLI refuses to create a key no server could open.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DATA_KEY_MISMATCH } from '../../src/api-keys/data-key-check.ts';
import { dataKeyOf } from '../../src/api-keys/api-key-auth.ts';
import { createApiKey } from '../../src/api-keys/api-key-store.ts';
import { loadDataKey } from '../../src/api-keys/data-key.ts';
import { loadConfig } from '../../src/config.ts';
import { runCli } from '../helpers/cli.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-app.ts';
import { bearer, signedHeaders } from './key-helpers.ts';

const newDataKey = () => crypto.randomBytes(32).toString('base64');
const refused = new RegExp(DATA_KEY_MISMATCH.slice(0, 60).replace(/[.*+?^${}()|[\]\\']/g, '\\$&'));

let testDb: TestDatabase;
const apps: FastifyInstance[] = [];
beforeEach(async () => {
  testDb = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await testDb.drop();
});

/**
 * A server instance on the test database, as another process would start it: its own configuration
 * and DATA_KEY, and its own connection (so none of another instance's keys in memory).
 */
async function instance(dataKey: string): Promise<FastifyInstance> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir, DATA_KEY: dataKey }), database: testDb.database };
  const app = await buildApp(config);
  apps.push(app);
  return app;
}

const decideBody = JSON.stringify({ arbiters: ['gdpr'], request: { action: 'read', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'consent' } } });

describe(`the data key shared by instances (${testDialect})`, { timeout: 120_000 }, () => {
  it('a second instance with the same DATA_KEY opens what the first sealed; one with another DATA_KEY refuses to start', async () => {
    const shared = newDataKey();
    const first = await instance(shared);
    const key = (await createApiKey(first.db, dataKeyOf(first.config), { customerId: 'acme', name: 'agent' })).key;
    // The first instance seals the customer's commitment key of the month with its first decision.
    expect((await first.inject({ method: 'POST', url: '/api/v1/decide', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: decideBody })).statusCode).toBe(200);

    const second = await instance(shared);
    const signed = await second.inject({ method: 'POST', url: '/api/v1/decide', headers: signedHeaders(key, decideBody), payload: decideBody });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ decision: 'ALLOW', commitments: [expect.objectContaining({ key: expect.stringMatching(/^ck_/) })] });

    await expect(instance(newDataKey())).rejects.toThrow(refused);
  });

  it('a database from before the check is judged by its API keys: a key that cannot open them is refused', async () => {
    const original = newDataKey();
    await instance(original);
    await createApiKey(testDb.db, loadDataKey({ dataKey: original, dataDir: testDb.dataDir }), { customerId: 'acme', name: 'agent' });
    // As it was before this check came: API keys sealed, no sentinel yet.
    await testDb.db.deleteFrom('data_key_check').execute();
    await expect(instance(newDataKey())).rejects.toThrow(refused);
    expect(await testDb.db.selectFrom('data_key_check').selectAll().execute()).toEqual([]);
    await instance(original);
    expect(await testDb.db.selectFrom('data_key_check').selectAll().execute()).toHaveLength(1);
  });

  it('`bytebound keys create` with another data key exits 1, says why, and creates no key', async () => {
    await instance(newDataKey());
    const result = runCli(testDb, ['keys', 'create', '--customer', 'acme', '--name', 'agent'], { DATA_KEY: newDataKey() });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(refused);
    expect(result.stdout).toBe('');
    expect(await testDb.db.selectFrom('api_keys').selectAll().where('customer_id', '=', 'acme').execute()).toEqual([]);
  });
});
