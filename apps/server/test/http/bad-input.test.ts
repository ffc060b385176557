// Bad input on every route: fast-check mutates a request each route accepts (a field replaced by any
// JSON value, text with lone surrogates or NUL, a huge number, a field removed or added, the whole
// body replaced, the body not JSON at all, odd path parameters and query strings), sent with no
// credentials, an API key, a signed-in session or credentials made up or broken. Whatever comes in, the server answers: never a
// 500, every error in the API's JSON shape {error} with a message, no stack frame or file path in
// any answer; afterwards it still decides, and its audit log, with every decision made along the
// way, still verifies.
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration, sessionOf, type Signed } from '../auth/account-helpers.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { routesOf } from '../helpers/routes.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

/** Requests sent to each route and method (FUZZ_RUNS=400 for a longer search; both databases were clean at 400). */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 40);

const LAW =
  'Article 44 GDPR: Any transfer of personal data to a third country shall take place only if the conditions laid down in this Chapter are complied with.';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A request each route accepts (or refuses only for a reason of state, such as a slot taken), to mutate. */
function seeds(): Record<string, { body?: Json; query?: Record<string, string>; headers?: Record<string, string> }> {
  const person = { name: 'Ada Lovelace', email: 'ada@analytical.example', company: 'Analytical Engines', interest: 'GDPR for agents' };
  const decision = { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } };
  return {
    'POST /api/home/contact': { body: { ...person, message: 'Please call me.' } },
    'POST /api/home/newsletter': { body: { email: person.email } },
    'POST /api/home/newsletter/confirm': { body: { token: 'a'.repeat(43) } },
    'POST /api/home/newsletter/unsubscribe': { body: { token: 'a'.repeat(43) } },
    'POST /api/logs': { body: { logs: [{ level: 3, message: 'x', timestamp: 1 }] } },
    'GET /api/v1/audit/consistency': { query: { from: '1', to: '2' } },
    'GET /api/v1/audit/checkpoint': { query: { size: '1' } },
    'POST /api/v1/arbiters': { body: { name: 'transfers', legalText: LAW, jurisdiction: 'EU' } },
    'POST /api/v1/decide': { body: { arbiters: ['gdpr'], request: decision } },
    'POST /api/v1/home/demo/compile': { body: { source: LAW, format: 'cedar', jurisdiction: 'EU', options: { target: 'production', optimize: true } } },
    'POST /api/v1/home/homepage/compiler/parse-statute': { body: { text: LAW, jurisdiction: 'EU' } },
    'POST /api/v1/home/homepage/compiler/validate-syntax': {
      body: { context: { principal: { id: 'agent-7', type: 'agent' }, action: 'share', resource: { kind: 'crm' }, target: 'personal', attributes: decision.attributes }, policy_set: 'gdpr' },
    },
    'POST /api/v1/home/blueprints/save': { body: { name: 'saved', bbs: 'bytebound 1' } },
    'POST /api/demo/compile': {
      body: { type: 'compile', payload: { legalText: LAW, codeType: 'rego', jurisdiction: 'EU', options: { enforcementLevel: 'strict', includeTests: true }, metadata: { wordCount: 20 } } },
    },
    'POST /demo/compile': {
      body: { target: 'compiler', identification: { id: 'r1', type: 'REQUEST' }, sender: 'site', domain: 'demo', action: 'compile', payload: { lawText: LAW } },
    },
    'POST /login': { body: { email: person.email, password: 'Correct-Horse-Battery-9' } },
    'POST /api/database/store-conversation': { body: { sessionId: 's-1' } },
    'POST /api/auth/signin': { body: { email: person.email, password: 'Correct-Horse-Battery-9', rememberMe: true } },
    'POST /api/auth/subscribe': { body: { tier: 'growth', billingCycle: 'annual' } },
    'POST /api/auth/register': { body: registration() as Json },
    'POST /api/auth/reset-password': { body: { token: 'a'.repeat(43), password: 'Fresh-Passphrase-31' } },
    'POST /api/auth/forgot-password': { body: { email: person.email } },
    'POST /api/auth/logout': { body: { everywhere: false } },
    'POST /api/account/keys': { body: { name: 'hooks' } },
    'PUT /api/account/webhook': { body: { url: 'https://hooks.example.com/bytebound' } },
    'POST /api/account/password': { body: { currentPassword: 'Correct-Horse-Battery-9', newPassword: 'Fresh-Passphrase-31' } },
    'POST /api/ai-domain/booking_assist': { body: { type: 'booking_assist', context: { recentCompilations: [{ regulations: ['GDPR'], format: 'rego' }], detectedJurisdictions: ['EU'] } } },
    'POST /api/booking': { body: { slotStart: '2026-12-01T09:00:00.000Z', ...person, notes: 'x', timeZone: 'Europe/Berlin', source: 'site' } },
    'GET /api/booking/slots': { query: { from: '2026-12-01T08:00:00.000Z', days: '7' } },
    'GET /api/booking/manage': { query: { token: 'a'.repeat(43) } },
    'POST /api/booking/cancel': { body: { token: 'a'.repeat(43) } },
    'POST /api/gdpr/access': { body: { email: person.email } },
    'POST /api/gdpr/delete': { body: { email: person.email } },
    'POST /api/trial/pilot': { body: { ...person, useCase: 'Agents that read CRM data', regulations: ['GDPR'] } },
    'GET /api/operator/leads.csv': { query: { kind: 'contact' } },
    'POST /api/poc-ai-chat': { body: { message: 'Can your product stop an agent from sending customer data abroad?', sessionId: 's-1' } },
    'POST /api/poc-ai-chat/consent': { body: { purpose: 'follow_up', granted: true } },
    'POST /api/poc-ai-chat/gdpr-rights': { body: { action: 'access', details: { name: 'Ada', email: person.email } } },
    'POST /mcp': {
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'decide', arguments: { arbiters: ['gdpr'], request: decision } } },
      headers: { accept: 'application/json, text/event-stream' },
    },
  };
}

