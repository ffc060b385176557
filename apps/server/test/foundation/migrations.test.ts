// Upgrading a database kept by an earlier version: the receptionist's tables, made under their old
// names, take the spec's collection names (customer_configs, conversations, conversation_messages,
// personal_data) with every row and the foreign keys that tie a conversation's messages and
// personal data to it; an audit log that kept each leaf's hash twice (audit_trail and audit_nodes)
// and its subtrees by level and index keeps its leaves once and its subtrees in the order they
// complete, exactly as appends write them now, and still proves every entry; a test checkout kept
// under the secret of its address is kept under the secret's hash; open sessions stay signed in;
// every address is kept in its one spelling, an account whose spelling is taken keeping its own.
import { appendToFrontier, fromHex } from '@bytebound/engine/merkle';
import { generateSigningKey } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { appendToAuditLog, checkpointRow, consistencyProofFor, inclusionProofFor, planAppend } from '../../src/audit/audit-log.ts';
import { passwordMark } from '../../src/auth/password-mark.ts';
import { hashToken, newToken } from '../../src/auth/tokens.ts';
import { migrate } from '../../src/db/migrations.ts';
import { signedDecision } from '../audit/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-app.ts';

describe('migrations', () => {
  let testDb: TestDatabase | undefined;
  afterEach(async () => testDb?.drop());

  it('renames the receptionist tables to the spec collection names and keeps their rows and foreign keys', async () => {
    testDb = await createTestDatabase();
    const { db } = testDb;
    await migrate(db, { upTo: '0010-receptionist-counters' });
    await sql`insert into receptionist_identity (id, customer_id, publishable_key_id, internal_key_id, created_at) values ('receptionist', 'cust_r', 'key_p', 'key_i', 1)`.execute(db);
    await sql`insert into receptionist_sessions (id, token_hash, label, state, created_at, last_seen_at) values ('s1', 'h1', 'label-1', '{}', 1, 2)`.execute(db);
    await sql`insert into receptionist_messages (id, session_id, position, sender, content, withheld_article, intent, created_at) values ('m1', 's1', 0, 'user', 'Hello', null, 'greeting', 1)`.execute(db);
    await sql`insert into receptionist_personal_data (id, session_id, category, value, purpose, legal_basis, decision_id, created_at) values ('p1', 's1', 'email', 'ada@example.com', 'follow_up', 'consent', 'dec_1', 1)`.execute(db);

    await migrate(db);

    expect(await db.selectFrom('customer_configs').select(['customer_id', 'publishable_key_id']).execute()).toEqual([{ customer_id: 'cust_r', publishable_key_id: 'key_p' }]);
    expect(await db.selectFrom('conversations').select(['id', 'label']).execute()).toEqual([{ id: 's1', label: 'label-1' }]);
    expect(await db.selectFrom('conversation_messages').select(['session_id', 'content']).execute()).toEqual([{ session_id: 's1', content: 'Hello' }]);
    expect(await db.selectFrom('personal_data').select(['session_id', 'value']).execute()).toEqual([{ session_id: 's1', value: 'ada@example.com' }]);
    // A message or personal data for a conversation that does not exist is refused...
    await expect(sql`insert into conversation_messages (id, session_id, position, sender, content, created_at) values ('m2', 'nobody', 1, 'user', 'x', 1)`.execute(db)).rejects.toThrow(/foreign key/i);
    // ...and erasing a conversation erases its messages and personal data with it.
    await db.deleteFrom('conversations').where('id', '=', 's1').execute();
    expect(await db.selectFrom('conversation_messages').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('personal_data').selectAll().execute()).toEqual([]);
  });

  it("keeps each audit-log leaf's hash once and its subtrees in the order they complete, and the log still proves every entry", async () => {
    testDb = await createTestDatabase();
    const { db } = testDb;
    await migrate(db, { upTo: '0015-data-key-check' });
    const key = generateSigningKey();
    // Thirteen entries as earlier versions wrote them: the bundles, leaves, checkpoint and state the
    // planner makes, and audit_nodes holding every node by (level, idx), each leaf's hash at level 0.
    const planned = planAppend(
      { size: 0, frontier: '[]' },
      Array.from({ length: 13 }, (_, i) => ({ bundle: signedDecision(i, { signer: key }), customerId: null })),
      { signer: key, now: 1_000 },
    );
    await db.insertInto('proof_bundles').values(planned.bundles).execute();
    await db.insertInto('audit_trail').values(planned.trail).execute();
    await db.insertInto('audit_checkpoints').values(planned.checkpoints.map((c) => checkpointRow(c, 1_000))).execute();
    await db.updateTable('audit_state').set(planned.state).execute();
    let frontier: Uint8Array[] = [];
    for (const [size, { leaf_hash }] of planned.trail.entries()) {
      const next = appendToFrontier(frontier, size, fromHex(leaf_hash)!);
      frontier = next.frontier;
      for (const n of next.nodes) await sql`insert into audit_nodes (level, idx, hash) values (${n.level}, ${n.index}, ${Buffer.from(n.hash).toString('hex')})`.execute(db);
    }

    await migrate(db);

    const kept = await db.selectFrom('audit_subtrees').selectAll().orderBy('position').execute();
    expect(kept.map((r) => ({ position: Number(r.position), hash: r.hash }))).toEqual([...planned.subtrees].sort((a, b) => a.position - b.position));
    const ids = planned.results.map((r) => r.bundleId);
    const keys = new Map([[key.keyId, key.publicKey]]);
    for (const id of ids) expect(verifyFile(await inclusionProofFor(db, key, id), keys)).toMatchObject({ ok: true });
    expect(verifyFile(await consistencyProofFor(db, key, 5, 13), keys)).toMatchObject({ ok: true });
    // And entries appended after the upgrade.
    ids.push((await appendToAuditLog(db, signedDecision(13, { signer: key }), { signer: key })).bundleId);
    expect(verifyFile(await inclusionProofFor(db, key, ids[13]!), keys)).toMatchObject({ ok: true });
    expect(verifyFile(await consistencyProofFor(db, key, 13, 14), keys)).toMatchObject({ ok: true });
  });

  it("keeps a test checkout's secret only as its hash, in the checkout and its billing event", async () => {
    testDb = await createTestDatabase();
    const { db } = testDb;
    await migrate(db, { upTo: '0017-audit-subtrees-in-order' });
    const open = newToken();
    const confirmed = newToken();
    await sql`insert into accounts (id, email, password_hash, first_name, last_name, company_name, terms_version, terms_accepted_at, newsletter, plan, plan_status,
      trial_ends_at, plan_event_at, created_at, password_changed_at) values ('cus_1', 'ada@example.com', 'x', 'Ada', 'Lovelace', 'Engines', '2026-01', 1, 0, 'trial',
      'trialing', 1, 1, 1, 1)`.execute(db);
    for (const [id, provider, completed] of [[open, 'test', null], [confirmed, 'test', 2], ['cs_test_stripe', 'stripe', null]] as const) {
      await sql`insert into checkouts (id, account_id, plan, billing_cycle, provider, created_at, completed_at) values (${id}, 'cus_1', 'starter', 'monthly', ${provider}, 1, ${completed})`.execute(db);
    }
    await sql`insert into billing_events (event_id, type, received_at) values (${`test_checkout_${confirmed}`}, 'test_checkout.completed', 2)`.execute(db);

    await migrate(db);

    const ids = (await db.selectFrom('checkouts').select('id').execute()).map((r) => r.id).sort();
    expect(ids).toEqual([hashToken(open), hashToken(confirmed), 'cs_test_stripe'].sort());
    expect(await db.selectFrom('billing_events').select('event_id').execute()).toEqual([{ event_id: `test_checkout_${hashToken(confirmed)}` }]);
  });

  it('keeps the sessions open at an upgrade signed in, marked with the password they were signed in with', async () => {
    testDb = await createTestDatabase();
    const { db } = testDb;
    await migrate(db, { upTo: '0018-test-checkouts-hashed' });
    await sql`insert into accounts (id, email, password_hash, first_name, last_name, company_name, terms_version, terms_accepted_at, newsletter, plan, plan_status,
      trial_ends_at, plan_event_at, created_at, password_changed_at) values ('cus_1', 'ada@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'Ada',
      'Lovelace', 'Engines', '2026-01', 1, 0, 'trial', 'trialing', 1, 1, 1, 1)`.execute(db);
    await sql`insert into sessions (token_hash, account_id, binder_hash, remember, created_at, expires_at) values ('t1', 'cus_1', 'b1', 0, 1, 2)`.execute(db);

    await migrate(db);

    expect(await db.selectFrom('sessions').select(['token_hash', 'password_mark']).execute()).toEqual([
      { token_hash: 't1', password_mark: passwordMark('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA') },
    ]);
  });

  it('keeps every address in its one spelling, and an account whose spelling another account has keeps its own', async () => {
    testDb = await createTestDatabase();
    const { db } = testDb;
    await migrate(db, { upTo: '0019-sessions-password-mark' });
    const account = (id: string, email: string) => sql`insert into accounts (id, email, password_hash, first_name, last_name, company_name, terms_version,
      terms_accepted_at, newsletter, plan, plan_status, trial_ends_at, plan_event_at, created_at, password_changed_at) values (${id}, ${email}, 'h', 'A', 'B', 'C',
      '2026-01', 1, 0, 'trial', 'trialing', 1, 1, 1, 1)`;
    await account('cus_grace', 'ｇrace@xn--bcher-kva.de.').execute(db);
    await account('cus_ada', 'ada@example.com').execute(db);
    await account('cus_ada_dot', 'ada@example.com.').execute(db);
    await sql`insert into newsletter_subscribers (id, email, status, created_at, updated_at) values ('sub_1', 'ｇrace@bücher.de', 'confirmed', 1, 1)`.execute(db);
    await sql`insert into contacts (id, name, email, company, interest, created_at) values ('con_1', 'Ada', 'ada@example.com.', 'C', 'pilot', 1)`.execute(db);
    await sql`insert into outbox (recipient, subject, text_body, html_body, created_at) values ('ada@example.com.', 's', 't', 'h', 1)`.execute(db);

    await migrate(db);

    const accounts = await db.selectFrom('accounts').select(['id', 'email']).orderBy('id').execute();
    expect(accounts).toEqual([
      { id: 'cus_ada', email: 'ada@example.com' },
      { id: 'cus_ada_dot', email: 'ada@example.com.' },
      { id: 'cus_grace', email: 'grace@bücher.de' },
    ]);
    expect(await db.selectFrom('newsletter_subscribers').select('email').execute()).toEqual([{ email: 'grace@bücher.de' }]);
    expect(await db.selectFrom('contacts').select('email').execute()).toEqual([{ email: 'ada@example.com' }]);
    expect(await db.selectFrom('outbox').select('recipient').execute()).toEqual([{ recipient: 'ada@example.com' }]);
  });
});
