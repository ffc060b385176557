// Requests that are not HTTP the server can read, over a real socket: each gets a status and a JSON
// {error} that says what is wrong (Node alone answers several with an empty body), nothing is logged
// as a failure of the server, and the server goes on answering.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { newKey } from '../api-keys/key-helpers.ts';
import { rawExchange, rawRequest } from '../helpers/raw-http.ts';
import { createTestDatabase, type TestDatabase, testDialect } from '../helpers/test-app.ts';

const CONTACT = JSON.stringify({ name: 'Ada Lovelace', email: 'ada@analytical.example', company: 'Analytical Engines', interest: 'GDPR for agents' });

describe(`requests that are not readable HTTP (${testDialect})`, () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let port: number;
  let config: ReturnType<typeof loadConfig>;
  const logLines: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const logStream = { write: (line: string) => void logLines.push(JSON.parse(line)) };
    config = { ...loadConfig({ LOG_LEVEL: 'info', DATA_DIR: database.dataDir }), database: database.database };
    app = await buildApp(config, { db: database.db, logStream });
    port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers what the HTTP parser refuses with the reason as JSON, and closes the connection', async () => {
    const cases: [string, number, string][] = [
      [rawRequest('POST', '/api/home/contact', ['Content-Type: application/json', 'Content-Length: twelve'], CONTACT), 400, 'The request is not valid HTTP/1.1: Invalid character in Content-Length'],
      [rawRequest('POST', '/api/home/contact', ['Content-Type: application/json', 'Transfer-Encoding: chunked'], `ZZ\r\n${CONTACT}\r\n0\r\n\r\n`), 400, 'The request is not valid HTTP/1.1: Invalid character in chunk size'],
      [
        rawRequest('POST', '/api/home/contact', ['Content-Type: application/json', 'Content-Length: 2', 'Transfer-Encoding: chunked'], '2\r\n{}\r\n0\r\n\r\n'),
        400,
        "The request is not valid HTTP/1.1: Transfer-Encoding can't be present with Content-Length",
      ],
      [rawRequest('GET', '/api/v1/keys', ['Bad Header: 1']), 400, 'The request is not valid HTTP/1.1: Invalid header token'],
      [rawRequest('BREW', '/api/v1/keys'), 400, 'The request is not valid HTTP/1.1: Invalid method encountered'],
      ['CONNECT api.example.com:443 HTTP/1.1\r\nHost: api.example.com:443\r\n\r\n', 405, 'CONNECT is not served: this server is not a proxy'],
      [rawRequest('GET', `/api/v1/${'a'.repeat(20_000)}`), 431, 'The request line and headers are larger than 16 KiB'],
      [rawRequest('GET', '/api/v1/keys', [`X-Padding: ${'a'.repeat(20_000)}`]), 431, 'The request line and headers are larger than 16 KiB'],
    ];
    for (const [text, status, error] of cases) {
      const answer = await rawExchange(port, text);
      expect(answer.status, error).toBe(status);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toEqual({ error });
      expect(answer.closed).toBe(true);
    }
  });

  it('answers an HTTP/1.1 request without Host, an unknown Expect and a compressed body in the same shape', async () => {
    const noHost = await rawExchange(port, 'GET /api/v1/keys HTTP/1.1\r\n\r\n');
    expect(noHost.status).toBe(400);
    expect(JSON.parse(noHost.body)).toEqual({ error: 'An HTTP/1.1 request must have a Host header' });
    // HTTP/1.0 has no Host header to require.
    expect((await rawExchange(port, 'GET /api/v1/keys HTTP/1.0\r\n\r\n')).status).toBe(200);
    // A request line without a version is HTTP/0.9, and HTTP/2.0 is not a request line of its own protocol.
    for (const [line, version] of [['GET /api/v1/keys\r\n\r\n', '0.9'], ['GET /api/v1/keys HTTP/2.0\r\nHost: localhost\r\n\r\n', '2.0']]) {
      const old = await rawExchange(port, line!);
      expect([old.status, JSON.parse(old.body), old.closed]).toEqual([505, { error: `HTTP/${version} is not served: send the request as HTTP/1.1` }, true]);
    }
    const twoHosts = await rawExchange(port, 'GET /api/v1/keys HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n');
    expect(twoHosts.status).toBe(400);
    expect(JSON.parse(twoHosts.body)).toEqual({ error: 'A request must have one Host header, not several' });

    const teapot = await rawExchange(port, rawRequest('POST', '/api/home/contact', ['Content-Type: application/json', 'Expect: teapot', `Content-Length: ${CONTACT.length}`], CONTACT));
    expect(teapot.status).toBe(417);
    expect(JSON.parse(teapot.body)).toEqual({ error: 'Expect: teapot is not supported: the server meets only Expect: 100-continue' });

    const gzip = await rawExchange(port, rawRequest('POST', '/api/home/contact', ['Connection: close', 'Content-Type: application/json', 'Content-Encoding: gzip', `Content-Length: ${CONTACT.length}`], CONTACT));
    expect(gzip.status).toBe(415);
    expect(gzip.headers['accept-encoding']).toBe('identity');
    expect(JSON.parse(gzip.body)).toEqual({ error: 'Content-Encoding gzip is not supported: send the body uncompressed' });
    const gzipChunks = await rawExchange(port, rawRequest('POST', '/api/home/contact', ['Connection: close', 'Content-Type: application/json', 'Transfer-Encoding: gzip, chunked'], '2\r\n{}\r\n0\r\n\r\n'));
    expect(gzipChunks.status).toBe(501);
    expect(JSON.parse(gzipChunks.body)).toEqual({ error: 'Transfer-Encoding gzip, chunked is not supported: send the body with a Content-Length, or chunked only' });
    const identity = await rawExchange(port, rawRequest('POST', '/api/home/contact', ['Connection: close', 'Content-Type: application/json', 'Content-Encoding: identity', 'Content-Length: 2'], '{}'));
    expect(identity.status).toBe(400); // read, and refused for its fields
    expect(JSON.parse(identity.body).error).toBe('Please enter your name');
  });

  it('asks for JSON when a body comes as another type', async () => {
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml']) {
      const answer = await rawExchange(port, rawRequest('POST', '/api/home/contact', ['Connection: close', `Content-Type: ${type}`, `Content-Length: ${CONTACT.length}`], CONTACT));
      expect(answer.status, type).toBe(415);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Unsupported content type: send application/json' });
    }
    // JSON in another charset than UTF-8 would be read wrong: it is refused, UTF-8 however spelt is read.
    const declared = await rawExchange(port, rawRequest('POST', '/api/home/contact', ['Connection: close', 'Content-Type: application/json; charset=ISO-8859-1', 'Content-Length: 2'], '{}'));
    expect(declared.status).toBe(415);
    expect(JSON.parse(declared.body)).toEqual({ error: 'A JSON body is read as UTF-8: charset=iso-8859-1 is not supported, send it in UTF-8' });
    for (const type of ['application/json; charset=UTF-8', 'application/json;charset="utf8"']) {
      const utf8 = await rawExchange(port, rawRequest('POST', '/api/home/contact', ['Connection: close', `Content-Type: ${type}`, 'Content-Length: 2'], '{}'));
      expect([utf8.status, JSON.parse(utf8.body).error], type).toEqual([400, 'Please enter your name']);
    }
  });

  it('logs none of it as a failure of the server, nor a decision whose client left, and goes on answering', async () => {
    for (let i = 0; i < 3; i++) await rawExchange(port, rawRequest('POST', '/api/home/contact', ['Content-Type: application/json', 'Transfer-Encoding: chunked'], `ZZ\r\n${CONTACT}\r\n0\r\n\r\n`));
    // A whole decision whose client resets the connection as soon as it is sent: the server is still
    // authenticating it (a database read) when the connection is gone, then rate-limits it by address.
    const { key } = await newKey({ db: database.db, config }, 'cus_client_left');
    const decision = JSON.stringify({ arbiters: ['gdpr'], request: { action: 'read', timing: 'pre-action', target: 'general' } });
    const recorded = async () => (await database.db.selectFrom('decision_logs').select('id').where('customer_id', '=', 'cus_client_left').execute()).length;
    for (let i = 0; i < 5; i++) {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(rawRequest('POST', '/api/v1/decide', ['Content-Type: application/json', `Authorization: Bearer ${key}`, `Content-Length: ${decision.length}`], decision), () => socket.resetAndDestroy()));
      socket.on('error', () => undefined);
    }
    // Each of them is still decided and recorded: the server is done with it.
    // (The first one loads the GDPR arbiter, which takes a while on a busy machine.)
    await expect.poll(recorded, { timeout: 15_000 }).toBe(5);
    const healthy = await rawExchange(port, rawRequest('GET', '/api/v1/keys', ['Connection: close']));
    expect(healthy.status).toBe(200);
    expect(JSON.parse(healthy.body).keys.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
