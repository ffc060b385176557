// The live compliance stream over a real WebSocket, session expiry with a shortened timeout, the
// in-process fallback when the MCP check fails, the per-session rate limit, and the optional model
// phrasing against a local OpenAI-compatible server (normal, empty answer, failure).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyCheckpoint } from '@bytebound/engine/checkpoint';
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocketClient from 'ws';
type WebSocket = WebSocketClient;
import { revokeApiKey } from '../../src/api-keys/api-key-store.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, createTestDatabase, type TestApp, testDialect } from '../helpers/test-app.ts';
import { newVisitor, say, type Visitor } from './visitor.ts';

type Frame = { type: string; [key: string]: unknown };

/** Opens the stream as the visitor and collects every frame from the first. */
async function openStream(t: Pick<TestApp, 'app'>, visitor: Visitor | null) {
  const frames: Frame[] = [];
  let closed: number | null = null;
  // An HTTP/1.1 handshake names its Host, as a browser's does.
  const headers = { host: 'localhost', ...(visitor ? { cookie: visitor.cookieHeader } : {}) };
  const ws: WebSocket = await t.app.injectWS('/api/poc-ai-chat/stream', { headers }, {
    onInit: (socket: WebSocket) => {
      socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
      socket.on('close', (code) => {
        closed = code;
      });
    },
  });
  const until = async (test: () => boolean, what: string) => {
    for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
    if (!test()) throw new Error(`no ${what} on the stream: ${JSON.stringify(frames)}`);
  };
  return { ws, frames, until, closedWith: () => closed };
}

