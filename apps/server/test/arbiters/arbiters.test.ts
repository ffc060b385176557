// Arbiters: a customer's own policies, versioned by name and invisible to other customers, next to
// the built-in ones per regulation that every key can read and decide with.
import { policyDigest, printPolicy } from '@bytebound/compiler/bytebound-format';
import { compile } from '@bytebound/compiler/compile';
import { REGULATIONS } from '@bytebound/compiler/policy-model';
import { TEMPLATES } from '@bytebound/compiler/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInArbiter, builtInPolicy } from '../../src/arbiters/built-in-arbiters.ts';
import { ARBITERS_RATE_PER_MINUTE } from '../../src/constants.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { finishesAsked, loadsAsked } from '../helpers/compile-finishes.ts';
import { awayFromWindowEnd } from '../helpers/rate-limit-window.ts';

let t: TestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp();
  alice = (await newKey(t, 'cust-alice')).key;
  bob = (await newKey(t, 'cust-bob')).key;
});
afterAll(async () => t.close());

const gdprText = printPolicy(builtInPolicy(builtInArbiter('gdpr')!));
const ccpaText = printPolicy(builtInPolicy(builtInArbiter('ccpa')!));
const save = (key: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/arbiters', headers: bearer(key), payload });
const list = (key: string) => t.app.inject({ url: '/api/v1/arbiters', headers: bearer(key) });
const transfer = { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } };

