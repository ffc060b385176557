import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';
import { describe, expect, it } from 'vitest';
import { appendToAuditLog } from '../../src/audit/audit-log.ts';
import { proofPayloadRetention } from '../../src/audit/proof-retention.ts';
import { RetentionRegistry } from '../../src/retention/retention.ts';
import { AUDIT_RETENTION_MS } from '../../src/retention/retention-periods.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/db/migrations.ts';
import { createTestApp, createTestDatabase } from '../helpers/test-app.ts';
import { signedDecision } from '../audit/fixtures.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { register } from '../auth/account-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('retention', () => {
  it('purges proof payloads past a (shortened) period; leaves, checkpoints and verification stay', async () => {
    const t = await createTestApp();
    try {
      const now = Date.now();
      const signer = t.app.signingKey;
      const old = await appendToAuditLog(t.db, signedDecision(0, { signer }), { signer, customerId: 'cust-retention', now: now - 10 * DAY });
      const owner = bearer((await newKey(t, 'cust-retention')).key);
      const recent = await appendToAuditLog(t.db, signedDecision(1, { signer }), { signer, customerId: 'cust-retention', now: now - 1 * DAY });

      const registry = new RetentionRegistry();
      registry.register(proofPayloadRetention(5 * DAY));
      expect(await registry.runOnce(t.db, now)).toEqual([{ name: 'proof-bundle-payloads', cutoff: now - 5 * DAY, purged: 1 }]);
      expect(await registry.runOnce(t.db, now)).toEqual([{ name: 'proof-bundle-payloads', cutoff: now - 5 * DAY, purged: 0 }]);

      const gone = await t.app.inject({ url: `/api/v1/audit/bundles/${old.bundleId}`, headers: owner });
      expect(gone.statusCode).toBe(410);
      expect(gone.json().error).toMatch(/passed its retention period/);
      expect((await t.app.inject({ url: `/api/v1/audit/bundles/${recent.bundleId}`, headers: owner })).statusCode).toBe(200);

      const keys = keyRingFromJwks((await t.app.inject('/api/v1/keys')).json());
      const proof = (await t.app.inject(`/api/v1/audit/proof/${old.bundleId}`)).json();
      expect(proof.envelope).toBeNull();
      expect(verifyFile(proof, keys).ok).toBe(true);
      const log = (await t.app.inject({ url: '/api/v1/audit/export', headers: owner })).json();
      expect(log.entries.map((e: { envelope: unknown }) => e.envelope === null)).toEqual([true, false]);
      expect(verifyFile(log, keys).ok).toBe(true);
    } finally {
      await t.close();
    }
  });

  it("keeps each customer's payloads as long as its plan says: 90 days on Trial, a year on Growth, without limit under a contract, 7 years without an account", async () => {
    const t = await createTestApp();
    try {
      const now = Date.now();
      const signer = t.app.signingKey;
      const trial = (await register(t.app)).customerId;
      const growth = (await register(t.app)).customerId;
      await t.db.updateTable('accounts').set({ plan: 'growth', plan_status: 'active' }).where('id', '=', growth).execute();
      const strange = (await register(t.app)).customerId;
      await t.db.updateTable('accounts').set({ plan: 'no-such-plan' }).where('id', '=', strange).execute();
      // An enterprise contract (on a trial plan beneath it) keeps payloads without limit; a contract no tier names is none.
      const contracted = (await register(t.app)).customerId;
      await t.db.updateTable('accounts').set({ contract: 'scale-enterprise' }).where('id', '=', contracted).execute();
      const unknownContract = (await register(t.app)).customerId;
      await t.db.updateTable('accounts').set({ contract: 'no-such-contract' }).where('id', '=', unknownContract).execute();
      let n = 0;
      const bundle = async (customerId: string, ageDays: number) =>
        (await appendToAuditLog(t.db, signedDecision(n++, { signer }), { signer, customerId, now: now - ageDays * DAY })).bundleId;
      const kept = [await bundle(trial, 89), await bundle(growth, 364), await bundle('cust-operator-key', 400), await bundle(growth, 100), await bundle(contracted, 3_000)];
      const purged = [await bundle(trial, 91), await bundle(growth, 366), await bundle(strange, 91), await bundle(unknownContract, 91)];
      const registry = new RetentionRegistry();
      registry.register(proofPayloadRetention());
      expect(await registry.runOnce(t.db, now)).toEqual([{ name: 'proof-bundle-payloads', cutoff: now - AUDIT_RETENTION_MS, purged: 4 }]);
      const envelopes = async (ids: string[]) =>
        (await t.db.selectFrom('proof_bundles').select(['id', 'envelope']).where('id', 'in', ids).execute()).map((r) => r.envelope === null);
      expect(await envelopes(kept)).toEqual(kept.map(() => false));
      expect(await envelopes(purged)).toEqual(purged.map(() => true));
      // Without an account the default period holds: 7 years.
      const ancient = await bundle('cust-operator-key', 2_558);
      expect((await registry.runOnce(t.db, now))[0]).toMatchObject({ purged: 1 });
      expect(await envelopes([ancient])).toEqual([true]);
      expect(await envelopes(kept.slice(-1))).toEqual([false]);
      const keys = keyRingFromJwks((await t.app.inject('/api/v1/keys')).json());
      expect(verifyFile((await t.app.inject('/api/v1/audit/export')).json(), keys).ok).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('purges more payloads than one batch holds in a single run', async () => {
    const t = await createTestApp();
    try {
      const old = Date.now() - 30 * DAY;
      const rows = Array.from({ length: 2_500 }, (_, i) => ({
        id: i.toString(16).padStart(64, '0'),
        leaf_index: i,
        customer_id: null,
        verdict: 'ALLOW',
        digest: `sha256:${i.toString(16).padStart(64, '0')}`,
        key_id: 'k',
        envelope: '{}',
        decision: '{}',
        created_at: old,
        payload_purged_at: null,
      }));
      for (let i = 0; i < rows.length; i += 250) await t.db.insertInto('proof_bundles').values(rows.slice(i, i + 250)).execute();
      const registry = new RetentionRegistry();
      registry.register(proofPayloadRetention(DAY));
      expect(await registry.runOnce(t.db)).toMatchObject([{ purged: 2_500 }]);
      const left = await t.db.selectFrom('proof_bundles').select('id').where('envelope', 'is not', null).execute();
      expect(left).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('keeps running the other purges when one fails, and refuses duplicate names', async () => {
    const testDb = await createTestDatabase();
    try {
      await migrate(testDb.db);
      const registry = new RetentionRegistry();
      registry.register({ name: 'broken', periodMs: DAY, purge: async () => Promise.reject(new Error('table missing')) });
      registry.register(proofPayloadRetention());
      const runs = await registry.runOnce(testDb.db);
      expect(runs[0]).toMatchObject({ name: 'broken', error: 'table missing' });
      expect(runs[1]).toMatchObject({ name: 'proof-bundle-payloads', purged: 0 });
      expect(() => registry.register(proofPayloadRetention())).toThrow(/already registered/);
    } finally {
      await testDb.drop();
    }
  });

  it('runs at start with the default 7-year period: an 8-year-old payload is purged, a 6-year-old one kept', async () => {
    const testDb = await createTestDatabase();
    try {
      const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir }), database: testDb.database };
      const first = await buildApp(config, { db: testDb.db });
      const signer = first.signingKey;
      const year = 365 * DAY;
      await appendToAuditLog(testDb.db, signedDecision(0, { signer }), { signer, now: Date.now() - 8 * year });
      await appendToAuditLog(testDb.db, signedDecision(1, { signer }), { signer, now: Date.now() - 6 * year });
      await first.close();

      const second = await buildApp(config, { db: testDb.db });
      expect(second.retention.list().map((p) => [p.name, p.periodMs])).toContainEqual(['proof-bundle-payloads', AUDIT_RETENTION_MS]);
      await second.ready();
      const rows = await testDb.db.selectFrom('proof_bundles').select(['leaf_index', 'envelope']).orderBy('leaf_index').execute();
      expect(rows.map((r) => r.envelope === null)).toEqual([true, false]);
      expect(await testDb.db.selectFrom('audit_trail').select('leaf_index').execute()).toHaveLength(2);
      await second.close();
    } finally {
      await testDb.drop();
    }
  });
});
