// Who may read what in the audit log (DESIGN section 5): anyone may verify it — checkpoints,
// consistency and inclusion proofs and the export's leaves are public — but a proof bundle's
// payload (verdict, reasons, commitments) is readable only by the customer whose decision it is,
// with one of its API keys or its signed-in session. A stranger sees no payload; another customer
// sees none of yours and cannot even learn that a bundle id exists.
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { type AuditExport, verifyFile } from '@bytebound/engine/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES } from '../../src/audit/audit-routes.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { bearer, newKey, signedHeaders } from '../api-keys/key-helpers.ts';
import { register } from '../auth/account-helpers.ts';

let t: TestApp;
let owner: { key: string; headers: Record<string, string>; customerId: string };
let other: string;
let ownBundle: string;
let otherBundle: string;
let keys: ReturnType<typeof keyRingFromJwks>;

const request = { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } };
const decide = async (key: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(key), payload: { arbiters: ['gdpr'], request } });
  expect(response.statusCode).toBe(200);
  return response.json().bundleId as string;
};

beforeAll(async () => {
  t = await createTestApp();
  const account = await register(t.app);
  const key = (await newKey(t, account.customerId)).key;
  owner = { key, headers: account.headers, customerId: account.customerId };
  other = (await newKey(t, 'cust-other')).key;
  ownBundle = await decide(owner.key);
  otherBundle = await decide(other);
  keys = keyRingFromJwks((await t.app.inject('/api/v1/keys')).json());
});
afterAll(async () => t.close());

describe(`audit log access (${testDialect})`, () => {
  it("gives a stranger checkpoints and proofs that verify, but no decision's payload", async () => {
    expect((await t.app.inject('/api/v1/audit/checkpoint')).statusCode).toBe(200);
    const bundle = await t.app.inject(`/api/v1/audit/bundles/${ownBundle}`);
    expect(bundle.statusCode).toBe(401);
    expect(bundle.json().error).toBe(AUDIT_MESSAGES.payloadNeedsOwner);
    const proof = (await t.app.inject(`/api/v1/audit/proof/${ownBundle}`)).json();
    expect(proof.envelope).toBeNull();
    expect(verifyFile(proof, keys).ok).toBe(true);
    const log = (await t.app.inject('/api/v1/audit/export')).json() as AuditExport;
    expect(log.entries.length).toBe(2);
    expect(log.entries.every((e) => e.envelope === null)).toBe(true);
    expect(JSON.stringify(log)).not.toContain('GDPR Art. 44');
    // It verifies, and says why no payload was checked without saying they were purged.
    expect(verifyFile(log, keys)).toMatchObject({ ok: true, passed: expect.arrayContaining(["0 bundles verified, 2 leaves without their payload (past retention, or not the reader's decisions)"]) });
  });

  it("gives the owner its payloads with its API key (bearer or HMAC) or its session, and nobody else's", async () => {
    const withKey = await t.app.inject({ url: `/api/v1/audit/bundles/${ownBundle}`, headers: bearer(owner.key) });
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json().decision).toMatchObject({ decision: 'DENY', article: 'GDPR Art. 44' });
    expect(verifyFile(withKey.json(), keys).ok).toBe(true);
    expect((await t.app.inject({ url: `/api/v1/audit/bundles/${ownBundle}`, headers: signedHeaders(owner.key, '') })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/audit/bundles/${ownBundle}`, headers: owner.headers })).statusCode).toBe(200);

    const proof = (await t.app.inject({ url: `/api/v1/audit/proof/${ownBundle}`, headers: owner.headers })).json();
    expect(proof.envelope).not.toBeNull();
    expect(verifyFile(proof, keys)).toMatchObject({ ok: true, failures: [] });

    const log = (await t.app.inject({ url: '/api/v1/audit/export', headers: bearer(owner.key) })).json() as AuditExport;
    expect(log.entries.filter((e) => e.envelope !== null).map((e) => e.bundleId)).toEqual([ownBundle]);
    expect(verifyFile(log, keys).ok).toBe(true);

    const notYours = await t.app.inject({ url: `/api/v1/audit/bundles/${otherBundle}`, headers: bearer(owner.key) });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json().error).toBe((await t.app.inject({ url: `/api/v1/audit/bundles/${'0'.repeat(64)}`, headers: bearer(owner.key) })).json().error.replace('0'.repeat(64), otherBundle));
    expect((await t.app.inject({ url: `/api/v1/audit/proof/${otherBundle}`, headers: owner.headers })).json().envelope).toBeNull();
  });

  it("reads the owner's payloads only with a key holding the decide scope", async () => {
    const arbitersOnly = (await newKey(t, owner.customerId, ['arbiters'])).key;
    for (const url of [`/api/v1/audit/bundles/${ownBundle}`, `/api/v1/audit/proof/${ownBundle}`, '/api/v1/audit/export']) {
      const response = await t.app.inject({ url, headers: bearer(arbitersOnly) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toBe('This API key lacks the "decide" scope');
    }
    const decideOnly = (await newKey(t, owner.customerId, ['decide'])).key;
    expect((await t.app.inject({ url: `/api/v1/audit/bundles/${ownBundle}`, headers: bearer(decideOnly) })).statusCode).toBe(200);
  });

  it('refuses a bad key rather than treating it as anonymous', async () => {
    const bad = await t.app.inject({ url: `/api/v1/audit/proof/${ownBundle}`, headers: bearer(`${owner.key.slice(0, -4)}0000`) });
    expect(bad.statusCode).toBe(401);
  });
});
