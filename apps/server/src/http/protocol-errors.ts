// Requests that are not HTTP the server can read, answered in the API's error shape {error} with
// what is wrong, where Node would answer an empty 400 or 417 and Fastify {"message":"Client Error"}:
// a request the HTTP parser refuses (a malformed Content-Length, chunk or header; headers over the
// limit; too slow to arrive), a request that is not HTTP/1.x (505), an HTTP/1.1 request without a
// Host header or with several (RFC 9112 section 3.2), an Expect other than 100-continue (RFC 9110
// section 10.1.1), a body sent with a content coding (gzip, ...), which the server does not decode
// (RFC 9110 section 15.5.16: 415, naming the one it takes), a transfer coding other than chunked
// (501), and a CONNECT, which Node leaves to a proxy (405).
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { REQUEST_TIMEOUT_MS } from '../constants.ts';

/** Node's default limit on a request's headers (`--max-http-header-size`). */
const HEADER_LIMIT_KIB = 16;

type ParserError = Error & { code?: string; reason?: string };

/** What a request the parser refused gets: status and message. */
function protocolProblem(error: ParserError): { status: number; message: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: `The request did not arrive within ${REQUEST_TIMEOUT_MS / 1000} s` };
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: `The request line and headers are larger than ${HEADER_LIMIT_KIB} KiB` };
  const reason = error.reason ?? error.message.replace(/^Parse Error: /, '');
  return { status: 400, message: `The request is not valid HTTP/1.1: ${reason}` };
}

/** Fastify's clientErrorHandler: the parser's refusal as JSON, then the connection closed (as Node does). */
export function answerProtocolErrors(this: FastifyInstance, error: ParserError, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = protocolProblem(error);
  this.log.debug({ code: error.code, status }, 'request refused by the HTTP parser');
  if (socket.writable) endWithJson(socket, status, message);
  else socket.destroy();
}

/**
 * The rules above that the app applies itself: the Host header and Expect (Node's own checks,
 * answered in JSON here) and the content coding. Call right after creating the app, with
 * `http: { requireHostHeader: false }`.
 *
 * Also reads each connection's address as it opens: Node keeps a socket's peer once read, so a
 * request whose connection is gone before its address is first read (a hook that awaits ahead of
 * a rate limit, then a malformed chunk or a client that left) still has it for the rate limits and
 * the logs; the rate limiter failed on an undefined address when an asynchronous hook ran first.
 */
export function applyProtocolRules(app: FastifyInstance): void {
  app.server.on('connection', (socket: Socket) => void socket.remoteAddress);
  // A CONNECT (a tunnel through a proxy) reaches no route: Node closes its connection unanswered.
  app.server.on('connect', (_request, socket: Duplex) =>
    endWithJson(socket, 405, 'CONNECT is not served: this server is not a proxy', ['Allow: GET, HEAD, POST, PUT, DELETE']),
  );
  app.server.on('checkExpectation', (request, response) => {
    const body = JSON.stringify({ error: `Expect: ${String(request.headers.expect)} is not supported: the server meets only Expect: 100-continue` });
    response.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
    response.end(body);
  });
  // A callback hook (no promise a request): it runs on every decision. Answering ends the chain.
  app.addHook('onRequest', (request, reply, done) => {
    const refuse = (status: number, error: string) => {
      // A WebSocket handshake's socket is the WebSocket library's, which a reply would leave open: answered on the socket itself.
      if (request.headers.upgrade !== undefined) {
        reply.hijack();
        endWithJson(request.raw.socket, status, error);
      } else void reply.status(status).header('connection', 'close').send({ error });
    };
    // RFC 9112 section 2.3: a request line without a version (HTTP/0.9), or of another major version
    // (HTTP/2.0 is not a request line of its own protocol). A handshake injected in a test has none: null.
    const major = request.raw.httpVersionMajor;
    if (major === 0 || major > 1) {
      refuse(505, `HTTP/${request.raw.httpVersion} is not served: send the request as HTTP/1.1`);
      return;
    }
    // RFC 9112 section 3.2: exactly one Host (Node keeps the first of several and drops the others).
    const hosts = hostHeaders(request.raw);
    if (request.raw.httpVersion === '1.1' && hosts !== 1) {
      refuse(400, hosts === 0 ? 'An HTTP/1.1 request must have a Host header' : 'A request must have one Host header, not several');
      return;
    }
    // RFC 9112 section 6.1: a transfer coding the server does not know (gzip, ...) is a 501; Node decodes only chunked.
    const transfer = request.headers['transfer-encoding']?.toLowerCase();
    if (transfer !== undefined && transfer.split(',').some((c) => c.trim() !== 'chunked')) {
      void reply
        .status(501)
        .header('connection', 'close')
        .send({ error: `Transfer-Encoding ${transfer.slice(0, 60)} is not supported: send the body with a Content-Length, or chunked only` });
      return;
    }
    const coding = request.headers['content-encoding']?.trim().toLowerCase();
    if (coding && coding !== 'identity') {
      void reply.status(415).header('accept-encoding', 'identity').send({ error: `Content-Encoding ${coding} is not supported: send the body uncompressed` });
      return;
    }
    done();
  });
}

/** How many Host headers a request has: as sent (rawHeaders), or, for a handshake injected in a test, which has none, as parsed. */
function hostHeaders({ rawHeaders, headers }: { rawHeaders?: string[]; headers: { host?: string } }): number {
  if (!rawHeaders) return headers.host === undefined ? 0 : 1;
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.length === 4 && rawHeaders[i]!.toLowerCase() === 'host') count++;
  return count;
}

/**
 * Answers `{error: message}` on a socket no response object speaks for (the parser refused the
 * request, or the WebSocket library refused the handshake), then closes it.
 */
export function endWithJson(socket: Duplex, status: number, message: string, headers: string[] = []): void {
  const body = JSON.stringify({ error: message });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    ...headers,
  ];
  socket.once('finish', () => socket.destroy());
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
