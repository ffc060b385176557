// POST /api/v1/decide: decisions by built-in arbiters, custom arbiters and inline policies, signed
// (verifiable with the published public keys), logged without personal data, several arbiters in
// parallel with the arbiter timeout, and a malformed request denied rather than rejected.
import { printPolicy } from '@bytebound/compiler/bytebound-format';
import { decideRequest } from '@bytebound/compiler/evaluate';
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ARBITERS, builtInArbiter, builtInPolicy } from '../../src/arbiters/built-in-arbiters.ts';
import { ARBITER_TIMEOUT_MS, MAX_PARALLEL_ARBITERS } from '../../src/constants.ts';
import { RECEPTIONIST_ARBITER } from '../../src/receptionist/receptionist-policy.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = (await newKey(t, 'cust-decide')).key;
});
afterAll(async () => t.close());

const gdpr = builtInPolicy(builtInArbiter('gdpr')!);
const transfer = { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } };
const decide = (payload: unknown, k = key) => t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(k), payload: payload as object });

/** The proof bundle in the answer, as the audit log keeps it: the response without the API's additions. */
function bundleOf(body: Record<string, unknown>) {
  const { decisionId: _d, bundleId: _b, auditIndex: _a, arbiters: _r, envelope, ...decision } = body;
  return { decision, envelope } as never;
}

