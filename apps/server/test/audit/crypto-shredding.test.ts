// No personal data in the log, and erasure by crypto-shredding (DESIGN section 5), as a caller of
// the decision API meets them: a decision that names its data subject is committed with that
// subject's key, POST /api/v1/subjects/erase deletes the key, and the log still verifies.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { canonicalize } from '@bytebound/engine/canonical-json';
import { type Commitment, commitmentMatches } from '@bytebound/engine/commitments';
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import { dataKeyOf } from '../../src/api-keys/api-key-auth.ts';
import {
  customerCommitmentKey,
  eraseSubjectCommitmentKey,
  findSubjectCommitmentKey,
  sealCommitmentKeysWith,
  subjectCommitmentKey,
} from '../../src/audit/commitment-keys.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { register } from '../auth/account-helpers.ts';

const EMAIL = 'ada.lovelace@example.com';
const REQUEST = { action: 'process', timing: 'pre-action', target: 'personal', attributes: { dataCategories: ['contact'], legalBasis: 'consent' } };

type Decided = { decisionId: string; bundleId: string; commitments: Commitment[] };

describe('no personal data in the log, and erasure by crypto-shredding', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let other: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = bearer((await newKey(t, 'cust-shred')).key);
    other = bearer((await newKey(t, 'cust-other')).key);
  });
  afterAll(() => t?.close());

  async function decide(headers: Record<string, string>, body: object): Promise<Decided> {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers, payload: { arbiters: ['gdpr'], request: REQUEST, ...body } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const erase = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/subjects/erase', headers, payload: payload as object });
  const bundle = async (id: string) => (await t.app.inject({ url: `/api/v1/audit/bundles/${id}`, headers: owner })).json();
  const keyRing = async () => keyRingFromJwks((await t.app.inject('/api/v1/keys')).json());

  let first: Decided;
  let sealedSecret: string;

  it('commits a decision that names its subject with that subject’s key, and stores neither the subject nor a hash of it', async () => {
    first = await decide(owner, { subject: EMAIL });
    const [commitment] = first.commitments;
    expect(commitment).toMatchObject({ field: 'request', key: expect.stringMatching(/^sk_[0-9a-f]{32}$/) });
    // The same subject, the same key; no subject, the customer's key of the month; another customer naming the same subject, another key.
    expect((await decide(owner, { subject: EMAIL })).commitments[0]!.key).toBe(commitment!.key);
    expect((await decide(owner, {})).commitments[0]!.key).toBe((await customerCommitmentKey(t.db, 'cust-shred')).id);
    expect((await decide(other, { subject: EMAIL })).commitments[0]!.key).not.toBe(commitment!.key);

    // While the key exists, the customer's controller can tell that this decision concerned this request.
    const key = (await findSubjectCommitmentKey(t.db, 'cust-shred', EMAIL))!;
    expect(key.id).toBe(commitment!.key);
    expect(commitmentMatches(key, (await bundle(first.bundleId)).decision.commitments[0], canonicalize(REQUEST))).toBe(true);

    const plainHash = crypto.createHash('sha256').update(EMAIL).digest('hex');
    for (const table of ['subject_keys', 'proof_bundles', 'decision_logs', 'arbiter_results'] as const) {
      const stored = JSON.stringify(await t.db.selectFrom(table).selectAll().execute());
      expect(stored, table).not.toContain(EMAIL);
      expect(stored, table).not.toContain(plainHash);
    }
    // The key is stored sealed with the data key, not as itself.
    const row = await t.db.selectFrom('subject_keys').select(['secret', 'customer_id']).where('key_id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.customer_id).toBe('cust-shred');
    expect(row.secret).not.toContain(Buffer.from(key.secret).toString('base64'));
    sealedSecret = row.secret;
  });

  it('erases the subject: its key is gone, the commitments can no longer be linked, and the log still verifies', async () => {
    const erased = await erase(owner, { subject: EMAIL });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ erased: true, message: expect.stringMatching(/can no longer be linked/) });
    expect(await findSubjectCommitmentKey(t.db, 'cust-shred', EMAIL)).toBeNull();
    // Another customer's subject of the same name is untouched; erasing again finds nothing.
    expect(await findSubjectCommitmentKey(t.db, 'cust-other', EMAIL)).not.toBeNull();
    expect((await erase(owner, { subject: EMAIL })).json()).toMatchObject({ erased: false });
    if (t.config.database.dialect === 'sqlite') {
      // Physically gone from the database files too, not just unlinked from the table.
      const file = t.config.database.file;
      const bytes = [file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f).toString('latin1'));
      expect(bytes.join('')).not.toContain(sealedSecret);
    }

    // A later decision naming the subject starts a new key, which links nothing made before.
    const later = await decide(owner, { subject: EMAIL });
    expect(later.commitments[0]!.key).toMatch(/^sk_/);
    expect(later.commitments[0]!.key).not.toBe(first.commitments[0]!.key);
    const fresh = (await findSubjectCommitmentKey(t.db, 'cust-shred', EMAIL))!;
    const old = (await bundle(first.bundleId)).decision.commitments[0];
    expect(commitmentMatches({ ...fresh, id: old.key }, old, canonicalize(REQUEST))).toBe(false);

    const keys = await keyRing();
    expect(verifyFile(await bundle(first.bundleId), keys).ok).toBe(true);
    expect(verifyFile((await t.app.inject('/api/v1/audit/export')).json(), keys).ok).toBe(true);
  });

  it('refuses an erasure without a key with the decide scope, or with a malformed subject, saying why', async () => {
    expect((await erase({}, { subject: EMAIL })).statusCode).toBe(401);
    const arbitersOnly = bearer((await newKey(t, 'cust-shred', ['arbiters'])).key);
    const refused = await erase(arbitersOnly, { subject: EMAIL });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/lacks the "decide" scope/);
    for (const payload of [{}, { subject: '' }, { subject: 'x'.repeat(257) }, { subject: 42 }, { subject: EMAIL, also: true }]) {
      const response = await erase(owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.json().details), JSON.stringify(payload)).toMatch(/subject|also/);
    }
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: owner, payload: { arbiters: ['gdpr'], request: REQUEST, subject: 'x'.repeat(257) } });
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json().details)).toMatch(/subject/);
    // A subject named through the MCP endpoint is the same subject.
    const viaMcp = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...owner, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'decide', arguments: { request: REQUEST, arbiters: ['gdpr'], subject: EMAIL } } },
    });
    expect(viaMcp.json().result.structuredContent.commitments[0].key).toBe((await findSubjectCommitmentKey(t.db, 'cust-shred', EMAIL))!.id);
  });

  it('erases a subject from the account page too, for the signed-in customer only', async () => {
    const account = await register(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/account/keys', headers: account.headers, payload: { name: 'prod' } });
    await decide(bearer(created.json().key.key), { subject: 'customer-9' });
    const eraseHere = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/account/subjects/erase', headers, payload });
    expect((await eraseHere({}, { subject: 'customer-9' })).statusCode).toBe(401);
    // Another account naming the same reference erases nothing of this one's.
    const other = await register(t.app);
    expect((await eraseHere(other.headers, { subject: 'customer-9' })).json()).toMatchObject({ erased: false });
    expect(await findSubjectCommitmentKey(t.db, account.customerId, 'customer-9')).not.toBeNull();
    expect((await eraseHere(account.headers, { subject: '' })).statusCode).toBe(400);
    expect((await eraseHere(account.headers, { subject: 'customer-9' })).json()).toMatchObject({ erased: true, message: expect.stringMatching(/can no longer be linked/) });
    expect(await findSubjectCommitmentKey(t.db, account.customerId, 'customer-9')).toBeNull();
  });

  it('gives decisions sent at once, about many new subjects, one key per subject and customer', async () => {
    // 30 subjects, each named twice by the owner and once by the other customer, all at once.
    const subjects = Array.from({ length: 30 }, (_, i) => `burst-${i}`);
    const sent = [...subjects.map((s) => [owner, s] as const), ...subjects.map((s) => [owner, s] as const), ...subjects.map((s) => [other, s] as const)];
    const answers = await Promise.all(sent.map(([headers, subject]) => decide(headers, { subject })));
    const keys = answers.map((a) => a.commitments[0]!.key);
    for (let i = 0; i < 30; i++) {
      expect(keys[i], subjects[i]).toMatch(/^sk_[0-9a-f]{32}$/);
      expect(keys[30 + i], 'the same subject, the same key').toBe(keys[i]);
      expect(keys[60 + i], 'another customer’s subject of the same name, another key').not.toBe(keys[i]);
      expect((await findSubjectCommitmentKey(t.db, 'cust-shred', subjects[i]!))?.id).toBe(keys[i]);
    }
    expect(new Set(keys).size).toBe(60);
  });

  it('creates a subject’s key while the subject is decided on and erased at once, without an error', async () => {
    // One decision's steps, with what other requests (on a connection of their own) do between
    // them in the worst order: its read finds no key, another decision then creates one (so its own
    // insert makes none), and an erasure deletes that key before it reads it back.
    const subject = 'customer-race';
    const others = openDatabase(t.app.config.database);
    sealCommitmentKeysWith(others, dataKeyOf(t.app.config));
    const between = new Map<string, () => Promise<unknown>>([
      ['SelectQueryNode', () => subjectCommitmentKey(others, 'cust-shred', subject)],
      ['InsertQueryNode', () => eraseSubjectCommitmentKey(others, 'cust-shred', subject)],
    ]);
    const kinds = new WeakMap<object, string>();
    const plugin: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (JSON.stringify(node).includes('"subject_keys"')) kinds.set(queryId, node.kind);
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        const kind = kinds.get(queryId) ?? '';
        const step = between.get(kind);
        between.delete(kind);
        await step?.();
        return result;
      },
    };
    const decision = Object.assign(t.db.withPlugin(plugin), { dialect: t.db.dialect }) as Database;
    sealCommitmentKeysWith(decision, dataKeyOf(t.app.config));
    try {
      const key = await subjectCommitmentKey(decision, 'cust-shred', subject);
      expect(between.size).toBe(0); // both steps ran
      // The decision's key is the one it created after the erasure: stored, and the subject's from now on.
      expect(key.id).toMatch(/^sk_[0-9a-f]{32}$/);
      expect((await findSubjectCommitmentKey(others, 'cust-shred', subject))?.id).toBe(key.id);
    } finally {
      await others.destroy();
    }
  });

  it('deletes the keys of an account’s subjects with the account', async () => {
    const account = await register(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/account/keys', headers: account.headers, payload: { name: 'prod' } });
    await decide(bearer(created.json().key.key), { subject: 'customer-7' });
    expect(await findSubjectCommitmentKey(t.db, account.customerId, 'customer-7')).not.toBeNull();
    const deleted = await t.app.inject({ method: 'POST', url: '/api/gdpr/delete', headers: account.headers, payload: { password: account.password } });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.selectFrom('subject_keys').select('key_id').where('customer_id', '=', account.customerId).execute()).toEqual([]);
  });
});
