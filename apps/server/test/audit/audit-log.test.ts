import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { type AuditExport, verifyFile } from '@bytebound/engine/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { signedDecision } from './fixtures.ts';
import { awayFromWindowEnd } from '../helpers/rate-limit-window.ts';

describe('audit log over HTTP', () => {
  let t: TestApp;
  const ids: string[] = [];
  let keys: ReturnType<typeof keyRingFromJwks>;
  let owner: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 23; i++) {
      const result = await t.app.audit.append(signedDecision(i, { signer: t.app.signingKey }), { customerId: 'cust-audit' });
      expect(result.leafIndex).toBe(i);
      ids.push(result.bundleId);
    }
    keys = keyRingFromJwks((await t.app.inject('/api/v1/keys')).json());
    owner = bearer((await newKey(t, 'cust-audit')).key);
  });
  afterAll(() => t?.close());

  it('signs a checkpoint of the whole log that verifies with the published keys', async () => {
    const response = await t.app.inject('/api/v1/audit/checkpoint');
    expect(response.statusCode).toBe(200);
    const checkpoint = response.json();
    expect(checkpoint).toMatchObject({ origin: 'bytebound audit log v1', size: 23, keyId: t.app.signingKey.keyId });
    // signed every 10 decisions as they were appended, plus the one just asked for
    const sizes = (await t.db.selectFrom('audit_checkpoints').select('size').orderBy('size').execute()).map((r) => Number(r.size));
    expect(sizes).toEqual([10, 20, 23]);
  });

  it('proves every bundle is in the log, against the latest and an older checkpoint', async () => {
    for (const [i, id] of ids.entries()) {
      const proof = (await t.app.inject(`/api/v1/audit/proof/${id}`)).json();
      expect(proof).toMatchObject({ kind: 'bytebound.inclusion-proof', leafIndex: i, treeSize: 23 });
      expect(verifyFile(proof, keys)).toMatchObject({ ok: true });
    }
    const older = (await t.app.inject(`/api/v1/audit/proof/sha256:${ids[3]}?size=10`)).json();
    expect(older.treeSize).toBe(10);
    expect(verifyFile(older, keys).ok).toBe(true);
    const outside = await t.app.inject(`/api/v1/audit/proof/${ids[15]}?size=10`);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toMatch(/does not contain it/);
  });

  it('proves the log only grew between any two sizes', async () => {
    for (const [from, to] of [[0, 23], [1, 23], [10, 20], [7, 13], [20, 23], [23, 23]]) {
      const response = await t.app.inject(`/api/v1/audit/consistency?from=${from}&to=${to}`);
      expect(response.statusCode).toBe(200);
      expect(verifyFile(response.json(), keys).ok, `${from} -> ${to}`).toBe(true);
    }
    const latest = (await t.app.inject('/api/v1/audit/consistency?from=5')).json();
    expect(latest.to.size).toBe(23);
  });

  it('answers clear errors for unknown bundles and impossible sizes', async () => {
    expect((await t.app.inject(`/api/v1/audit/proof/${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/v1/audit/proof/not-a-digest')).statusCode).toBe(400);
    const future = await t.app.inject('/api/v1/audit/checkpoint?size=24');
    expect(future.statusCode).toBe(404);
    expect(future.json().error).toMatch(/has 23 entries/);
    expect((await t.app.inject('/api/v1/audit/consistency?from=20&to=10')).statusCode).toBe(400);
    expect((await t.app.inject('/api/v1/audit/consistency?from=-1')).statusCode).toBe(400);
    for (const query of ['consistency', 'consistency?from=', 'consistency?from=%20', 'consistency?from=0x4', 'checkpoint?size=', 'checkpoint?size=1e1']) {
      const response = await t.app.inject(`/api/v1/audit/${query}`);
      expect({ query, status: response.statusCode, details: response.json().details }).toEqual({
        query,
        status: 400,
        details: [{ path: query.startsWith('checkpoint') ? 'size' : 'from', message: 'a tree size: a whole number of entries, e.g. 42' }],
      });
    }
  });

  it('serves a bundle that verifies on its own', async () => {
    const bundle = (await t.app.inject({ url: `/api/v1/audit/bundles/${ids[4]}`, headers: owner })).json();
    expect(bundle.decision).toMatchObject({ decision: 'DENY', exitCode: 2, article: 'GDPR Art. 6' });
    expect(verifyFile(bundle, keys).ok).toBe(true);
  });

  it('exports the whole log, which verifies, and detects a changed, removed or reordered entry', async () => {
    const response = await t.app.inject({ url: '/api/v1/audit/export', headers: owner });
    expect(response.statusCode).toBe(200);
    const log = response.json() as AuditExport;
    expect(log.entries).toHaveLength(23);
    // the ones signed every 10 decisions and the latest; past sizes asked for above were signed on the fly, not stored
    expect(log.checkpoints.map((c) => c.size)).toEqual([10, 20, 23]);
    expect(verifyFile(log, keys)).toMatchObject({ kind: 'audit-export', ok: true });

    const changed: AuditExport = JSON.parse(response.body);
    changed.entries[9]!.leafHash = changed.entries[8]!.leafHash;
    expect(verifyFile(changed, keys).ok).toBe(false);
    const removed: AuditExport = JSON.parse(response.body);
    removed.entries.pop();
    expect(verifyFile(removed, keys).ok).toBe(false);
    const reordered: AuditExport = JSON.parse(response.body);
    reordered.entries.reverse().forEach((e, i) => (e.index = i));
    expect(verifyFile(reordered, keys).ok).toBe(false);
  });
});

describe('an empty audit log', () => {
  it('has the RFC 6962 empty root, exports and verifies', async () => {
    const t = await createTestApp();
    try {
      const keys = keyRingFromJwks((await t.app.inject('/api/v1/keys')).json());
      const checkpoint = (await t.app.inject('/api/v1/audit/checkpoint')).json();
      expect(checkpoint).toMatchObject({ size: 0, root: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' });
      const log = (await t.app.inject('/api/v1/audit/export')).json();
      expect(log.entries).toEqual([]);
      expect(verifyFile(log, keys).ok).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('export limits', () => {
  it('answers 429 after 10 exports a minute from one client', async () => {
    const t = await createTestApp();
    try {
      const codes: number[] = [];
      await awayFromWindowEnd();
      for (let i = 0; i < 11; i++) codes.push((await t.app.inject('/api/v1/audit/export')).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await t.close();
    }
  });
});