/** Every place in a JSON value: each key of each object and each item of each array. */
function pathsOf(value: Json, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...at, i], ...pathsOf(item, [...at, i])]);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [[...at, key], ...pathsOf(item, [...at, key])]);
  return [];
}

/** `value` with the thing at `path` replaced (or removed when `replacement` is undefined). */
function edit(value: Json, path: (string | number)[], replacement: Json | undefined): Json {
  const copy = structuredClone(value) as Json;
  let parent = copy as Record<string | number, Json> | Json[];
  for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[step] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (replacement !== undefined) (parent as Record<string | number, Json>)[last] = replacement;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

/** Values a field should never be able to break the server with. */
const oddValue: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue() as fc.Arbitrary<Json>,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom<Json>('', ' ', '\u0000', '\ud800', '../../etc/passwd', 'x'.repeat(70_000), -1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.5, true, null, [], {}, [[[[[[]]]]]], {
    __proto__: { admin: true },
  } as Json),
);

type Body = { payload: string; contentType: string };

/** A body: the seed, the seed with one place changed, removed or added to, other JSON, or not JSON at all. */
function bodies(seed: Json | undefined): fc.Arbitrary<Body> {
  const json = (value: Json): Body => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const base = seed ?? {};
  const paths = pathsOf(base);
  const changed = paths.length > 0 ? [fc.tuple(fc.constantFrom(...paths), oddValue).map(([path, value]) => json(edit(base, path, value)))] : [];
  const removed = paths.length > 0 ? [fc.constantFrom(...paths).map((path) => json(edit(base, path, undefined)))] : [];
  const added =
    base && typeof base === 'object' && !Array.isArray(base)
      ? [fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype')), oddValue).map(([key, value]) => ({ payload: JSON.stringify(base).replace(/^\{/, `{${JSON.stringify(key)}:${JSON.stringify(value)},`), contentType: 'application/json' }))]
      : [];
  return fc.oneof(
    { arbitrary: fc.constant(json(base)), weight: 1 },
    ...changed.map((arbitrary) => ({ arbitrary, weight: 6 })),
    ...removed.map((arbitrary) => ({ arbitrary, weight: 2 })),
    ...added.map((arbitrary) => ({ arbitrary, weight: 2 })),
    { arbitrary: (fc.jsonValue() as fc.Arbitrary<Json>).map(json), weight: 2 },
    {
      arbitrary: fc.tuple(fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"a":', '[1,', '{"a":1}{', '\u0000', '{"__proto__":{"x":1}}')), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', '')).map(([payload, contentType]) => ({ payload, contentType })),
      weight: 2,
    },
  );
}

/** A path parameter or query value: ordinary, long, or full of what a URL should not hold (sent percent-encoded). */
const oddText = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('', '0', '-1', '1e400', '..', 'x'.repeat(5_000), '%', '%ZZ', 'null'));

function queries(seed: Record<string, string> | undefined): fc.Arbitrary<string> {
  const base = seed ?? {};
  const keys = Object.keys(base);
  const pick = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 });
  return fc.oneof(
    fc.constant(new URLSearchParams(base).toString()),
    fc.tuple(pick, oddText).map(([key, value]) => new URLSearchParams({ ...base, [key]: value }).toString()),
    fc.array(fc.tuple(fc.string({ maxLength: 8 }), oddText), { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString()),
    oddText.map((raw) => raw.replace(/[#\s]/g, '')),
  );
}

/** Credentials a client made up or broke: a key, a session, a signature or a cookie (header values are printable ASCII, as HTTP allows). */
const headerText = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('', 'Bearer', 'Bearer ', `Bearer ${'x'.repeat(10_000)}`, 'bb_live_', 'bb_live_x_y_z', 't=,v1=', 't=1,v1=zz', `t=${'9'.repeat(40)},v1=00`));
const forgedCredentials: fc.Arbitrary<Record<string, string>> = fc.record(
  { authorization: fc.oneof(headerText, headerText.map((text) => `Bearer ${text}`)), cookie: fc.oneof(headerText, headerText.map((text) => `bytebound_session=${text}; bb_visitor=${text}`)), 'x-bytebound-key': headerText, 'x-bytebound-signature': headerText },
  { requiredKeys: [] },
);

const stackFrame = /\((?:\/|file:)[^)]*:\d+:\d+\)|node_modules|\n\s+at \S/;

let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  apiKey = (await newKey(t, 'cust-bad-input')).key;
});
afterAll(async () => t.close());

