// One access-log line per request, written when its answer has been sent: what was asked (method,
// URL, the caller's address) with what was answered (status, time taken). Fastify's own controller
// writes two lines per request, one on arrival and one on completion, so at the default level
// (info) this halves the lines, and their writes, that every request costs. A WebSocket upgrade is
// never answered as a request: it keeps its line on arrival. Errors are logged as Fastify logs them.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (request.raw.headers.upgrade !== undefined && !this.isLogDisabled(request)) request.log.info({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
