import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';
import { describe, expect, it } from 'vitest';
import { appendToAuditLog } from '../../src/audit/audit-log.ts';
import { openDatabase } from '../../src/db/database.ts';
import { createTestApp, testDialect } from '../helpers/test-app.ts';
import { signedDecision } from './fixtures.ts';

// On PostgreSQL a second, independent pool is a second server instance. SQLite is one machine's
// database: a second connection in the same process would block the event loop while the first
// awaits inside its transaction, so there the 50 appends race through the app's one handle.
const twoInstances = testDialect === 'postgres';

describe('concurrent appends', () => {
  it(`50 appends in parallel ${twoInstances ? 'through two connection pools' : 'on one handle'} make one consistent tree`, async () => {
    const t = await createTestApp();
    const other = twoInstances ? openDatabase(t.config.database) : t.db;
    const signer = t.app.signingKey;
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => appendToAuditLog(i % 2 === 0 ? t.db : other, signedDecision(i, { signer }), { signer })),
      );
      expect(results.map((r) => r.leafIndex).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
      expect(new Set(results.map((r) => r.root)).size).toBe(50);
      expect(results.filter((r) => r.checkpoint).map((r) => r.treeSize).sort((a, b) => a - b)).toEqual([10, 20, 30, 40, 50]);

      const keys = keyRingFromJwks((await t.app.inject('/api/v1/keys')).json());
      const log = (await t.app.inject('/api/v1/audit/export')).json();
      expect(log.entries).toHaveLength(50);
      expect(verifyFile(log, keys)).toMatchObject({ ok: true, failures: [] });
      // The checkpoint each append signed agrees with the root of the final tree at its size.
      for (const r of results.filter((x) => x.checkpoint)) {
        const proof = (await t.app.inject(`/api/v1/audit/consistency?from=${r.treeSize}&to=50`)).json();
        expect(proof.from.root).toBe(r.root);
        expect(verifyFile(proof, keys).ok).toBe(true);
      }
    } finally {
      if (other !== t.db) await other.destroy();
      await t.close();
    }
  });
});