describe(`bad input on every route (${testDialect})`, () => {
  it('answers every mutated request without a server error, in the JSON error shape, and keeps serving', { timeout: 600_000 }, async () => {
    const routes = routesOf(t.app);
    const known = seeds();
    // Each seed names a route the app serves: a route renamed without its seed would go unfuzzed.
    for (const name of Object.keys(known)) expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(name);
    expect(routes.length).toBeGreaterThan(50);

    let nextIp = 0;
    const signUp = async () => {
      nextIp += 1;
      return sessionOf(await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration(), remoteAddress: `172.16.${nextIp >> 8}.${nextIp & 255}` }));
    };
    let session: Signed = await signUp();
    const failures: string[] = [];
    for (const route of routes) {
      const seed = known[`${route.method} ${route.url}`];
      // A route's requests may have ended the session (a sign-out, a password change, an erasure):
      // the next route gets a new one.
      if ((await t.app.inject({ url: '/api/auth/me', headers: session.headers })).statusCode !== 200) session = await signUp();
      const credentials: Record<string, Record<string, string>> = { none: {}, key: bearer(apiKey), session: session.headers, forged: {} };
      await fc.assert(
        fc.asyncProperty(
          bodies(seed?.body),
          queries(seed?.query),
          // An empty parameter would leave `//` in the path, which the test's request injector cannot parse.
          fc.array(oddText.filter((text) => text.length > 0), { minLength: 4, maxLength: 4 }),
          fc.constantFrom('none', 'key', 'session', 'forged'),
          forgedCredentials,
          async (body, query, params, who, forged) => {
            let i = 0;
            const url = route.url.replace(/:\w+|\*/g, () => encodeURIComponent(params[i++]!)) + (query ? `?${query}` : '');
            nextIp += 1;
            const withBody = route.method !== 'GET' && route.method !== 'DELETE';
            const headers = { ...seed?.headers, ...(who === 'forged' ? forged : credentials[who]), ...(withBody && body.contentType ? { 'content-type': body.contentType } : {}) };
            const response = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers,
              ...(withBody ? { payload: body.payload } : {}),
              remoteAddress: `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`,
            });
            const what = `${route.method} ${url.slice(0, 200)} (${who}) ${withBody ? body.payload.slice(0, 300) : ''} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
            if (response.statusCode === 500 || stackFrame.test(response.body)) failures.push(what);
            else if (response.statusCode >= 400 && /json/.test(String(response.headers['content-type']))) {
              // The API's shape {error: message}, or JSON-RPC's {error: {code, message}} on /mcp.
              const error = (response.json() as { error?: unknown }).error;
              const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
              if (typeof message !== 'string' || message.length === 0 || message === 'Internal server error') failures.push(what);
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(failures).toEqual([]);

    // Still serving, and the decisions made along the way are in a log that verifies.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const decision = await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: bearer(apiKey), payload: known['POST /api/v1/decide']!.body as object });
    expect(decision.statusCode).toBe(200);
    const keys = keyRingFromJwks((await t.app.inject({ url: '/api/v1/keys' })).json());
    const proof = await t.app.inject({ url: `/api/v1/audit/proof/${decision.json().bundleId}`, headers: bearer(apiKey) });
    expect(verifyFile(proof.json(), keys)).toMatchObject({ ok: true });
    const exported = await t.app.inject({ url: '/api/v1/audit/export', headers: bearer(apiKey) });
    expect(verifyFile(exported.json(), keys)).toMatchObject({ ok: true });
  });
});
