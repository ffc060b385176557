import fs from 'node:fs';
import path from 'node:path';
import { generateSigningKey, privateKeyPem } from '@bytebound/engine/signing-keys';
import { afterEach, describe, expect, it } from 'vitest';
import { appendToAuditLog } from '../../src/audit/audit-log.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/db/migrations.ts';
import { recordSigningKey, SIGNING_KEY_FILE, STILL_SIGNING_MS } from '../../src/keys/server-signing-key.ts';
import { type TestDatabase, createTestDatabase } from '../helpers/test-app.ts';
import { signedDecision } from './fixtures.ts';

async function appOn(testDb: TestDatabase, env: Record<string, string> = {}, logStream?: { write: (line: string) => void }) {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir, ...env }), database: testDb.database };
  return buildApp(config, { db: testDb.db, logStream });
}

/** A database per test, dropped after it. */
let opened: TestDatabase | undefined;
afterEach(async () => {
  await opened?.drop();
  opened = undefined;
});
async function newTestDatabase(): Promise<TestDatabase> {
  opened = await createTestDatabase();
  return opened;
}

describe('the server signing key', () => {
  it('is created on first start in the data directory, readable by its owner only, and kept across restarts', async () => {
    const testDb = await newTestDatabase();
    const first = await appOn(testDb);
    const file = path.join(testDb.dataDir, SIGNING_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const jwks = (await first.inject('/api/v1/keys')).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: first.signingKey.keyId, alg: 'EdDSA', retired: null });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    await first.close();
    const second = await appOn(testDb);
    expect(second.signingKey.keyId).toBe(first.signingKey.keyId);
    expect((await second.inject('/api/v1/keys')).json().keys).toHaveLength(1);
    await second.close();
  });

  it('comes from SIGNING_KEY (PEM or base64 seed) so instances share one identity, and rotation keeps old public keys', async () => {
    const testDb = await newTestDatabase();
    const a = generateSigningKey();
    const b = generateSigningKey();
    const seedOfB = Buffer.from(b.privateKey.export({ format: 'jwk' }).d!, 'base64url').toString('base64');
    const one = await appOn(testDb, { SIGNING_KEY: privateKeyPem(a) });
    const two = await appOn(testDb, { SIGNING_KEY: privateKeyPem(a) });
    expect([one.signingKey.keyId, two.signingKey.keyId]).toEqual([a.keyId, a.keyId]);
    expect(fs.existsSync(path.join(testDb.dataDir, SIGNING_KEY_FILE))).toBe(false);
    await Promise.all([one.close(), two.close()]);

    const rotated = await appOn(testDb, { SIGNING_KEY: seedOfB });
    expect(rotated.signingKey.keyId).toBe(b.keyId);
    const keys = (await rotated.inject('/api/v1/keys')).json().keys as Array<{ kid: string; retired: string | null }>;
    expect(keys.map((k) => k.kid).sort()).toEqual([a.keyId, b.keyId].sort());
    expect(keys.find((k) => k.kid === a.keyId)!.retired).toEqual(expect.any(String));
    expect(keys.find((k) => k.kid === b.keyId)!.retired).toBeNull();
    await rotated.close();
  });

  it('warns when its key retires one that signed a decision within ten minutes (an instance holding another SIGNING_KEY)', async () => {
    const testDb = await newTestDatabase();
    const a = generateSigningKey();
    const b = generateSigningKey();
    await (await appOn(testDb, { SIGNING_KEY: privateKeyPem(a) })).close();
    await appendToAuditLog(testDb.db, signedDecision(0, { signer: a }), { signer: a });
    const lines: string[] = [];
    const log = { write: (line: string) => void lines.push(line) };
    const other = await appOn(testDb, { SIGNING_KEY: privateKeyPem(b), LOG_LEVEL: 'warn' }, log);
    const keyWarnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.msg.includes('SIGNING_KEY'));
    expect(keyWarnings).toEqual([
      expect.objectContaining({ level: 40, retiredKeys: [a.keyId], msg: expect.stringContaining('instances sharing a database must share SIGNING_KEY') }),
    ]);
    await other.close();
    // Back to the first key: the one it retires signed nothing.
    lines.length = 0;
    await (await appOn(testDb, { SIGNING_KEY: privateKeyPem(a), LOG_LEVEL: 'warn' }, log)).close();
    expect(lines.filter((line) => line.includes('SIGNING_KEY'))).toEqual([]);
  });

  it('says nothing of a retired key whose last decision is older than ten minutes', async () => {
    const testDb = await newTestDatabase();
    const a = generateSigningKey();
    const b = generateSigningKey();
    await migrate(testDb.db);
    const then = Date.now() - STILL_SIGNING_MS - 60_000;
    expect(await recordSigningKey(testDb.db, a, then)).toEqual({ retiredWhileSigning: [] });
    await appendToAuditLog(testDb.db, signedDecision(0, { signer: a }), { signer: a, now: then });
    expect(await recordSigningKey(testDb.db, b)).toEqual({ retiredWhileSigning: [] });
    // Signed just within the ten minutes, it is reported.
    await appendToAuditLog(testDb.db, signedDecision(1, { signer: a }), { signer: a, now: Date.now() - STILL_SIGNING_MS + 60_000 });
    expect(await recordSigningKey(testDb.db, a)).toEqual({ retiredWhileSigning: [] });
    expect(await recordSigningKey(testDb.db, b)).toEqual({ retiredWhileSigning: [a.keyId] });
  });

  it('refuses to start with a SIGNING_KEY it cannot read', async () => {
    const testDb = await newTestDatabase();
    await expect(appOn(testDb, { SIGNING_KEY: 'dG9vIHNob3J0' })).rejects.toThrow(/SIGNING_KEY: the signing key decodes to 9 bytes/);
  });
});