describe(`arbiters (${testDialect})`, () => {
  it('lists a built-in arbiter per regulation to every key', async () => {
    const body = list(alice).then((r) => r.json());
    const builtIns = (await body).arbiters.filter((a: { builtIn: boolean }) => a.builtIn);
    expect(builtIns.map((a: { name: string }) => a.name)).toEqual(REGULATIONS.map((r) => r.toLowerCase()));
    expect(builtIns.find((a: { name: string }) => a.name === 'gdpr')).toMatchObject({ version: 1, rules: builtInPolicy(builtInArbiter('gdpr')!).rules.length });
  });

  it('keeps each save under one name as a new version, and decides with the newest', async () => {
    const first = await save(alice, { name: 'Transfers', source: gdprText });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Transfers', version: 1, builtIn: false });
    const id = first.json().id;
    expect(id).toMatch(/^arb_[0-9a-f]{24}$/);
    const decideWith = async (arbiter: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(alice), payload: { arbiters: [arbiter], request: transfer } })).json();
    expect((await decideWith(id)).decision).toBe('DENY');

    const second = await save(alice, { name: 'Transfers', source: ccpaText });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id, version: 2 });
    const versions = (await t.app.inject({ url: `/api/v1/arbiters/${id}/versions`, headers: bearer(alice) })).json();
    expect(versions.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions.versions[0].digest).not.toBe(versions.versions[1].digest);
    // Version 2 is the CCPA baseline, which does not restrict this transfer; by name or by id. Its
    // first decision loads it in the policy loader's thread, the next ones find it loaded.
    const { answered } = t.app.decisions.loader;
    expect(await decideWith(id)).toMatchObject({ decision: 'ALLOW', arbiters: [expect.objectContaining({ id, version: 2 })] });
    expect(t.app.decisions.loader.answered).toBe(answered + 1);
    expect((await decideWith('Transfers')).decision).toBe('ALLOW');
    expect(t.app.decisions.loader.answered).toBe(answered + 1);
  });

  it("hides a customer's arbiters from every other customer", async () => {
    const own = (await save(alice, { name: 'Private', source: gdprText })).json();
    expect((await list(bob)).json().arbiters.some((a: { id: string }) => a.id === own.id)).toBe(false);
    expect((await list(alice)).json().arbiters.some((a: { id: string }) => a.id === own.id)).toBe(true);
    expect((await t.app.inject({ url: `/api/v1/arbiters/${own.id}/versions`, headers: bearer(bob) })).statusCode).toBe(404);
    const decided = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(bob), payload: { arbiters: [own.id], request: transfer } });
    expect(decided.statusCode).toBe(404);
    // Bob's arbiter of the same name is his own, version 1.
    const bobs = (await save(bob, { name: 'Private', source: ccpaText })).json();
    expect(bobs).toMatchObject({ version: 1 });
    expect(bobs.id).not.toBe(own.id);
  });

  it("loads a source in the compile worker, in its customer's turn, not on the server's thread", async () => {
    const asked = await loadsAsked(async () => expect((await save(alice, { name: 'Loaded', source: gdprText })).statusCode).toBe(201));
    expect(asked).toEqual([{ text: gdprText, client: 'customer:cust-alice' }]);
  });

  it('refuses a policy that does not parse or was altered, and names reserved for built-ins', async () => {
    const broken = await save(alice, { name: 'Broken', source: 'bytebound 1\nthis is not a policy' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/^The policy does not parse: line \d+/);
    const altered = await save(alice, { name: 'Altered', source: gdprText.replace('GDPR Art. 44', 'GDPR Art. 99') });
    expect(altered.statusCode).toBe(400);
    expect(altered.json().error).toMatch(/digest does not match/);
    const gdpr = builtInPolicy(builtInArbiter('gdpr')!);
    const lone = await save(alice, { name: 'Lone', source: printPolicy({ ...gdpr, rules: gdpr.rules.map((r) => ({ ...r, reason: `${r.reason}\udc00` })) }) });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().error).toMatch(/^The policy does not parse: rules\[0\]\.reason holds a lone surrogate/);
    for (const name of ['gdpr', 'arb_x', '', '../etc']) expect((await save(alice, { name, source: gdprText })).statusCode).toBe(400);
    // A body of neither shape says what the two shapes are, and what the closer one lacks.
    const neither = await save(alice, { name: 'Nothing', legalText: 5 });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details).toEqual([
      { path: '', message: 'send a name and either source (the policy as bytebound text) or legalText (the law to compile, with jurisdiction and options if you like)' },
      { path: 'legalText', message: 'Invalid input: expected string, received number' },
    ]);
    expect((await t.app.inject({ url: '/api/v1/arbiters' })).statusCode).toBe(401);
  });

  it('shows the versions of a built-in arbiter', async () => {
    const body = (await t.app.inject({ url: '/api/v1/arbiters/hipaa/versions', headers: bearer(bob) })).json();
    expect(body).toMatchObject({ id: 'hipaa', builtIn: true, versions: [expect.objectContaining({ version: 1 })] });
  });

  it(`limits each key to ${ARBITERS_RATE_PER_MINUTE} requests a minute, without touching other keys`, async () => {
    const busy = (await newKey(t, 'cust-busy')).key;
    const sameAddress = { remoteAddress: '10.7.7.7' };
    const statuses: number[] = [];
    await awayFromWindowEnd();
    for (let i = 0; i <= ARBITERS_RATE_PER_MINUTE; i++) statuses.push((await t.app.inject({ url: '/api/v1/arbiters', headers: bearer(busy), ...sameAddress })).statusCode);
    expect(statuses.slice(0, ARBITERS_RATE_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another key from the same address is not limited.
    expect((await t.app.inject({ url: '/api/v1/arbiters', headers: bearer(bob), ...sameAddress })).statusCode).toBe(200);
  });

  it('compiles legal text into a new arbiter with the given options, and answers the compiler error otherwise', async () => {
    const text = TEMPLATES.hipaa.content;
    let response!: Awaited<ReturnType<typeof save>>;
    const asked = await finishesAsked(async () => {
      response = await save(alice, { name: 'Patient access', legalText: text, options: { enforcementLevel: 'moderate' } });
    });
    // The compiled policy is loaded as an arbiter keeps it in the compile worker.
    expect(asked).toEqual([{ name: 'arbiter' }]);
    expect(response.statusCode).toBe(201);
    const expected = compile(text, { format: 'bytebound', options: { enforcementLevel: 'moderate' } });
    if (!expected.ok) throw new Error(expected.error);
    expect(response.json()).toMatchObject({ version: 1, digest: policyDigest(expected.policy), rules: expected.policy.rules.length });
    const short = await save(alice, { name: 'Too short', legalText: 'tiny' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Legal text must be at least 10 characters long.');
  });
});