describe(`receptionist stream and expiry (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RECEPTIONIST_SESSION_TIMEOUT_MS: '60000' });
  });
  afterAll(async () => t.close());

  it('refuses the stream without a session, over a real connection', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace(/^http/, 'ws')}/api/poc-ai-chat/stream`;
    const code = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocketClient(url);
      ws.on('close', (c) => resolve(c));
      ws.on('error', reject);
    });
    expect(code).toBe(4401);
    const visitor = await newVisitor(t.app);
    const hello = await new Promise<Frame>((resolve, reject) => {
      const ws = new WebSocketClient(url, { headers: { cookie: visitor.cookieHeader } });
      ws.on('message', (data) => {
        resolve(JSON.parse(data.toString()) as Frame);
        ws.close();
      });
      ws.on('error', reject);
    });
    expect(hello.type).toBe('hello');
  });

  it("sends hello, the visitor's own decisions only, global counters and a signed checkpoint over each ten decisions", async () => {
    const a = await newVisitor(t.app);
    const b = await newVisitor(t.app);
    const streamA = await openStream(t, a);
    const streamB = await openStream(t, b);
    await streamA.until(() => streamA.frames.some((f) => f.type === 'hello'), 'hello');
    const hello = streamA.frames.find((f) => f.type === 'hello')!;
    expect(hello).toMatchObject({ counters: { total: 0, allowed: 0, blocked: 0 }, checkpoints: [] });
    expect(typeof hello.uptimeStartedAt).toBe('string');

    const messages = ['Hi', 'What is a proof bundle?', 'I have asthma', 'How much is the Growth plan?', 'What does exit code 2 mean?', 'Thanks', 'Is the compiler open source?', 'Bye', 'Hello again'];
    for (const m of messages) expect((await say(t.app, a, m)).statusCode).toBe(200);
    // 9 messages: the first has the Art. 13 notice too, so 10 decisions.
    await streamA.until(() => streamA.frames.some((f) => f.type === 'checkpoint'), 'checkpoint');
    const decisions = streamA.frames.filter((f) => f.type === 'decision').map((f) => f.decision as Record<string, unknown>);
    expect(decisions).toHaveLength(10);
    expect(decisions.every((d) => d.sessionId === a.session.sessionId)).toBe(true);
    expect(decisions.find((d) => d.article === 'GDPR Art. 9(1)')).toMatchObject({ exitCode: 2, field: 'health', action: 'create' });
    expect(decisions.find((d) => d.field === 'transparency_notice')).toMatchObject({ exitCode: 0, article: 'GDPR Art. 13(1)', action: 'notify' });
    // B sees the anonymous counters move but none of A's decisions.
    await streamB.until(() => streamB.frames.some((f) => f.type === 'counters' && (f.counters as { total: number }).total === 10), 'counters');
    expect(streamB.frames.some((f) => f.type === 'decision')).toBe(false);
    const counters = streamB.frames.filter((f) => f.type === 'counters').at(-1)!.counters as Record<string, number>;
    expect(counters).toMatchObject({ total: 10, allowed: 9, blocked: 1 });
    expect(counters.averageExecutionTimeUs).toBeGreaterThan(0);

    const checkpoint = streamA.frames.find((f) => f.type === 'checkpoint')!.checkpoint as Record<string, unknown>;
    expect(checkpoint).toMatchObject({ decisionCount: 10 });
    expect(checkpoint.decisions).toEqual(decisions.map((d) => d.id));
    const keys = keyRingFromJwks((await t.app.inject({ url: '/api/v1/keys' })).json());
    const verified = verifyCheckpoint({ origin: checkpoint.origin, size: checkpoint.treeSize, root: checkpoint.rootHash, timestamp: checkpoint.timestamp, keyId: checkpoint.keyId, signature: checkpoint.signature }, keys);
    expect(verified.ok).toBe(true);
    // The checkpoint covers every one of the ten bundles: each has an inclusion proof against it.
    expect(checkpoint.bundleIds).toEqual(decisions.map((d) => d.bundleId));
    for (const bundleId of checkpoint.bundleIds as string[]) {
      const proof = await t.app.inject({ url: `/api/v1/audit/proof/${bundleId}?size=${checkpoint.treeSize}` });
      expect(proof.statusCode).toBe(200);
      expect(proof.json()).toMatchObject({ bundleId, treeSize: checkpoint.treeSize });
    }
    // A new connection gets it in hello.
    const later = await openStream(t, b);
    await later.until(() => later.frames.some((f) => f.type === 'hello'), 'hello');
    expect((later.frames[0]!.checkpoints as unknown[]).length).toBe(1);
    for (const s of [streamA, streamB, later]) s.ws.terminate();
  });

  it('expires a session after the inactivity timeout with the contract 401', async () => {
    const visitor = await newVisitor(t.app);
    expect((await say(t.app, visitor, 'Hello')).statusCode).toBe(200);
    await t.db
      .updateTable('conversations')
      .set({ last_seen_at: Date.now() - 60_001 })
      .where('label', '=', visitor.session.sessionId)
      .execute();
    const expired = await say(t.app, visitor, 'Are you still there?');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'Session Expired: Your session has expired due to inactivity.', code: 'session_expired' });
    // The session call then starts a new session with a new cookie.
    const fresh = await newVisitor(t.app);
    expect(fresh.session.sessionId).not.toBe(visitor.session.sessionId);
  });

  it('limits messages per session', async () => {
    const visitor = await newVisitor(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await say(t.app, visitor, `Hello ${i}`)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('decides in-process (protocol HTTP) when the MCP call fails', async () => {
    const identity = await t.db.selectFrom('customer_configs').selectAll().executeTakeFirstOrThrow();
    await revokeApiKey(t.db, identity.internal_key_id);
    const visitor = await newVisitor(t.app);
    const body = (await say(t.app, visitor, 'I take antidepressants, is that a problem?')).json();
    expect(body.complianceValidation.protocol).toBe('HTTP');
    expect(body).toMatchObject({ exitCode: 2, article: 'GDPR Art. 9(1)' });
    const logged = await t.db.selectFrom('decision_logs').select('source').where('bundle_id', '=', body.proofBundle.id).executeTakeFirstOrThrow();
    expect(logged.source).toBe('receptionist');
  });
});

describe(`receptionist with an OpenAI-compatible model (${testDialect})`, () => {
  let t: TestApp;
  let server: http.Server;
  let mode: 'answer' | 'empty' | 'fail' = 'answer';
  const seen: { model: string; messages: { role: string; content: string }[] }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return res.writeHead(404).end();
        seen.push(JSON.parse(body));
        if (mode === 'fail') return res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
        const content = mode === 'empty' ? '' : 'Phrased by the model: the Growth plan is $999 a month.';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'cmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ LLM_BASE_URL: `http://127.0.0.1:${port}`, LLM_MODEL: 'local-test-model' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('phrases the reply from the retrieved facts', async () => {
    mode = 'answer';
    const visitor = await newVisitor(t.app);
    const body = (await say(t.app, visitor, 'How much is the Growth plan?')).json();
    expect(body).toMatchObject({ response: 'Phrased by the model: the Growth plan is $999 a month.', fallback: false, exitCode: 0 });
    const request = seen.at(-1)!;
    expect(request.model).toBe('local-test-model');
    expect(request.messages.at(-1)!.content).toMatch(/The Growth plan costs \$999 a month/);
  });

  it('passes an empty model answer on as an empty response, the compliance path unchanged', async () => {
    mode = 'empty';
    const visitor = await newVisitor(t.app);
    const body = (await say(t.app, visitor, 'I have diabetes')).json();
    expect(body).toMatchObject({ response: '', fallback: false, exitCode: 2, article: 'GDPR Art. 9(1)' });
  });

  it('answers with the embedded reply when the model endpoint fails, not with a fallback the site would replace', async () => {
    mode = 'fail';
    const visitor = await newVisitor(t.app);
    const body = (await say(t.app, visitor, 'How much is the Growth plan?')).json();
    expect(body.fallback).toBe(false);
    expect(body.response).toMatch(/\$999/);
    expect(body.complianceValidation.protocol).toBe('MCP');
  });
});

