// WebSocket upgrades over a real socket: a handshake the WebSocket library refuses, and an upgrade
// sent to an address that is no stream, are answered in the API's JSON shape and the connection
// closed; a well-formed upgrade to a stream still opens it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, rawRequest } from '../helpers/raw-http.ts';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';

const KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

describe(`WebSocket upgrades (${testDialect})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => t.close());
  const exchange = (method: string, path: string, headers: string[]) => rawExchange(port, rawRequest(method, path, headers));

  it('refuses a malformed handshake to a stream with the reason as JSON, and closes the connection', async () => {
    for (const path of ['/api/poc-ai-chat/stream', '/api/demo/monitor']) {
      const noKey = await exchange('GET', path, ['Upgrade: websocket', 'Connection: Upgrade', 'Sec-WebSocket-Version: 13']);
      expect(noKey.status, path).toBe(400);
      expect(noKey.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(noKey.body)).toEqual({ error: 'WebSocket handshake refused: Missing or invalid Sec-WebSocket-Key header' });
      expect(noKey.closed).toBe(true);

      const badVersion = await exchange('GET', path, ['Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 99']);
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
      const answer = await exchange(method, path, ['Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 13']);
      expect(answer.status, path).toBe(400);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toEqual({ error: `${path} is not a WebSocket stream: send the request without Upgrade: websocket` });
      expect(answer.closed, path).toBe(true);
    }
  });

  it('refuses a handshake without a Host header, as every HTTP/1.1 request without one', async () => {
    const answer = await rawExchange(port, `GET /api/demo/monitor HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: 'An HTTP/1.1 request must have a Host header' });
    expect(answer.closed).toBe(true);
  });

  it('still opens a stream for a well-formed upgrade', async () => {
    const answer = await exchange('GET', '/api/demo/monitor', ['Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Key: ${KEY}`, 'Sec-WebSocket-Version: 13']);
    expect(answer.status).toBe(101);
    expect(answer.headers['sec-websocket-accept']).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=');
  });
});
