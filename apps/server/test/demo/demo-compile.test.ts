// The free demo compiler's endpoints: POST /api/demo/compile (spec body), the legacy envelope
// POST /demo/compile, real stage timings, per-variant counts, body bounds, rate limits, and the
// WebSocket monitor that streams a compilation's stages by compilationId.
import { compile } from '@bytebound/compiler/compile';
import { COMPILE_STAGES } from '@bytebound/compiler/compile';
import { FORMATS } from '@bytebound/compiler/emit/formats';
import { TEMPLATES } from '@bytebound/compiler/templates';
import { MESSAGE_TOO_SHORT } from '@bytebound/compiler/validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { STREAM_MESSAGES_PER_MINUTE, STREAM_REFUSED_CODE } from '../../src/constants.ts';
import { DEMO_COMPILE_RATE_PER_MINUTE, MONITOR_WATCHES_PER_SOCKET } from '../../src/demo/demo-config.ts';
import { variantCounts } from '../../src/demo/variant-counts.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { finishesAsked } from '../helpers/compile-finishes.ts';
import { awayFromWindowEnd } from '../helpers/rate-limit-window.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let ip = 0;
/** Each request speaks from its own address unless told, so the per-address limit is met only where a test means to. */
const nextAddress = () => (++ip, `10.7.${100 + Math.floor(ip / 250)}.${ip % 250}`);
const post = (url: string, payload: object, remoteAddress = nextAddress()) => t.app.inject({ method: 'POST', url, payload, remoteAddress });

const gdpr = TEMPLATES.gdpr.content;
const body = (payload: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'compile',
  payload: { legalText: gdpr, codeType: 'javascript', jurisdiction: 'EU', options: {}, metadata: {}, ...payload },
  timestamp: new Date().toISOString(),
  ...extra,
});

