// One JSON error shape for every failure: {error} or, for a schema violation, {error, details}.
// Nothing a client sends can make the server answer with a stack trace.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: 'Invalid request', details: describeIssues(error) });
    }
    if ('validation' in error && error.validation) {
      return reply.status(400).send({ error: 'Invalid request', details: error.validation });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: 'Internal server error' });
    }
    // A 5xx the server answers on purpose (a part not configured) says why, and is no failure of the server.
    if (status >= 500) request.log.warn({ status, message: error.message }, 'request refused');
    if (error instanceof HttpError && error.headers) void reply.headers(error.headers);
    const body: { error: string; details?: unknown } = { error: clientMessage(error, status) };
    if (error instanceof HttpError && error.details !== undefined) body.details = error.details;
    return reply.status(status).send(body);
  });
}

type Issue = ZodError['issues'][number];

function describeIssues(error: ZodError) {
  return error.issues.flatMap((issue) => describeIssue(issue, []));
}

/** An issue with its path; a body that matches no shape of a union also gets the problems of the shape it came closest to (the fewest). */
function describeIssue(issue: Issue, base: PropertyKey[]): { path: string; message: string }[] {
  const path = [...base, ...issue.path];
  const own = { path: path.join('.'), message: issue.message };
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [own];
  const closest = issue.errors.reduce((best, shape) => (shape.length < best.length ? shape : best));
  return [own, ...closest.flatMap((inner) => describeIssue(inner, path))];
}

const messages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
};

function clientMessage(error: FastifyError | HttpError, status: number): string {
  const code = (error as FastifyError).code;
  if (code && messages[code]) return messages[code];
  if (error instanceof SyntaxError) return messages.FST_ERR_CTP_INVALID_JSON_BODY!;
  return error.message || (status === 429 ? 'Too many requests' : 'Bad request');
}
