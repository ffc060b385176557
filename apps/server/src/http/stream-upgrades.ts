// WebSocket upgrades answered in the API's JSON shape. A stream address asked for without an
// upgrade gets 426 saying how to connect; an upgrade sent to an address that is no stream gets 400
// instead of a socket upgraded only to be closed; a handshake the WebSocket library refuses (no
// Sec-WebSocket-Key, an unknown version) gets its reason as {error} JSON, not as plain text.
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endWithJson } from './protocol-errors.ts';

/** A stream route's onRequest hook: a plain HTTP request (no WebSocket upgrade) gets 426 saying how to connect, instead of an empty 404. */
export async function upgradeRequired(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.ws) await reply.status(426).header('upgrade', 'websocket').send({ error: 'This address is a WebSocket stream: connect with a WebSocket client (Upgrade: websocket)' });
}

/** Call after registering @fastify/websocket and before declaring routes: it learns the stream routes as they are declared. */
export function answerUpgradesInJson(app: FastifyInstance): void {
  const streams = new Set<string>();
  app.addHook('onRoute', ({ method, url, websocket }) => {
    if (websocket && [method].flat().includes('GET')) streams.add(url);
  });
  // A callback hook (no promise a request): it runs on every decision. Answering ends the chain.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.ws || (request.method === 'GET' && streams.has(request.routeOptions.url ?? ''))) return done();
    const path = request.url.split('?')[0]!;
    void reply.status(400).header('connection', 'close').send({ error: `${path} is not a WebSocket stream: send the request without Upgrade: websocket` });
  });
  // RFC 6455 section 4.4: a server refusing the client's version names the versions it speaks.
  app.websocketServer.on('wsClientError', (error: Error, socket: Duplex) =>
    endWithJson(socket, 400, `WebSocket handshake refused: ${error.message}`, error.message.includes('Sec-WebSocket-Version') ? ['Sec-WebSocket-Version: 13, 8'] : []),
  );
}
