import fs from 'node:fs';
import { commitAll, commitmentMatches } from '@bytebound/engine/commitments';
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerCommitmentKey,
  eraseSubjectCommitmentKey,
  findSubjectCommitmentKey,
  subjectCommitmentKey,
} from '../../src/audit/commitment-keys.ts';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { signedDecision } from './fixtures.ts';

const EMAIL = 'ada.lovelace@example.com';

describe('no personal data in the log, and erasure by crypto-shredding', () => {
  let t: TestApp;
  let bundleId: string;
  let sealedSecret: string;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = bearer((await newKey(t, 'cust-shred')).key);
  });
  afterAll(() => t?.close());

  it('stores only keyed commitments of a subject’s values, never the values', async () => {
    const key = await subjectCommitmentKey(t.db, 'visitor-42');
    expect((await subjectCommitmentKey(t.db, 'visitor-42')).id).toBe(key.id);
    const commitments = commitAll(key, { email: EMAIL });
    const appended = await t.app.audit.append(signedDecision(1, { signer: t.app.signingKey, commitments }), { customerId: 'cust-shred' });
    bundleId = appended.bundleId;
    const rows = await t.db.selectFrom('proof_bundles').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(EMAIL);
    expect(JSON.stringify(rows)).not.toContain('visitor-42');
    const bundle = (await t.app.inject({ url: `/api/v1/audit/bundles/${bundleId}`, headers: owner })).json();
    expect(bundle.decision.commitments).toEqual(commitments);
    // While the key exists, the controller can tell that this decision concerned this value.
    expect(commitmentMatches(key, bundle.decision.commitments[0], EMAIL)).toBe(true);
    // The key is stored sealed with the data key, not as itself.
    const stored = await t.db.selectFrom('subject_keys').select('secret').where('subject_ref', '=', 'visitor-42').executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(Buffer.from(key.secret).toString('base64'));
    sealedSecret = stored.secret;
  });

  it('erasure deletes the key: the commitment can no longer be linked, the log still verifies', async () => {
    expect(await eraseSubjectCommitmentKey(t.db, 'visitor-42')).toBe(true);
    expect(await findSubjectCommitmentKey(t.db, 'visitor-42')).toBeNull();
    expect(await eraseSubjectCommitmentKey(t.db, 'visitor-42')).toBe(false);
    if (t.config.database.dialect === 'sqlite') {
      // Physically gone from the database files too, not just unlinked from the table.
      const file = t.config.database.file;
      const bytes = [file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f).toString('latin1'));
      expect(bytes.join('')).not.toContain(sealedSecret);
    }
    // A new key for the same subject ref commits the same value to something unrelated.
    const fresh = await subjectCommitmentKey(t.db, 'visitor-42');
    const bundle = (await t.app.inject({ url: `/api/v1/audit/bundles/${bundleId}`, headers: owner })).json();
    expect(commitmentMatches({ ...fresh, id: bundle.decision.commitments[0].key }, bundle.decision.commitments[0], EMAIL)).toBe(false);

    const keys = keyRingFromJwks((await t.app.inject('/api/v1/keys')).json());
    expect(verifyFile(bundle, keys).ok).toBe(true);
    expect(verifyFile((await t.app.inject('/api/v1/audit/export')).json(), keys).ok).toBe(true);
  });

  it('uses one key per customer and month where no subject is known', async () => {
    const november = await customerCommitmentKey(t.db, 'cust_1', new Date('2026-11-03T10:00:00Z'));
    expect((await customerCommitmentKey(t.db, 'cust_1', new Date('2026-11-29T10:00:00Z'))).id).toBe(november.id);
    const december = await customerCommitmentKey(t.db, 'cust_1', new Date('2026-12-01T00:00:00Z'));
    expect(december.id).not.toBe(november.id);
    expect((await customerCommitmentKey(t.db, 'cust_2', new Date('2026-11-03T10:00:00Z'))).id).not.toBe(november.id);
  });
});
