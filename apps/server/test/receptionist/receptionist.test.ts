// The receptionist against the real server and database: the visitor cookie is the only identity,
// every message is decided by the engine through the server's own MCP endpoint, only what the
// decisions allow is stored (checked in the database), and the GDPR rights act on real rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProofBundle } from '@bytebound/engine/verify';
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { bearer } from '../api-keys/key-helpers.ts';
import { findSubjectCommitmentKey } from '../../src/audit/commitment-keys.ts';
import { type Visitor, newVisitor, say } from './visitor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const rows = async (table: 'conversation_messages' | 'personal_data' | 'receptionist_leads' | 'receptionist_consents', sessionId: string) =>
  t.db.selectFrom(table).selectAll().where('session_id', '=', sessionId).execute();

async function sessionRowId(visitor: Visitor): Promise<string> {
  const row = await t.db.selectFrom('conversations').select('id').where('label', '=', visitor.session.sessionId).executeTakeFirstOrThrow();
  return row.id;
}

/** The commitment key of the conversation's decisions (the conversation is their data subject), or null once erased. */
const conversationKey = (visitor: Visitor, conversationId: string) => findSubjectCommitmentKey(t.db, visitor.session.customerId, conversationId);

describe(`receptionist (${testDialect})`, () => {
  it('opens a session with an HttpOnly SameSite=Strict cookie, its own customer identity and a publishable key', async () => {
    const visitor = await newVisitor(t.app);
    expect(visitor.cookieHeader).toMatch(/^bb_visitor=[A-Za-z0-9_-]{43}$/);
    expect(visitor.setCookie).toMatch(/HttpOnly/);
    expect(visitor.setCookie).toMatch(/SameSite=Strict/);
    const s = visitor.session;
    expect(s).toMatchObject({ name: 'Bytebound Receptionist', tier: 'scale', inactivityTimeoutMs: 1_800_000, consent: { followUp: false, newsletter: false } });
    expect(s.customerId).toMatch(/^cust_receptionist_/);
    expect(s.apiKey).toMatch(/^bb_live_[0-9a-f]{16}_[0-9a-f]{64}$/);
    expect(s.transparency).toMatch(/Art\. 6\(1\)\(b\)/);
    expect(s.transparency).toMatch(/30 days/);
    // The cookie token is stored hashed, never as it is.
    const token = visitor.cookieHeader.split('=')[1]!;
    const stored = await t.db.selectFrom('conversations').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    // The same identity on every session.
    const other = await newVisitor(t.app);
    expect(other.session.customerId).toBe(s.customerId);
    expect(other.session.apiKey).toBe(s.apiKey);
    expect(other.session.sessionId).not.toBe(s.sessionId);
  });

  it('keeps one session per cookie: the session call with a live cookie returns the same session and sets no new cookie', async () => {
    const visitor = await newVisitor(t.app);
    const again = await t.app.inject({ method: 'GET', url: '/api/poc-ai-chat/session', headers: { cookie: visitor.cookieHeader } });
    expect(again.json().sessionId).toBe(visitor.session.sessionId);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses the publishable key on the decision API, the arbiters and the MCP endpoint', async () => {
    const { session } = await newVisitor(t.app);
    const decide = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(session.apiKey), payload: { request: { action: 'read', timing: 'pre-action', target: 'general' }, arbiters: ['gdpr'] } });
    expect(decide.statusCode).toBe(403);
    expect(decide.json().error).toMatch(/lacks the "decide" scope/);
    const arbiters = await t.app.inject({ method: 'GET', url: '/api/v1/arbiters', headers: bearer(session.apiKey) });
    expect(arbiters.statusCode).toBe(403);
    const mcp = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...bearer(session.apiKey), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    expect(mcp.statusCode).toBe(403);
  });

  it('refuses the publishable key every visitor holds on the audit log’s payloads and on deciding with an arbiter', async () => {
    const { session } = await newVisitor(t.app);
    const headers = bearer(session.apiKey);
    for (const url of ['/api/v1/audit/export', `/api/v1/audit/bundles/${'0'.repeat(64)}`, `/api/v1/audit/proof/${'0'.repeat(64)}`]) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toBe('This API key lacks the "decide" scope');
    }
    const playground = await t.app.inject({
      method: 'POST',
      url: '/api/v1/home/homepage/compiler/validate-syntax',
      headers,
      payload: { context: { principal: { id: 'agent-7', type: 'agent' }, action: 'read', resource: { kind: 'crm' }, target: 'general' }, policy_set: 'gdpr' },
    });
    expect(playground.statusCode).toBe(403);
    // Without any key the public parts stay public: the export's leaves, with no payload.
    const anonymous = await t.app.inject('/api/v1/audit/export');
    expect(anonymous.statusCode).toBe(200);
  });

  it('answers without a stored message when there is no session cookie, and refuses a message without one', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/poc-ai-chat', payload: { message: 'Hello' } });
    expect(response.statusCode).toBe(401);
  });

  it('decides a first message through MCP with the Art. 13 notice, signs it and stores the text', async () => {
    const visitor = await newVisitor(t.app);
    const out = await say(t.app, visitor, 'What output formats can the compiler generate?');
    expect(out.statusCode).toBe(200);
    const body = out.json();
    expect(body).toMatchObject({ fallback: false, exitCode: 0, intent: 'product', conversationLength: 2 });
    expect(body.response.length).toBeGreaterThan(20);
    expect(body.complianceValidation.protocol).toBe('MCP');
    expect(body.complianceValidation.notice).toMatch(/controller/);
    expect(body.complianceValidation.decisions.map((d: { article: string | null }) => d.article)).toContain('GDPR Art. 13(1)');
    expect(body.executionTime).toBeGreaterThan(0);
    expect(body.proofBundle).toMatchObject({ decision: 'ALLOW', customerId: visitor.session.customerId });
    // The bundle verifies with the published keys.
    const keys = keyRingFromJwks((await t.app.inject({ url: '/api/v1/keys' })).json());
    expect(verifyProofBundle(body.proofBundle.envelope, keys).ok).toBe(true);
    const logged = await t.db.selectFrom('decision_logs').selectAll().where('bundle_id', '=', body.proofBundle.id).executeTakeFirstOrThrow();
    expect(logged.source).toBe('mcp');
    const messages = await rows('conversation_messages', await sessionRowId(visitor));
    expect(messages.map((m) => m.content)).toEqual(['What output formats can the compiler generate?', body.response]);
    // A second message has no notice.
    const second = (await say(t.app, visitor, 'Thanks!')).json();
    expect(second.complianceValidation.notice).toBeUndefined();
    expect(second.intent).toBe('small_talk');
  });

  it('blocks health data about the visitor under Art. 9 and keeps it out of the database, and still replies', async () => {
    const visitor = await newVisitor(t.app);
    const body = (await say(t.app, visitor, 'I have diabetes and was diagnosed last year, how much is the Growth plan?')).json();
    expect(body.exitCode).toBe(2);
    expect(body.article).toBe('GDPR Art. 9(1)');
    expect(body.response).toMatch(/Art\. 9/);
    expect(body.response).toMatch(/\$999/);
    expect(body.complianceValidation.personalData).toEqual([{ category: 'health', stored: false }]);
    const id = await sessionRowId(visitor);
    const all = JSON.stringify([await rows('conversation_messages', id), await rows('personal_data', id)]);
    expect(all).not.toMatch(/diabetes/i);
    expect((await rows('conversation_messages', id))[0]).toMatchObject({ content: null, withheld_article: 'GDPR Art. 9(1)' });
  });

  it('a question about HIPAA or health care is no special-category data', async () => {
    const visitor = await newVisitor(t.app);
    const body = (await say(t.app, visitor, 'Do you support HIPAA for health care providers?')).json();
    expect(body.exitCode).toBe(0);
    expect(body.complianceValidation.personalData).toEqual([]);
  });

  it('stores contact data for a demo the visitor asked for under Art. 6(1)(b), and needs consent for a follow-up', async () => {
    const visitor = await newVisitor(t.app);
    const demo = (await say(t.app, visitor, "I'd like to book a demo, I'm Jane Miller from Acme, jane.miller@acme-corp.com")).json();
    expect(demo.intent).toBe('booking');
    expect(demo.exitCode).toBe(0);
    expect(demo.article).toBe('GDPR Art. 6(1)(b)');
    expect(demo.complianceValidation.personalData).toEqual(
      expect.arrayContaining([
        { category: 'email', stored: true },
        { category: 'name', stored: true },
      ]),
    );
    const id = await sessionRowId(visitor);
    expect((await rows('receptionist_leads', id))[0]).toMatchObject({ name: 'Jane Miller', email: 'jane.miller@acme-corp.com', company: 'Acme' });
    // No personal data in the signed bundles or the decision records: categories only, values never.
    const bundles = await t.db.selectFrom('proof_bundles').select(['envelope', 'decision']).execute();
    const logs = await t.db.selectFrom('decision_logs').selectAll().execute();
    // Each envelope is read with its payload decoded: the base64 of a payload or a signature can spell "jane" by chance.
    const readable = bundles.map(({ envelope, decision }) => {
      const { payload, payloadType } = JSON.parse(envelope ?? '{"payload":""}') as { payload: string; payloadType?: string };
      return { decision, payloadType, payload: Buffer.from(payload, 'base64').toString('utf8') };
    });
    expect(readable.every((b) => b.payload.includes('"decision"'))).toBe(true);
    expect(JSON.stringify([readable, logs])).not.toMatch(/jane|miller|acme-corp/i);

    const other = await newVisitor(t.app);
    const followUp = (await say(t.app, other, 'Send me more info at mark.jones@contoso.com')).json();
    expect(followUp.exitCode).toBe(2);
    expect(followUp.article).toBe('GDPR Art. 7(1)');
    expect(followUp.actions).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'consent_request', purpose: 'follow_up' })]));
    const otherId = await sessionRowId(other);
    expect(JSON.stringify(await rows('personal_data', otherId))).not.toContain('contoso');
    expect(JSON.stringify(await rows('conversation_messages', otherId))).not.toContain('contoso');

    // With consent, the same message is stored under Art. 7(1).
    const consent = await t.app.inject({ method: 'POST', url: '/api/poc-ai-chat/consent', headers: { cookie: other.cookieHeader }, payload: { purpose: 'follow_up', granted: true } });
    expect(consent.statusCode).toBe(200);
    expect(consent.json()).toMatchObject({ consent: { purpose: 'follow_up', granted: true }, decision: { exitCode: 0, article: 'GDPR Art. 7(1)' } });
    expect((await rows('receptionist_consents', otherId))[0]).toMatchObject({ purpose: 'follow_up', granted: 1 });
    expect((await rows('receptionist_consents', otherId))[0]!.wording).toMatch(/follow up/);
    const again = (await say(t.app, other, 'Send me more info at mark.jones@contoso.com')).json();
    expect(again).toMatchObject({ exitCode: 0, article: 'GDPR Art. 7(1)' });
    expect((await rows('personal_data', otherId)).map((r) => [r.category, r.value, r.legal_basis])).toEqual([['email', 'mark.jones@contoso.com', 'consent']]);
    // Storing the transcript needs that consent; a visitor without it is refused.
    const stored = await t.app.inject({ method: 'POST', url: '/api/database/store-conversation', headers: { cookie: other.cookieHeader }, payload: {} });
    expect(stored.json()).toMatchObject({ stored: true });
    const refused = await t.app.inject({ method: 'POST', url: '/api/database/store-conversation', headers: { cookie: visitor.cookieHeader }, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'The conversation is stored only with your consent.' });
    // Withdrawal (Art. 7(3)) deletes what was kept on consent.
    const withdrawn = await t.app.inject({ method: 'POST', url: '/api/poc-ai-chat/gdpr-rights', headers: { cookie: other.cookieHeader }, payload: { action: 'withdraw' } });
    expect(withdrawn.json()).toMatchObject({ action: 'withdraw', data: { consent: { followUp: false } } });
    expect(await rows('personal_data', otherId)).toEqual([]);
  });

  it('subscribes to the real newsletter only with consent, through its double opt-in', async () => {
    const visitor = await newVisitor(t.app);
    const asked = (await say(t.app, visitor, 'Please sign me up for the newsletter: lena.fischer@northwind-labs.com')).json();
    expect(asked.exitCode).toBe(2);
    expect(asked.actions).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'consent_request', purpose: 'newsletter' })]));
    const subscriber = () => t.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'lena.fischer@northwind-labs.com').executeTakeFirst();
    expect(await subscriber()).toBeUndefined();

    const consent = await t.app.inject({ method: 'POST', url: '/api/poc-ai-chat/consent', headers: { cookie: visitor.cookieHeader }, payload: { purpose: 'newsletter', granted: true } });
    expect(consent.json()).toMatchObject({ decision: { exitCode: 0 } });
    expect((await say(t.app, visitor, 'Please sign me up for the newsletter: lena.fischer@northwind-labs.com')).json()).toMatchObject({ exitCode: 0 });
    await expect.poll(async () => (await subscriber())?.status).toBe('pending');
    await expect.poll(async () => (await t.db.selectFrom('outbox').select('subject').where('recipient', '=', 'lena.fischer@northwind-labs.com').execute()).map((r) => r.subject)).toEqual([
      'Confirm your subscription to the Bytebound newsletter',
    ]);
  });

  it('refuses an empty or too long message with 400', async () => {
    const visitor = await newVisitor(t.app);
    expect((await say(t.app, visitor, '   ')).statusCode).toBe(400);
    expect((await say(t.app, visitor, 'x'.repeat(1001))).statusCode).toBe(400);
    expect((await say(t.app, visitor, 'x'.repeat(1000))).statusCode).toBe(200);
    const escaped = await say(t.app, visitor, 'Hello\u001b[2J there');
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json().details).toEqual([{ path: 'message', message: 'A message cannot contain control characters other than tabs and line breaks.' }]);
    expect((await say(t.app, visitor, 'Two lines:\n\tindented')).statusCode).toBe(200);
  });

  it('lets no visitor read or erase another visitor data, whatever labels they send', async () => {
    const a = await newVisitor(t.app);
    const b = await newVisitor(t.app);
    await say(t.app, a, "Book a demo for me, I'm Anna Schmidt, anna.schmidt@globex.io");
    const aId = await sessionRowId(a);
    const labels = { sessionId: a.session.sessionId, customerId: a.session.customerId };
    const headers = { cookie: b.cookieHeader, 'x-session-id': a.session.sessionId, 'x-user-id': a.session.sessionId };
    const access = (await t.app.inject({ method: 'POST', url: '/api/poc-ai-chat/gdpr-rights', headers, payload: { action: 'access', ...labels } })).json();
    expect(JSON.stringify(access.data)).not.toContain('anna');
    const erase = await t.app.inject({ method: 'POST', url: '/api/poc-ai-chat/gdpr-rights', headers, payload: { action: 'erasure', ...labels } });
    expect(erase.statusCode).toBe(200);
    expect((await rows('personal_data', aId)).length).toBeGreaterThan(0);
    const noCookie = await t.app.inject({ method: 'POST', url: '/api/poc-ai-chat/gdpr-rights', headers: { 'x-session-id': a.session.sessionId }, payload: { action: 'erasure', ...labels } });
    expect(noCookie.statusCode).toBe(401);
  });

  it('serves access, rectification, portability and erasure on the session real rows, each a signed decision', async () => {
    const visitor = await newVisitor(t.app);
    await say(t.app, visitor, "Please book me a demo, I'm Tom Becker, tom.becker@globex.io");
    const id = await sessionRowId(visitor);
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/poc-ai-chat/gdpr-rights', headers: { cookie: visitor.cookieHeader }, payload });

    const access = (await post({ action: 'access' })).json();
    expect(access).toMatchObject({ action: 'access', decision: { exitCode: 0, article: 'GDPR Art. 15(1)' } });
    expect(access.data.lead).toMatchObject({ name: 'Tom Becker', email: 'tom.becker@globex.io' });
    expect(access.data.messages.length).toBe(2);

    const rectified = (await post({ action: 'rectification', details: { email: 'tom@globex.io', company: 'Globex GmbH' } })).json();
    expect(rectified.decision.article).toBe('GDPR Art. 16(1)');
    expect((await rows('receptionist_leads', id))[0]).toMatchObject({ email: 'tom@globex.io', company: 'Globex GmbH' });
    expect((await rows('personal_data', id)).find((r) => r.category === 'email')!.value).toBe('tom@globex.io');
    // A correction follows the booking form's rules: one line, no control characters, a work email; nothing is changed by a refused one.
    for (const [details, issue] of [
      [{ name: 'Tom\u001b[2J Becker' }, { path: 'details.name', message: 'Name cannot contain control characters' }],
      [{ company: '' }, { path: 'details.company', message: 'Please enter your company' }],
      [{ email: 'tom at globex' }, { path: 'details.email', message: 'Please enter a valid email address' }],
    ] as const) {
      const refused = await post({ action: 'rectification', details });
      expect(refused.statusCode, JSON.stringify(details)).toBe(400);
      expect(refused.json().details).toEqual([issue]);
    }
    await post({ action: 'rectification', details: { name: '  Tom\n  Becker ', email: 'Tom@Globex.io' } });
    expect((await rows('receptionist_leads', id))[0]).toMatchObject({ name: 'Tom Becker', email: 'tom@globex.io', company: 'Globex GmbH' });

    const exported = (await post({ action: 'export' })).json();
    expect(exported).toMatchObject({ action: 'export', decision: { article: 'GDPR Art. 20(1)' } });
    expect(exported.data.personalData.length).toBeGreaterThan(0);

    // Names an object has of itself (toString, constructor, ...) are no more a right than 'teleport'.
    for (const action of ['teleport', 'toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const unknown = await post({ action });
      expect(unknown.statusCode, action).toBe(200);
      expect(unknown.json().response).toBe('Processing your request.');
    }

    // Every decision of the conversation is committed with the conversation's own key.
    const key = (await conversationKey(visitor, id))!;
    const payloadOf = (envelope: { payload: string }) => JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8'));
    expect(payloadOf(exported.proofBundle.envelope).commitments[0].key).toBe(key.id);
    expect(key.id).toMatch(/^sk_/);

    const erased = (await post({ action: 'delete' })).json();
    expect(erased).toMatchObject({ action: 'delete', decision: { exitCode: 0, article: 'GDPR Art. 17(1)' } });
    expect(erased.proofBundle.decision).toBe('ALLOW');
    expect(payloadOf(erased.proofBundle.envelope).commitments[0].key).toBe(key.id);
    for (const table of ['conversation_messages', 'personal_data', 'receptionist_leads', 'receptionist_consents'] as const) expect(await rows(table, id)).toEqual([]);
    // The key goes with the data: the conversation's proofs can no longer be linked to it.
    expect(await conversationKey(visitor, id)).toBeNull();
    expect(erased.response).toMatch(/key this chat's decisions were committed with/);
    // The erasure itself is in the audit log.
    expect(await t.db.selectFrom('proof_bundles').select('id').where('id', '=', erased.proofBundle.id).executeTakeFirst()).toBeTruthy();
  });

  it('registers chat leads with the site-wide data rights by email', async () => {
    const visitor = await newVisitor(t.app);
    await say(t.app, visitor, 'Book a demo please, my email is priya.shah@finlytics.co');
    const records = await t.app.dataRights.exportFor(t.db, { email: 'Priya.Shah@finlytics.co', accountId: null });
    expect(JSON.stringify(records.receptionist)).toContain('priya.shah@finlytics.co');
    const id = await sessionRowId(visitor);
    expect(await conversationKey(visitor, id)).not.toBeNull();
    const erased = await t.app.dataRights.eraseFor(t.db, { email: 'priya.shah@finlytics.co', accountId: null });
    expect(erased.receptionist).toBeGreaterThan(0);
    expect(await rows('personal_data', id)).toEqual([]);
    expect(await conversationKey(visitor, id)).toBeNull();
  });

  it('purges conversations and personal data after the retention period', async () => {
    const visitor = await newVisitor(t.app);
    await say(t.app, visitor, 'Book a demo, my email is old.lead@initech.com');
    const id = await sessionRowId(visitor);
    expect(await conversationKey(visitor, id)).not.toBeNull();
    const policy = t.app.retention.list().find((p) => p.name === 'receptionist-conversations')!;
    expect(policy.periodMs).toBe(30 * 24 * 60 * 60 * 1000);
    expect(await policy.purge(t.db, Date.now() - policy.periodMs, Date.now())).toBe(0);
    const purges = () => t.db.selectFrom('receptionist_decisions').selectAll().where('article', '=', 'GDPR Art. 5(1)').orderBy('seq').execute();
    const decisionsBefore = await purges();
    expect(await policy.purge(t.db, Date.now() + 1000, Date.now() + 1000 + policy.periodMs)).toBeGreaterThan(0);
    // The purge was itself decided by the engine at timing 'scheduled' and signed.
    const purgeDecisions = await purges();
    expect(purgeDecisions.length).toBe(decisionsBefore.length + 1);
    expect(purgeDecisions.at(-1)).toMatchObject({ exit_code: 0, action: 'delete', session_id: null });
    expect(await rows('personal_data', id)).toEqual([]);
    expect(await rows('conversation_messages', id)).toEqual([]);
    expect(await conversationKey(visitor, id)).toBeNull();
  });
});

describe(`receptionist behind https (${testDialect})`, () => {
  it('marks the visitor cookie Secure when the public URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://bytebound.test' });
    try {
      const visitor = await newVisitor(secure.app);
      expect(visitor.setCookie).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});
