// Two servers on one database (as several instances share PostgreSQL): each keeps the API key and
// arbiter rows it has read for RECENT_READ_TTL_MS. A change made through a server applies there at
// once, and on the other server once that time has passed, never later.
import { printPolicy } from '@bytebound/compiler/bytebound-format';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/api-keys/api-key-store.ts';
import { buildApp } from '../../src/app.ts';
import { builtInArbiter, builtInPolicy } from '../../src/arbiters/built-in-arbiters.ts';
import { RECENT_READ_TTL_MS } from '../../src/constants.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';

let first: TestApp;
let secondDb: Database;
let second: FastifyInstance;
beforeAll(async () => {
  first = await createTestApp();
  secondDb = openDatabase(first.config.database);
  second = await buildApp(first.config, { db: secondDb });
});
afterAll(async () => {
  await second.close();
  await secondDb.destroy();
  await first.close();
});

const request = { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } };
const gdprText = printPolicy(builtInPolicy(builtInArbiter('gdpr')!));
const ccpaText = printPolicy(builtInPolicy(builtInArbiter('ccpa')!));

const decide = (app: FastifyInstance, key: string, arbiter: string) =>
  app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(key), payload: { arbiters: [arbiter], request } });
const save = (app: FastifyInstance, key: string, source: string) =>
  app.inject({ method: 'POST', url: '/api/v1/arbiters', headers: bearer(key), payload: { name: 'Transfers', source } });

/** Asks until `done` holds or the recent-read time (and a margin for a loaded machine) has passed. */
async function eventually<T>(ask: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + RECENT_READ_TTL_MS + 3_000;
  let value = await ask();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await ask();
  }
  return value;
}

describe(`recent reads across two servers on one database (${testDialect})`, () => {
  it('a new arbiter version decides at once where it was saved, and on the other server within the recent-read time', async () => {
    const { key } = await newKey(first, 'cust-two-servers');
    expect((await save(first.app, key, gdprText)).statusCode).toBe(201);
    const before = await decide(second, key, 'Transfers');
    expect(before.statusCode).toBe(200);
    expect(before.json().arbiters[0].version).toBe(1);

    expect((await save(first.app, key, ccpaText)).statusCode).toBe(200);
    expect((await decide(first.app, key, 'Transfers')).json().arbiters[0].version).toBe(2);
    const after = await eventually(
      () => decide(second, key, 'Transfers'),
      (response) => response.json().arbiters?.[0]?.version === 2,
    );
    expect(after.json().arbiters[0]).toMatchObject({ version: 2, digest: expect.any(String) });
    expect(after.json().arbiters[0].digest).not.toBe(before.json().arbiters[0].digest);
  });

  it('a revoked key is refused at once where it was revoked, and on the other server within the recent-read time', async () => {
    const created = await newKey(first, 'cust-revoked');
    expect((await decide(second, created.key, 'gdpr')).statusCode).toBe(200);
    expect((await decide(first.app, created.key, 'gdpr')).statusCode).toBe(200);
    expect(await revokeApiKey(first.db, created.id)).toBe(true);
    expect((await decide(first.app, created.key, 'gdpr')).json()).toEqual({ error: 'This API key has been revoked' });
    const refused = await eventually(
      () => decide(second, created.key, 'gdpr'),
      (response) => response.statusCode === 401,
    );
    expect(refused.json()).toEqual({ error: 'This API key has been revoked' });
  });
});
