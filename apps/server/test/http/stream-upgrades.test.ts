// WebSocket upgrades over a real socket: a handshake the WebSocket library refuses, and an upgrade
// sent to an address that is no stream, are answered in the API's JSON shape and the connection
// closed; a well-formed upgrade to a stream still opens it.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

const KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

type Answer = { status: number; headers: Record<string, string>; body: string; closed: boolean };

/** Sends one raw request and reads what comes back until the server closes the connection, a stream opens, or 3 s pass. */
function rawRequest(port: number, method: string, path: string, headers: string[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`));
    let received = '';
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const fields = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers: fields, body, closed });
    };
    const timer = setTimeout(finish, 3_000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // A stream that opened stays open: its head is the whole answer.
      if (received.startsWith('HTTP/1.1 101') && received.includes('\r\n\r\n')) finish();
    });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('error', reject);
  });
}

describe(`WebSocket upgrades (${testDialect})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => t.close());

  it('refuses a malformed handshake to a stream with the reason as JSON, and closes the connection', async () => {
    for (const path of ['/api/poc-ai-chat/stream', '/api/demo/monitor']) {
      const noKey = await rawRequest(port, 'GET', path, ['Upgrade: websocket', 'Connection: Upgrade', 'Sec-WebSocket-Version: 13']);
      expect(noKey.status, path).toBe(400);
      expect(noKey.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(noKey.body)).toEqual({ error: 'WebSocket handshake refused: Missing or invalid Sec-WebSocket-Key header' });
      expect(noKey.closed).toBe(true);

      const badVersion = await rawRequest(port, 'GET', path, ['Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 99']);
      expect(badVersion.status, path).toBe(400);
      expect(badVersion.headers['sec-websocket-version']).toBe('13, 8');
      expect(JSON.parse(badVersion.body)).toEqual({ error: 'WebSocket handshake refused: Missing or invalid Sec-WebSocket-Version header' });
    }
  });

  it('answers an upgrade to an address that is no stream with 400 JSON instead of opening a socket', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/keys'],
      ['POST', '/api/v1/decide'],
      ['GET', '/pricing'],
      ['GET', '/no/such/address'],
    ] as const) {
      const answer = await rawRequest(port, method, path, ['Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 13']);
      expect(answer.status, path).toBe(400);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toEqual({ error: `${path} is not a WebSocket stream: send the request without Upgrade: websocket` });
      expect(answer.closed, path).toBe(true);
    }
  });

  it('still opens a stream for a well-formed upgrade', async () => {
    const answer = await rawRequest(port, 'GET', '/api/demo/monitor', ['Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 13']);
    expect(answer.status).toBe(101);
    expect(answer.headers['sec-websocket-accept']).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
  });
});