describe(`POST /api/demo/compile (${testDialect})`, () => {
  it('compiles every template to every format, with the six stages as the compiler ran them', async () => {
    for (const [key, template] of Object.entries(TEMPLATES)) {
      for (const format of FORMATS) {
        let response!: Awaited<ReturnType<typeof post>>;
        const asked = await finishesAsked(async () => {
          response = await post('/api/demo/compile', body({ legalText: template.content, codeType: format.id, jurisdiction: template.jurisdiction }));
        });
        // WebAssembly is assembled in the compile worker, not on the server's thread.
        expect(asked).toEqual([format.id === 'wasm' ? { name: 'binary' } : undefined]);
        expect(response.statusCode, `${key} -> ${format.id}: ${response.body.slice(0, 200)}`).toBe(200);
        const result = response.json();
        const expected = compile(template.content, { format: format.id, jurisdiction: template.jurisdiction });
        if (!expected.ok) throw new Error(expected.error);
        expect(result.status).toBe('success');
        expect(result.output).toBe(expected.output);
        expect(result.phases.compiled).toBe(expected.output);
        expect(result.format.extension).toBe(format.extension);
        expect(result.stages.map((s: { stage: string }) => s.stage)).toEqual([...COMPILE_STAGES]);
        expect(result.stages.map((s: { progress: number }) => s.progress)).toEqual([15, 30, 50, 70, 85, 95]);
        for (const s of result.stages) expect(s.ms).toBeGreaterThanOrEqual(0);
        const sum = result.stages.reduce((acc: number, s: { ms: number }) => acc + s.ms, 0);
        expect(result.metadata.compilationTime).toBeGreaterThanOrEqual(sum - 1e-6);
        expect(result.metadata.detected.regulation).toBe(template.regulation);
        if (format.id === 'wasm') expect(Buffer.from(result.binary.data, 'base64').subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
        else expect(result.binary).toBeUndefined();
      }
    }
  }, 120_000);

  it('without a jurisdiction, compiles for the one detected in the text, and for US when none is', async () => {
    const compiled = async (payload: Record<string, unknown>) => {
      const { jurisdiction: _j, ...rest } = body({ codeType: 'bytebound', ...payload }).payload;
      return (await post('/api/demo/compile', { ...body({}), payload: rest })).json();
    };
    const gdprResult = await compiled({});
    expect(gdprResult.metadata.detected).toMatchObject({ jurisdiction: 'EU', regulation: 'GDPR' });
    expect(gdprResult.output).toMatch(/^regulation GDPR jurisdiction EU /m);
    const hipaa = await compiled({ legalText: TEMPLATES.hipaa.content });
    expect(hipaa.metadata.detected).toMatchObject({ jurisdiction: 'US-HIPAA', regulation: 'HIPAA' });
    // No jurisdiction in the text: none is shown as detected, the visitor is told, and US applies.
    const plain = await compiled({ legalText: 'The operator shall keep each record of access for one year and shall delete it afterwards.' });
    expect(plain.metadata.detected.jurisdiction).toBeNull();
    expect(plain.validation.warnings).toContain('Could not detect specific jurisdiction - will use general compliance rules.');
    expect(plain.output).toMatch(/ jurisdiction US /);
    // A jurisdiction sent is the one compiled for.
    expect((await post('/api/demo/compile', body({ jurisdiction: 'US-CA' }))).json().metadata.detected.jurisdiction).toBe('US-CA');
  });

  it('shows each norm beside its quote with the rules it produced', async () => {
    const result = (await post('/api/demo/compile', body({}))).json();
    expect(result.norms.length).toBeGreaterThan(0);
    for (const norm of result.norms) expect(gdpr.slice(norm.source.span[0], norm.source.span[1])).toBe(norm.source.quote);
    expect(result.norms.some((n: { rules: unknown[] }) => n.rules.length > 0)).toBe(true);
    const expected = compile(gdpr, { format: 'javascript', jurisdiction: 'EU' });
    if (!expected.ok) throw new Error(expected.error);
    expect(result.norms.map((n: { rules: { id: string }[] }) => n.rules.map((r) => r.id))).toEqual(expected.rulesOfNorms);
  });

  it('lists under each norm its own rules, when one sentence holds two', async () => {
    const legalText = 'Article 17. The controller shall not transfer personal data to a third country and shall erase personal data without undue delay.';
    const result = (await post('/api/demo/compile', body({ legalText }))).json();
    type ShownNorm = { action: string; rules: { id: string; effect: string }[] };
    expect(result.norms.map((n: ShownNorm) => n.action)).toEqual(['share', 'delete']);
    const [ban, erasure] = result.norms as ShownNorm[];
    expect(ban!.rules.map((r) => r.effect)).toEqual(['forbid']);
    expect(erasure!.rules.map((r) => r.effect)).toContain('permit');
    expect(erasure!.rules.map((r) => r.id)).not.toContain(ban!.rules[0]!.id);
  });

  it('passes the four compile options to the compiler', async () => {
    const options = { enforcementLevel: 'permissive', includeTests: false, optimizationLevel: 'none', targetEnvironment: 'development' } as const;
    const result = (await post('/api/demo/compile', body({ options }))).json();
    const expected = compile(gdpr, { format: 'javascript', jurisdiction: 'EU', options });
    if (!expected.ok) throw new Error(expected.error);
    expect(result.output).toBe(expected.output);
    expect(result.metadata.options).toEqual(options);
  });

  it("answers the compiler's own errors with the stage that failed: too short, unknown format, over 1 MB", async () => {
    const short = await post('/api/demo/compile', body({ legalText: 'too short' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ status: 'error', success: false, error: MESSAGE_TOO_SHORT, stage: 'validating' });
    expect(short.json().stages.map((s: { stage: string }) => s.stage)).toEqual(['validating']);
    const cobol = await post('/api/demo/compile', body({ codeType: 'cobol' }));
    expect(cobol.statusCode).toBe(400);
    expect(cobol.json().error).toMatch(/Unknown output format 'cobol'/);
    const huge = await post('/api/demo/compile', body({ legalText: 'Article 1. The controller shall erase personal data. '.repeat(21_000) }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toMatch(/exceeds the 1 MB limit/);
    const overBody = await post('/api/demo/compile', body({ legalText: 'x'.repeat(1_700_000) }));
    expect(overBody.statusCode).toBe(413);
    expect(overBody.json().error).toBe('Request body is too large');
  });

  it('rejects a body that is not the spec shape with a clear 400', async () => {
    for (const bad of [
      { ...body({}), type: 'analyze' },
      body({}, { extra: true }),
      body({ metadata: { abTestVariant: 'C' } }),
      body({ options: { enforcementLevel: 'lenient' } }),
      { type: 'compile', payload: { codeType: 'rego' } },
    ]) {
      const response = await post('/api/demo/compile', bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Invalid request');
      expect(response.json().details.length).toBeGreaterThan(0);
    }
  });

  it('counts compiles per A/B variant for the operators', async () => {
    const before = await variantCounts(t.db);
    const count = (rows: typeof before, variant: string, outcome: string) => rows.find((r) => r.variant === variant && r.outcome === outcome)?.compiles ?? 0;
    await post('/api/demo/compile', body({ metadata: { abTestVariant: 'A', wordCount: 3, detectedRegulation: 'GDPR', requestTime: new Date().toISOString() } }));
    await post('/api/demo/compile', body({ metadata: { abTestVariant: 'B' } }));
    await post('/api/demo/compile', body({ metadata: { abTestVariant: 'B' } }));
    await post('/api/demo/compile', body({ legalText: 'short', metadata: { abTestVariant: 'B' } }));
    const after = await variantCounts(t.db);
    expect(count(after, 'A', 'success') - count(before, 'A', 'success')).toBe(1);
    expect(count(after, 'B', 'success') - count(before, 'B', 'success')).toBe(2);
    expect(count(after, 'B', 'failure') - count(before, 'B', 'failure')).toBe(1);
  });

  it('refuses a compilationId that was already used', async () => {
    const id = `reuse-${Date.now()}`;
    expect((await post('/api/demo/compile', body({}, { compilationId: id }))).statusCode).toBe(200);
    expect((await post('/api/demo/compile', body({}, { compilationId: id }))).statusCode).toBe(409);
    // Sent together, one of them runs.
    const together = `together-${Date.now()}`;
    const statuses = (await Promise.all(Array.from({ length: 4 }, () => post('/api/demo/compile', body({}, { compilationId: together }))))).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 409, 409, 409]);
  });

  it('limits each client address per minute, not the others', async () => {
    const address = '10.7.2.1';
    const short = body({ legalText: 'too short' });
    await awayFromWindowEnd();
    for (let i = 0; i < DEMO_COMPILE_RATE_PER_MINUTE; i++) expect((await post('/api/demo/compile', short, address)).statusCode).toBe(400);
    const limited = await post('/api/demo/compile', short, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Rate limit exceeded/i);
    expect((await post('/api/demo/compile', short, '10.7.2.2')).statusCode).toBe(400);
  });
});

describe(`POST /demo/compile, the legacy envelope (${testDialect})`, () => {
  const envelope = (extra: Record<string, unknown> = {}) => ({
    target: 'bytebound-compiler',
    identification: { id: 'req-1', type: 'REQUEST' },
    sender: 'homepage',
    domain: 'demo',
    action: 'compile',
    payload: { lawText: gdpr },
    metadata: { anything: ['goes', 1] },
    ...extra,
  });

  it('compiles lawText to the native format and answers in an envelope', async () => {
    const response = await post('/demo/compile', envelope());
    expect(response.statusCode).toBe(200);
    const reply = response.json();
    expect(reply).toMatchObject({ target: 'homepage', sender: 'bytebound-compiler', domain: 'demo', action: 'compile', identification: { type: 'RESPONSE', inReplyTo: 'req-1' } });
    expect(reply.payload.status).toBe('success');
    expect(reply.payload.output).toMatch(/^bytebound/);
    expect(reply.payload.format.extension).toBe('.bb');
    // The envelope names no jurisdiction: the text's own is detected.
    expect(reply.payload.metadata.detected).toMatchObject({ jurisdiction: 'EU', regulation: 'GDPR' });
  });

  it('validates the envelope: target, identification, REQUEST, sender, domain, action, payload', async () => {
    const { target: _t, ...noTarget } = envelope();
    const { sender: _s, ...noSender } = envelope();
    for (const bad of [
      noTarget,
      noSender,
      envelope({ identification: { id: 'x', type: 'RESPONSE' } }),
      envelope({ identification: { type: 'REQUEST' } }),
      envelope({ domain: 'billing' }),
      envelope({ action: 'delete' }),
      envelope({ payload: { lawText: gdpr, codeType: 'rego' } }),
    ]) {
      const response = await post('/demo/compile', bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 120)).toBe(400);
      expect(response.json().error).toBe('Invalid request');
    }
  });

  it("gives the compiler's message for text it cannot compile", async () => {
    const response = await post('/demo/compile', envelope({ payload: { lawText: 'hi' } }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGE_TOO_SHORT);
  });
});

describe(`GET /api/demo/monitor, the WebSocket monitor (${testDialect})`, () => {
  let base = '';
  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace(/^http/, 'ws');
  });
  /** A real client connection, open. */
  async function connect(path: string): Promise<WebSocket> {
    const socket = new WebSocket(`${base}${path}`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return socket;
  }
  type Event = { type: string; stage?: string; ms?: number; progress?: number; compilationId?: string; error?: string };
  function collect(socket: WebSocket, until: (e: Event) => boolean): Promise<Event[]> {
    const events: Event[] = [];
    return new Promise((resolve) => {
      socket.on('message', (data: Buffer) => {
        const event = JSON.parse(data.toString('utf8')) as Event;
        events.push(event);
        if (until(event)) resolve(events);
      });
    });
  }

  it('streams the stages of a compilation watched before it runs, with the durations the response reports', async () => {
    const compilationId = `watch-${Date.now()}`;
    const socket = await connect(`/api/demo/monitor?compilationId=${compilationId}`);
    const events = collect(socket, (e) => e.type === 'complete' || e.type === 'error');
    const result = (await post('/api/demo/compile', body({}, { compilationId }))).json();
    const seen = await events;
    socket.terminate();
    expect(seen.map((e) => e.type === 'stage' ? e.stage : e.type)).toEqual([...COMPILE_STAGES, 'complete']);
    expect(seen.filter((e) => e.type === 'stage').map((e) => e.ms)).toEqual(result.stages.map((s: { ms: number }) => s.ms));
    expect(seen.at(-1)).toMatchObject({ type: 'complete', progress: 100, compilationId });
  });

  it('replays a finished compilation to a monitor that asks by message, and reports a failure', async () => {
    const compilationId = `late-${Date.now()}`;
    await post('/api/demo/compile', body({ legalText: 'tiny' }, { compilationId }));
    const socket = await connect('/api/demo/monitor');
    const events = collect(socket, (e) => e.type === 'error');
    socket.send(JSON.stringify({ type: 'monitor', compilationId }));
    const seen = await events;
    socket.terminate();
    expect(seen.map((e) => e.type)).toEqual(['stage', 'error']);
    expect(seen[1]).toMatchObject({ stage: 'validating', error: MESSAGE_TOO_SHORT });
  });

  it(`watches at most ${MONITOR_WATCHES_PER_SOCKET} compilations per socket: a new one ends the oldest watch`, async () => {
    const socket = await connect('/api/demo/monitor');
    const ids = Array.from({ length: MONITOR_WATCHES_PER_SOCKET + 1 }, (_, i) => `cap-${Date.now()}-${i}`);
    const events = collect(socket, (e) => e.type === 'invalid' || e.compilationId === ids.at(-1));
    for (const compilationId of ids) socket.send(JSON.stringify({ type: 'monitor', compilationId }));
    socket.send('not json'); // answered once every watch before it is handled
    await events;
    const forwarded = collect(socket, (e) => e.compilationId === ids.at(-1) && e.type === 'error');
    for (const compilationId of [ids[0]!, ids[1]!, ids.at(-1)!]) await post('/api/demo/compile', body({ legalText: 'tiny' }, { compilationId }));
    const seen = await forwarded;
    socket.terminate();
    expect([...new Set(seen.map((e) => e.compilationId))]).toEqual([ids[1], ids.at(-1)]);
  });

  it('answers a plain HTTP request (no WebSocket upgrade) with 426 and how to connect', async () => {
    for (const url of ['/api/demo/monitor', '/api/poc-ai-chat/stream']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(426);
      expect(response.headers.upgrade).toBe('websocket');
      expect(response.json()).toEqual({ error: 'This address is a WebSocket stream: connect with a WebSocket client (Upgrade: websocket)' });
    }
  });

  it('answers a malformed monitor message with how to ask', async () => {
    const socket = await connect('/api/demo/monitor');
    const events = collect(socket, () => true);
    socket.send('not json');
    const [event] = await events;
    socket.terminate();
    expect(event).toMatchObject({ type: 'invalid' });
  });

  it(`closes a monitor that sends more than ${STREAM_MESSAGES_PER_MINUTE} messages a minute with ${STREAM_REFUSED_CODE} and why, and answers the others`, async () => {
    const flooding = await connect('/api/demo/monitor');
    const answered: string[] = [];
    flooding.on('message', (data: Buffer) => answered.push(JSON.parse(data.toString('utf8')).type));
    const closed = new Promise<{ code: number; reason: string }>((resolve) => flooding.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    for (let i = 0; i < 10_000; i++) flooding.send('x');
    expect(await closed).toEqual({ code: STREAM_REFUSED_CODE, reason: `too many messages: at most ${STREAM_MESSAGES_PER_MINUTE} a minute` });
    // Each message up to the limit was answered; none after it.
    expect(answered).toEqual(Array.from({ length: STREAM_MESSAGES_PER_MINUTE }, () => 'invalid'));
    const other = await connect('/api/demo/monitor');
    const events = collect(other, () => true);
    other.send('not json');
    expect((await events)[0]).toMatchObject({ type: 'invalid' });
    other.terminate();
  });

  it('holds at most 50 monitors open from one address: one more is closed with 4429 and why', async () => {
    const open = [];
    for (let i = 0; i < 50; i++) open.push(await connect('/api/demo/monitor'));
    const over = new WebSocket(`${base}/api/demo/monitor`);
    const closed = await new Promise<{ code: number; reason: string }>((resolve, reject) => {
      over.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
      over.once('error', reject);
    });
    for (const socket of open) socket.terminate();
    expect(closed).toEqual({ code: 4429, reason: 'too many open streams from this address' });
  });
});
