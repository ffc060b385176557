// The public compiler endpoints (/api/v1/home/...): demo compile, parse-statute with its cache,
// validate-syntax with an inline policy (public) or an arbiter (API key), blueprint save; all
// bounded in size and rate-limited per IP.
import { parsePolicy, policyDigest, printPolicy } from '@bytebound/compiler/bytebound-format';
import { compile } from '@bytebound/compiler/compile';
import { decideRequest } from '@bytebound/compiler/evaluate';
import { TEMPLATES } from '@bytebound/compiler/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInArbiter, builtInPolicy } from '../../src/arbiters/built-in-arbiters.ts';
import { NEW_POLICY_BYTES_PER_MINUTE, PUBLIC_COMPILER_RATE_PER_MINUTE } from '../../src/constants.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { register } from '../auth/account-helpers.ts';
import { finishesAsked } from '../helpers/compile-finishes.ts';
import { awayFromWindowEnd } from '../helpers/rate-limit-window.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  key = (await newKey(t, 'cust-public')).key;
});
afterAll(async () => t.close());

let ip = 0;
/** Each test speaks from its own address, so the per-IP limits of one test do not touch another. */
const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = `10.1.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });

const gdprText = TEMPLATES.gdpr.content;
const transfer = { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } };

describe(`POST /api/v1/home/demo/compile (${testDialect})`, () => {
  it('compiles legal text to Cedar and bytebound with metadata, as the compiler does', async () => {
    let response!: Awaited<ReturnType<typeof post>>;
    const asked = await finishesAsked(async () => {
      response = await post('/api/v1/home/demo/compile', { source: gdprText, format: 'cedar', options: { target: 'production', optimize: true, validate: true } });
    });
    // The bytebound text beside the Cedar, and its round trip, are worked out in the compile worker.
    expect(asked).toEqual([{ name: 'demo', roundTrip: true }]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const expected = compile(gdprText, { format: 'cedar', options: { targetEnvironment: 'production', optimizationLevel: 'maximum' } });
    if (!expected.ok) throw new Error(expected.error);
    expect(body.status).toBe('success');
    expect(body.policy_id).toBe(policyDigest(expected.policy));
    expect(body.output.cedar).toBe(expected.output);
    expect(policyDigest(parsePolicy(body.output.bbs))).toBe(body.policy_id);
    expect(body.output.metadata.compilation_time_ms).toBeGreaterThan(0);
    expect(body.output.metadata.validators).toEqual([
      expect.objectContaining({ name: 'legal-text', ok: true }),
      { name: 'bytebound-round-trip', ok: true, messages: [] },
    ]);
    expect(body.output.metadata.conditions.length).toBeGreaterThan(0);
    expect(body.output.metadata.detected).toMatchObject({ regulation: 'GDPR', jurisdiction: 'EU' });
  });

  it("answers the compiler's own errors: too short, unknown format, over 1 MB", async () => {
    const short = await post('/api/v1/home/demo/compile', { source: 'too short', format: 'cedar' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Legal text must be at least 10 characters long.');
    expect((await post('/api/v1/home/demo/compile', { source: gdprText, format: 'cobol' })).json().error).toMatch(/Unknown format 'cobol'/);
    const huge = await post('/api/v1/home/demo/compile', { source: 'The controller shall erase personal data. '.repeat(26_000), format: 'cedar' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toMatch(/exceeds the 1 MB limit/);
    const overBody = await post('/api/v1/home/demo/compile', { source: 'x'.repeat(1_700_000), format: 'cedar' });
    expect(overBody.statusCode).toBe(413);
  });

  it(`rate-limits one address to ${PUBLIC_COMPILER_RATE_PER_MINUTE} compiles a minute`, async () => {
    const address = '10.9.9.9';
    const statuses: number[] = [];
    await awayFromWindowEnd();
    for (let i = 0; i <= PUBLIC_COMPILER_RATE_PER_MINUTE; i++) statuses.push((await post('/api/v1/home/demo/compile', { source: 'short', format: 'cedar' }, {}, address)).statusCode);
    expect(statuses.slice(0, PUBLIC_COMPILER_RATE_PER_MINUTE).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe(`POST /api/v1/home/homepage/compiler/parse-statute (${testDialect})`, () => {
  it('splits a statute into per-regulation policies with their articles and rules, then answers from cache', async () => {
    const first = await post('/api/v1/home/homepage/compiler/parse-statute', { text: gdprText });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.cache_status).toBe('MISS');
    expect(body.total).toBe(body.policies.length);
    const gdpr = body.policies.find((p: { id: string }) => p.id === 'gdpr');
    expect(gdpr).toMatchObject({ name: 'General Data Protection Regulation', version: expect.stringMatching(/^sha256:/) });
    expect(gdpr.articles.some((a: string) => a.startsWith('GDPR Art. 17'))).toBe(true);
    expect(gdpr.rules.some((r: { origin: string }) => r.origin === 'text')).toBe(true);
    const again = (await post('/api/v1/home/homepage/compiler/parse-statute', { text: gdprText })).json();
    expect(again.cache_status).toBe('HIT');
    expect(again.policies).toEqual(body.policies);
    const us = (await post('/api/v1/home/homepage/compiler/parse-statute', { text: TEMPLATES.ccpa.content })).json();
    expect(us.policies.find((p: { id: string }) => p.id === 'ccpa').sections.length).toBeGreaterThan(0);
  });
});

describe(`POST /api/v1/home/homepage/compiler/validate-syntax (${testDialect})`, () => {
  const gdpr = builtInPolicy(builtInArbiter('gdpr')!);

  it('decides a context against an inline bytebound policy without a key', async () => {
    const response = await post('/api/v1/home/homepage/compiler/validate-syntax', { context: { principal: { id: 'agent-7', type: 'agent' }, ...transfer, resource: { kind: 'crm' } }, policy_set: printPolicy(gdpr) });
    expect(response.statusCode).toBe(200);
    const expected = decideRequest(gdpr, transfer);
    const body = response.json();
    expect(body).toMatchObject({ decision: expected.decision, article: expected.article, applied_policies: expected.applied_policies, metadata: { signed: false, policy_digest: policyDigest(gdpr) } });
    // Reason texts may be worded differently from the reference evaluator's; rules and articles may not.
    const ruleAndArticle = (reasons: { ruleId: string | null; article: string | null }[]) => reasons.map((r) => [r.ruleId, r.article]);
    expect(ruleAndArticle(body.reasons)).toEqual(ruleAndArticle(expected.reasons));
  });

  it('denies a context that is malformed or a policy that does not load, saying so', async () => {
    const malformed = (await post('/api/v1/home/homepage/compiler/validate-syntax', { context: { action: 'share' }, policy_set: printPolicy(gdpr) })).json();
    expect(malformed).toMatchObject({ decision: 'DENY', exitCode: 2 });
    expect(malformed.reasons[0].text).toMatch(/^malformed request: target/);
    // Without a timing, the context is decided as the agent's pre-action check.
    const { timing: _timing, ...untimed } = transfer;
    const preAction = (await post('/api/v1/home/homepage/compiler/validate-syntax', { context: untimed, policy_set: printPolicy(gdpr) })).json();
    expect(preAction).toMatchObject({ decision: decideRequest(gdpr, transfer).decision, article: decideRequest(gdpr, transfer).article });
    const broken = (await post('/api/v1/home/homepage/compiler/validate-syntax', { context: transfer, policy_set: 'bytebound 1\nnot a policy' })).json();
    expect(broken.decision).toBe('DENY');
    expect(broken.reasons[0].text).toMatch(/does not load: line \d+/);
    // A context nested deeper than any request needs is refused before anything walks it.
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/v1/home/homepage/compiler/validate-syntax',
      headers: { 'content-type': 'application/json' },
      remoteAddress: `10.1.0.${++ip}`,
      payload: `{"context":{"action":${'['.repeat(5_000)}${']'.repeat(5_000)},"target":"personal"},"policy_set":"bytebound 1"}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ error: 'Request body is not valid JSON: it is nested more than 64 levels deep' });
  });

  it('bounds the new policy text one address sends a minute; a policy sent again, and other addresses, are still answered', async () => {
    /** A policy of its own of about 900 KB (the body may hold 1 MB): the GDPR arbiter's rules repeated under new ids. */
    const largePolicy = (n: number) => {
      const rules = Array.from({ length: Math.ceil(900_000 / printPolicy(gdpr).length) * gdpr.rules.length }, (_, i) => ({ ...gdpr.rules[i % gdpr.rules.length]!, id: `r${n}-${i}` }));
      return printPolicy({ ...gdpr, rules });
    };
    const policies = [0, 1, 2, 3, 4].map(largePolicy);
    expect(policies[0]!.length).toBeGreaterThan(NEW_POLICY_BYTES_PER_MINUTE / 5);
    await awayFromWindowEnd();
    const from = `10.1.0.${++ip}`;
    const check = (policy: string, remoteAddress = from) => post('/api/v1/home/homepage/compiler/validate-syntax', { context: transfer, policy_set: policy }, {}, remoteAddress);
    for (const policy of policies.slice(0, 4)) expect((await check(policy)).statusCode).toBe(200);
    const refused = await check(policies[4]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too much new policy text: more than 4 MB of inline policies not sent before came from you in this minute\. A policy sent again is decided from the cache and not counted; .* Try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A policy already decided is decided again, and another address may send the new one.
    expect((await check(policies[0]!)).json()).toMatchObject({ decision: decideRequest(gdpr, transfer).decision });
    expect((await check(policies[4]!, `10.1.0.${++ip}`)).statusCode).toBe(200);
  });

  it('needs an API key to decide with an arbiter, and then decides with it', async () => {
    const anonymous = await post('/api/v1/home/homepage/compiler/validate-syntax', { context: transfer, policy_set: 'gdpr' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toMatch(/needs an API key/);
    const withKey = await post('/api/v1/home/homepage/compiler/validate-syntax', { context: transfer, policy_set: 'gdpr' }, bearer(key));
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json()).toMatchObject({ decision: 'DENY', article: 'GDPR Art. 44', metadata: { policy: 'gdpr', version: 1 } });
    expect((await post('/api/v1/home/homepage/compiler/validate-syntax', { context: transfer, policy_set: 'arb_nope' }, bearer(key))).statusCode).toBe(404);
  });
});