// What one client can hold open: a few streams per session, 50 per address, and small messages.
describe(`receptionist stream limits (${testDialect})`, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    url = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/api/poc-ai-chat/stream`;
  });
  afterAll(async () => t.close());

  /** Opens a stream from `ip` over a real connection; resolves at its first frame or its close. */
  function streamFrom(visitor: Visitor, ip: string) {
    return new Promise<{ ws: WebSocket; first: string | null; closed: { code: number; reason: string } | null }>((resolve, reject) => {
      const ws = new WebSocketClient(url, { headers: { cookie: visitor.cookieHeader, 'x-forwarded-for': ip } });
      ws.once('message', (data) => resolve({ ws, first: (JSON.parse(data.toString()) as Frame).type, closed: null }));
      ws.once('close', (code, reason) => resolve({ ws, first: null, closed: { code, reason: reason.toString() } }));
      ws.once('error', reject);
    });
  }

  async function newVisitorFrom(ip: string): Promise<Visitor> {
    const response = await t.app.inject({ method: 'GET', url: '/api/poc-ai-chat/session', headers: { 'x-forwarded-for': ip } });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    return { cookieHeader: setCookie.split(';')[0]!, setCookie, session: response.json() };
  }

  it('one session holds at most 5 streams at once: a sixth is closed with 4429 and why; closing one makes room', async () => {
    const visitor = await newVisitorFrom('198.51.100.1');
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await streamFrom(visitor, '198.51.100.1'));
    expect(open.map((s) => s.first)).toEqual(Array(5).fill('hello'));
    const sixth = await streamFrom(visitor, '198.51.100.2');
    expect(sixth.closed).toEqual({ code: 4429, reason: 'too many open streams for this session' });
    const closing = open.pop()!.ws;
    await new Promise((resolve) => {
      closing.once('close', resolve);
      closing.close();
    });
    // The server counts the stream out once its side of the socket has closed, a moment later.
    let again = await streamFrom(visitor, '198.51.100.2');
    for (let i = 0; i < 40 && again.closed?.code === 4429; i++) {
      await new Promise((r) => setTimeout(r, 25));
      again = await streamFrom(visitor, '198.51.100.2');
    }
    expect(again.first).toBe('hello');
    for (const s of [...open, again]) s.ws.terminate();
  });

  it('one address holds at most 50 streams at once, whatever the sessions', async () => {
    // Sessions made from addresses of their own (sessions are limited per address per minute).
    const visitors = [];
    for (let i = 0; i < 51; i++) visitors.push(await newVisitorFrom(`192.0.2.${i + 1}`));
    const open = [];
    for (const visitor of visitors.slice(0, 50)) open.push(await streamFrom(visitor, '203.0.113.7'));
    expect(open.every((s) => s.first === 'hello')).toBe(true);
    const over = await streamFrom(visitors[50]!, '203.0.113.7');
    expect(over.closed).toEqual({ code: 4429, reason: 'too many open streams from this address' });
    // Another address is not affected.
    const elsewhere = await streamFrom(visitors[50]!, '203.0.113.8');
    expect(elsewhere.first).toBe('hello');
    for (const s of [...open, elsewhere]) s.ws.terminate();
  });

  it('a message over 4 KiB closes that socket (1009) and the server goes on', async () => {
    const visitor = await newVisitorFrom('198.51.100.3');
    const stream = await streamFrom(visitor, '198.51.100.3');
    expect(stream.first).toBe('hello');
    const code = await new Promise<number>((resolve) => {
      stream.ws.once('close', (c) => resolve(c));
      stream.ws.send('x'.repeat(5 * 1024));
    });
    expect(code).toBe(1009);
    const next = await streamFrom(visitor, '198.51.100.3');
    expect(next.first).toBe('hello');
    next.ws.terminate();
  });
});

// Several server instances over one PostgreSQL database: a visitor's socket on one instance gets the
// decisions their messages caused on another (LISTEN/NOTIFY), as behind a load balancer.
if (testDialect === 'postgres') {
  describe('receptionist stream across instances (postgres)', () => {
    it('delivers a decision made on another instance to the visitor socket', async () => {
      const database = await createTestDatabase();
      const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: database.dataDir }), database: database.database };
      const one = await buildApp(config, { db: database.db });
      const two = await buildApp(config, { db: database.db });
      try {
        const visitor = await newVisitor(one);
        const stream = await openStream({ app: one }, visitor);
        await stream.until(() => stream.frames.some((f) => f.type === 'hello'), 'hello');
        expect((await say(two, visitor, 'I have asthma')).json()).toMatchObject({ exitCode: 2, article: 'GDPR Art. 9(1)' });
        await stream.until(() => stream.frames.some((f) => f.type === 'decision' && (f.decision as { field: string }).field === 'health'), 'decision from the other instance');
        await stream.until(() => stream.frames.some((f) => f.type === 'counters'), 'counters');
        stream.ws.terminate();
      } finally {
        await one.close();
        await two.close();
        await database.drop();
      }
    });
  });
}
