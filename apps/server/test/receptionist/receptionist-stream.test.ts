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
  const ws: WebSocket = await t.app.injectWS('/api/poc-ai-chat/stream', visitor ? { headers: { cookie: visitor.cookieHeader } } : {}, {
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
      .updateTable('receptionist_sessions')
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
    const identity = await t.db.selectFrom('receptionist_identity').selectAll().executeTakeFirstOrThrow();
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

  it('falls back to the embedded reply when the model endpoint fails', async () => {
    mode = 'fail';
    const visitor = await newVisitor(t.app);
    const body = (await say(t.app, visitor, 'How much is the Growth plan?')).json();
    expect(body.fallback).toBe(true);
    expect(body.response).toMatch(/\$999/);
    expect(body.complianceValidation.protocol).toBe('MCP');
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