describe(`POST /api/v1/decide (${testDialect})`, () => {
  it('decides with a built-in arbiter as the reference evaluator does, and signs the decision', async () => {
    const response = await decide({ arbiters: ['gdpr'], request: transfer });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const expected = decideRequest(gdpr, transfer);
    expect(body).toMatchObject({ decision: expected.decision, exitCode: expected.exitCode, article: expected.article, applied_policies: expected.applied_policies });
    expect(body.decision).toBe('DENY');
    expect(body.article).toBe('GDPR Art. 44');
    expect(body.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(typeof body.nonce).toBe('string');
    expect(typeof body.latency_us).toBe('number');
    const jwks = (await t.app.inject({ url: '/api/v1/keys' })).json();
    // The answer as it comes verifies with the published keys, and so does its bundle.
    expect(verifyFile(body, keyRingFromJwks(jwks))).toMatchObject({ ok: true, failures: [] });
    expect(verifyFile(bundleOf(body), keyRingFromJwks(jwks))).toMatchObject({ ok: true, failures: [] });
    // A decision altered after signing no longer verifies.
    const altered = verifyFile({ ...body, decision: 'ALLOW', exitCode: 0 }, keyRingFromJwks(jwks));
    expect(altered.ok).toBe(false);
    // The bundle is in the audit log under the id the response names.
    const stored = await t.app.inject({ url: `/api/v1/audit/bundles/${body.bundleId}`, headers: bearer(key) });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ id: body.bundleId, leafIndex: body.auditIndex, ...(bundleOf(body) as object) });
  });

  it('allows what the policy permits, with exit code 0', async () => {
    const request = { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent', safeguards: true } };
    const body = (await decide({ arbiters: ['gdpr'], request })).json();
    expect(body.decision).toBe(decideRequest(gdpr, request).decision);
    expect(body).toMatchObject({ decision: 'ALLOW', exitCode: 0 });
  });

  it('denies a malformed request with a signed DENY and exit code 2, not a 400', async () => {
    const response = await decide({ arbiters: ['gdpr'], request: { action: 'teleport', timing: 'pre-action', target: 'personal' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ decision: 'DENY', exitCode: 2, article: null, applied_policies: [] });
    expect(body.reasons[0].text).toMatch(/^malformed request: action is not one of create, read, /);
    expect(body.signature).toBeTruthy();
    const unknownAttribute = (await decide({ arbiters: ['gdpr'], request: { ...transfer, attributes: { mood: 'happy' } } })).json();
    expect(unknownAttribute.reasons[0].text).toMatch(/malformed request: unknown attribute 'mood'/);
    const listedPrincipal = (await decide({ arbiters: ['gdpr'], request: { ...transfer, principal: ['agent-7'] } })).json();
    expect(listedPrincipal).toMatchObject({ decision: 'DENY', exitCode: 2, reasons: [expect.objectContaining({ text: expect.stringMatching(/malformed request: principal must be an object, not a list$/) })] });
  });

  it('rejects a body outside the envelope with 400', async () => {
    const bodies = [
      { arbiters: ['gdpr'] },
      { request: transfer },
      { request: transfer, arbiters: [] },
      { request: transfer, arbiters: Array.from({ length: MAX_PARALLEL_ARBITERS + 1 }, () => 'gdpr') },
      { request: transfer, arbiters: ['gdpr'], extra: true },
      { request: 'share everything', arbiters: ['gdpr'] },
    ];
    for (const payload of bodies) {
      const response = await decide(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Invalid request');
    }
  });

  it('answers 404 for an arbiter the customer does not have', async () => {
    const response = await decide({ arbiters: ['gdpr', 'no-such-arbiter'], request: transfer });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/Unknown arbiter 'no-such-arbiter'/);
  });

  it('decides with an inline bytebound policy, and denies when the policy text was altered', async () => {
    const text = printPolicy(gdpr);
    const inline = (await decide({ policy: text, request: transfer })).json();
    expect(inline).toMatchObject({ decision: 'DENY', article: 'GDPR Art. 44' });
    expect(inline.arbiters).toEqual([expect.objectContaining({ arbiter: 'inline', outcome: 'DENY' })]);
    const altered = text.replace('GDPR Art. 44', 'GDPR Art. 45');
    const body = (await decide({ policy: altered, request: transfer })).json();
    expect(body).toMatchObject({ decision: 'DENY', exitCode: 2, article: null });
    expect(body.reasons[0].text).toMatch(/does not load: .*digest does not match/);
  });

  it('denies with a policy holding text no decision can be signed or stored with (a lone surrogate, NUL), saying where', async () => {
    for (const [odd, problem] of [
      ['\ud800', 'holds a lone surrogate (an unpaired \\ud800-\\udfff escape): text must be well-formed Unicode'],
      ['\u0000', 'holds the NUL character (\\u0000), which no text may hold'],
    ] as const) {
      const rules = gdpr.rules.map((rule, i) => (i === 1 ? { ...rule, article: `${rule.article}${odd}` } : rule));
      const response = await decide({ policy: printPolicy({ ...gdpr, rules }), request: transfer });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ decision: 'DENY', exitCode: 2, article: null });
      expect(response.json().reasons[0].text).toBe(`arbiter inline failed: the policy does not load: rules[1].article ${problem}`);
    }
  });

  it('keeps a policy that does not load out of the answer and the signed record, naming only where it failed', async () => {
    const filler = 'secretpersonaldata'.repeat(50_000);
    const response = await decide({ policy: `bytebound 1\n${filler}`, request: transfer });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ decision: 'DENY', exitCode: 2 });
    expect(body.reasons[0].text).toBe(`arbiter inline failed: the policy does not load: line 2, column 1: expected 'digest', found '${filler.slice(0, 40)}…'`);
    const stored = await t.app.inject({ url: `/api/v1/audit/bundles/${body.bundleId}`, headers: bearer(key) });
    expect(stored.statusCode).toBe(200);
    expect(stored.body.length).toBeLessThan(10_000);
  });

  it('loads a policy once and reuses it for later decisions', async () => {
    const request = { action: 'read', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'contract' } };
    const text = printPolicy(builtInPolicy(builtInArbiter('lgpd')!));
    await decide({ policy: text, request });
    const loads = t.app.decisions.cache.loads;
    for (let i = 0; i < 3; i++) expect((await decide({ policy: text, request })).statusCode).toBe(200);
    expect(t.app.decisions.cache.loads).toBe(loads);
  });

  it("loads a new policy once in the loader's thread when several decisions name it at the same time", async () => {
    const request = { action: 'read', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'contract' } };
    const pipeda = builtInPolicy(builtInArbiter('pipeda')!);
    const expected = decideRequest(pipeda, request);
    const { answered } = t.app.decisions.loader;
    const { loads } = t.app.decisions.cache;
    const bodies = (await Promise.all(Array.from({ length: 3 }, () => decide({ policy: printPolicy(pipeda), request })))).map((r) => r.json());
    for (const body of bodies) expect(body).toMatchObject({ decision: expected.decision, article: expected.article, applied_policies: expected.applied_policies });
    expect(t.app.decisions.loader.answered).toBe(answered + 1);
    expect(t.app.decisions.cache.loads).toBe(loads + 1);
  });

  it('loads every built-in and registered arbiter ahead of the decisions that name them when asked (npm start does, before it listens)', async () => {
    await t.app.decisions.loadArbiters();
    const loads = t.app.decisions.cache.loads;
    for (const { name } of BUILT_IN_ARBITERS) {
      const response = await decide({ arbiters: [name], request: transfer });
      expect(response.statusCode, name).toBe(200);
      expect(response.json().arbiters, name).toEqual([expect.objectContaining({ arbiter: name, version: 1 })]);
    }
    // The receptionist's policy, compiled from its text by the real compiler.
    const receptionist = await decide({ arbiters: [RECEPTIONIST_ARBITER], request: transfer });
    expect(receptionist.statusCode).toBe(200);
    expect(receptionist.json().arbiters).toEqual([expect.objectContaining({ arbiter: RECEPTIONIST_ARBITER })]);
    expect(t.app.decisions.cache.loads).toBe(loads);
  });

  it('consults several arbiters: any DENY denies, reasons by priority, each outcome recorded', async () => {
    // A transfer to a third country without safeguards: GDPR denies it, CCPA (no opt-out) allows it.
    const request = transfer;
    const ccpa = builtInPolicy(builtInArbiter('ccpa')!);
    const expected = { gdpr: decideRequest(gdpr, request), ccpa: decideRequest(ccpa, request) };
    expect([expected.gdpr.decision, expected.ccpa.decision]).toEqual(['DENY', 'ALLOW']);
    const body = (await decide({ arbiters: ['gdpr', 'ccpa'], request })).json();
    expect(body).toMatchObject({ decision: 'DENY', exitCode: 2, article: expected.gdpr.article, applied_policies: expected.gdpr.applied_policies });
    expect(body.arbiters.map((a: { arbiter: string; outcome: string }) => [a.arbiter, a.outcome])).toEqual([
      ['gdpr', expected.gdpr.decision],
      ['ccpa', expected.ccpa.decision],
    ]);
    const priorities = body.reasons.filter((r: { ruleId: string | null }) => r.ruleId !== null).map((r: { priority: number }) => r.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    const rows = await t.db.selectFrom('arbiter_results').selectAll().where('decision_id', '=', body.decisionId).orderBy('position').execute();
    expect(rows.map((r) => [r.arbiter, r.outcome, r.arbiter_version])).toEqual([
      ['gdpr', expected.gdpr.decision, 1],
      ['ccpa', expected.ccpa.decision, 1],
    ]);
  });

  it(`denies when an arbiter does not answer within ${ARBITER_TIMEOUT_MS} ms, while the others still decide`, async () => {
    let release: () => void = () => {};
    t.app.decisions.registerArbiter('test-slow', () => new Promise((resolve) => (release = () => resolve({ policy: gdpr }))));
    const request = { action: 'read', timing: 'pre-action', target: 'general' };
    const body = (await decide({ arbiters: ['gdpr', 'test-slow'], request })).json();
    release();
    expect(body).toMatchObject({ decision: 'DENY', exitCode: 2 });
    expect(body.arbiters.map((a: { outcome: string }) => a.outcome)).toEqual(['ALLOW', 'TIMEOUT']);
    expect(body.reasons.map((r: { text: string }) => r.text)).toEqual([`arbiter test-slow did not answer within the ${ARBITER_TIMEOUT_MS} ms arbiter timeout`]);
    const rows = await t.db.selectFrom('arbiter_results').select(['arbiter', 'outcome']).where('decision_id', '=', body.decisionId).orderBy('position').execute();
    expect(rows).toEqual([
      { arbiter: 'gdpr', outcome: 'ALLOW' },
      { arbiter: 'test-slow', outcome: 'TIMEOUT' },
    ]);
  }, ARBITER_TIMEOUT_MS * 3);

  it('logs each decision without the request values', async () => {
    const request = { principal: { id: 'jane.doe@example.org', type: 'agent' }, resource: { email: 'jane.doe@example.org' }, ...transfer };
    const body = (await decide({ arbiters: ['gdpr'], request })).json();
    const log = await t.db.selectFrom('decision_logs').selectAll().where('id', '=', body.decisionId).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ customer_id: 'cust-decide', decision: 'DENY', exit_code: 2, article: 'GDPR Art. 44', digest: body.digest, bundle_id: body.bundleId });
    const stored = JSON.stringify(await t.db.selectFrom('proof_bundles').selectAll().where('id', '=', body.bundleId).execute());
    expect(stored).not.toContain('jane.doe');
    expect(JSON.stringify(log)).not.toContain('jane.doe');
    expect(JSON.stringify(body)).not.toContain('jane.doe');
    expect(body.commitments).toEqual([expect.objectContaining({ field: 'request', value: expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/) })]);
  });

  it("keeps a malformed request's values out of its signed reason, the response and the log", async () => {
    const email = 'jane.doe@example.org';
    for (const request of [
      { ...transfer, action: email },
      { ...transfer, attributes: { legalBasis: email } },
      { ...transfer, attributes: { [email]: true } },
    ]) {
      const body = (await decide({ arbiters: ['gdpr'], request })).json();
      expect(body).toMatchObject({ decision: 'DENY', exitCode: 2 });
      expect(body.reasons[0].text).toMatch(/^malformed request: /);
      expect(JSON.stringify(body)).not.toContain(email);
      const row = await t.db.selectFrom('proof_bundles').select('envelope').where('id', '=', body.bundleId).executeTakeFirstOrThrow();
      const payload = Buffer.from((JSON.parse(row.envelope!) as { payload: string }).payload, 'base64').toString('utf8');
      expect(payload).toContain('malformed request');
      expect(payload).not.toContain(email);
    }
  });

  it('refuses a body that is not I-JSON (RFC 7493) with a 400 that says why, and records nothing', async () => {
    const size = async () => (await t.app.inject({ url: '/api/v1/audit/checkpoint' })).json().size as number;
    const before = await size();
    const request = (extra: string) => `{"arbiters":["gdpr"],"request":{"action":"share","timing":"pre-action","target":"personal"${extra}}}`;
    const cases: [string, RegExp][] = [
      [request(',"note":"\\ud800"'), /a string holds a lone surrogate/],
      [request(',"\\udc00":true'), /a key holds a lone surrogate/],
      [request(',"n":1e309'), /a number is too large/],
      [request(`,"x":${'['.repeat(100)}${']'.repeat(100)}`), /nested more than 64 levels deep/],
      [request(`,"x":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`), /nested more than 64 levels deep/],
    ];
    for (const [payload, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: { ...bearer(key), 'content-type': 'application/json' }, payload });
      expect(response.statusCode, payload.slice(0, 120)).toBe(400);
      expect(response.json().error).toMatch(/^Request body is not valid JSON: /);
      expect(response.json().error).toMatch(message);
    }
    // A "__proto__" key is refused as Fastify's parser refuses it on every route, saying so.
    for (const key_ of [',"__proto__":{"admin":true}', ',"constructor":{"prototype":{"admin":true}}']) {
      const poisoned = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: request(key_) });
      expect(poisoned.statusCode).toBe(400);
      expect(poisoned.json()).toEqual({ error: 'Request body is not valid JSON: a "__proto__" or "constructor.prototype" key is not accepted' });
    }
    // A well-formed pair of surrogates is ordinary text, and 64 levels are accepted.
    const emoji = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: request(',"note":"\\ud83d\\ude00"') });
    expect(emoji.statusCode).toBe(200);
    const nested = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: request(`,"x":${'['.repeat(61)}${']'.repeat(61)}`) });
    expect(nested.statusCode).toBe(200);
    expect(await size()).toBe(before + 2);
  });

  it("fills where the data goes from the policy's destinations table when the resource names a host", async () => {
    const withTable = printPolicy({
      ...gdpr,
      destinations: [{ host: '*.processor.example', destination: 'processor', legalBasis: 'contract', safeguards: true }],
    });
    const share = (resource: object, attributes: object = {}) => ({ action: 'share', timing: 'pre-action', target: 'personal', resource, attributes });
    const recorded = (await decide({ policy: withTable, request: share({ url: 'https://api.processor.example/v1/upload' }) })).json();
    const expectedRecorded = decideRequest(gdpr, share({}, { destination: 'processor', legalBasis: 'contract', safeguards: true }));
    expect(expectedRecorded.decision).toBe('ALLOW');
    expect(recorded).toMatchObject({ decision: 'ALLOW', applied_policies: expectedRecorded.applied_policies });
    // An unlisted host is a third party with no basis.
    const unlisted = (await decide({ policy: withTable, request: share({ host: 'collector.example' }) })).json();
    expect(unlisted).toMatchObject({ decision: decideRequest(gdpr, share({})).decision, article: decideRequest(gdpr, share({})).article });
    expect(unlisted.decision).toBe('DENY');
    // What the caller states wins over the table.
    const stated = (await decide({ policy: withTable, request: share({ host: 'api.processor.example' }, { legalBasis: 'none' }) })).json();
    const expectedStated = decideRequest(gdpr, share({}, { destination: 'processor', legalBasis: 'none', safeguards: true }));
    expect(stated).toMatchObject({ decision: expectedStated.decision, article: expectedStated.article });
  });
});