describe(`POST /api/v1/home/blueprints/save (${testDialect})`, () => {
  it('keeps a demo compile as an arbiter of the key’s customer, from its bbs or by compiling the text', async () => {
    const compiled = (await post('/api/v1/home/demo/compile', { source: gdprText, format: 'bytebound' })).json();
    const saved = await post('/api/v1/home/blueprints/save', { name: 'Erasure', bbs: compiled.output.bbs }, bearer(key));
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ name: 'Erasure', version: 1, digest: compiled.policy_id });
    let recompiled!: Awaited<ReturnType<typeof post>>;
    const asked = await finishesAsked(async () => {
      recompiled = await post('/api/v1/home/blueprints/save', { name: 'Erasure', source: gdprText }, bearer(key));
    });
    // The compiled policy is loaded as an arbiter keeps it in the compile worker.
    expect(asked).toEqual([{ name: 'arbiter' }]);
    expect(recompiled.statusCode).toBe(200);
    expect(recompiled.json()).toMatchObject({ id: saved.json().id, version: 2 });
    const listed = (await t.app.inject({ url: '/api/v1/arbiters', headers: bearer(key) })).json();
    expect(listed.arbiters.some((a: { id: string }) => a.id === saved.json().id)).toBe(true);
    expect((await post('/api/v1/home/blueprints/save', { name: 'Erasure', bbs: compiled.output.bbs })).statusCode).toBe(401);
    const unnamed = await post('/api/v1/home/blueprints/save', { bbs: compiled.output.bbs }, bearer(key));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().details).toEqual([
      { path: '', message: 'send a name and either bbs (the compiled bytebound text) or source (the law to compile, with jurisdiction and options if you like)' },
      { path: 'name', message: 'Invalid input: expected string, received undefined' },
    ]);
  });

  it("accepts a signed-in account's session instead of a key, saving under the account's customer id", async () => {
    const account = await register(t.app);
    // A trial includes no custom arbiters; the Growth plan includes three.
    const onTrial = await post('/api/v1/home/blueprints/save', { name: 'From the demo', source: gdprText }, account.headers);
    expect(onTrial.statusCode).toBe(403);
    expect(onTrial.json().error).toMatch(/Trial plan includes no custom arbiters/);
    await t.db.updateTable('accounts').set({ plan: 'growth', plan_status: 'active' }).where('id', '=', account.customerId).execute();
    const saved = await post('/api/v1/home/blueprints/save', { name: 'From the demo', source: gdprText }, account.headers);
    expect(saved.statusCode).toBe(201);
    const ownKey = (await newKey(t, account.customerId)).key;
    const listed = (await t.app.inject({ url: '/api/v1/arbiters', headers: bearer(ownKey) })).json();
    expect(listed.arbiters.some((a: { id: string }) => a.id === saved.json().id)).toBe(true);
    // The session token without its cookie is not enough.
    const tokenOnly = await post('/api/v1/home/blueprints/save', { name: 'From the demo', source: gdprText }, { authorization: account.headers.authorization! });
    expect(tokenOnly.statusCode).toBe(401);
  });
});
