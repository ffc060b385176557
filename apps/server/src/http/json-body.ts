// JSON request bodies as the server accepts them: Fastify's own parser (which refuses "__proto__"
// and "constructor.prototype" keys), then the rules of I-JSON (RFC 7493) that signing relies on,
// since a decision commits to its request's canonical form (RFC 8785): text is well-formed Unicode
// (no lone surrogate), every number fits a double (1e309 would parse as Infinity), and nesting
// stays within MAX_JSON_DEPTH levels. A body that breaks one is a 400 that says which rule, before
// any route sees it. No text may hold the NUL character (U+0000) either: no field means it, and
// PostgreSQL's text columns cannot store it, so it is refused here rather than by the database.
import type { FastifyInstance } from 'fastify';
import { isWellFormedText } from '@bytebound/engine/canonical-json';
import { MAX_JSON_DEPTH } from '../constants.ts';
import { HttpError } from './errors.ts';

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * Parses application/json bodies of `app` (and the plugins it registers) with the rules above, and
 * no text/plain ones.
 * `keepRawBody` also keeps each body's text as `request.rawBody` (HMAC signatures cover the bytes sent).
 */
export function useJsonBodies(app: FastifyInstance, { keepRawBody = false } = {}): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  if (app.hasContentTypeParser('application/json')) app.removeContentTypeParser('application/json');
  // Fastify also reads text/plain as a string, which no route takes: such a body is a 415 that asks for JSON.
  if (app.hasContentTypeParser('text/plain')) app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // JSON is exchanged in UTF-8 (RFC 8259): a body declared in another charset would be read wrong.
    const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[1]!.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      return done(new HttpError(415, `A JSON body is read as UTF-8: charset=${charset.slice(0, 40)} is not supported, send it in UTF-8`), undefined);
    }
    const text = body as string; // parseAs: 'string'
    if (keepRawBody) (request as { rawBody?: string }).rawBody = text;
    void parse(request, text, (error, value) => {
      if (error) {
        // Fastify's parser says only "not valid JSON": text that plain JSON reads was refused for its keys.
        if (isPlainJson(text)) return done(new HttpError(400, 'Request body is not valid JSON: a "__proto__" or "constructor.prototype" key is not accepted'), undefined);
        return done(error, undefined);
      }
      const problem = jsonBodyProblem(value);
      if (problem !== null) return done(new HttpError(400, problem), undefined);
      done(null, value);
    });
  });
}

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const NOT_I_JSON = 'Request body is not valid JSON: ';
const NUL = 'Request body holds the NUL character (U+0000), which no field accepts';

/** Why a parsed JSON body is refused (not I-JSON within MAX_JSON_DEPTH levels, or text with NUL), or null. Walks with a stack of its own, so depth costs no recursion. */
function jsonBodyProblem(root: unknown): string | null {
  const pending: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) return `${NOT_I_JSON}a string holds a lone surrogate (text must be well-formed Unicode)`;
      if (value.includes('\0')) return NUL;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `${NOT_I_JSON}a number is too large (JSON numbers must fit a 64-bit double)`;
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) return `${NOT_I_JSON}it is nested more than ${MAX_JSON_DEPTH} levels deep`;
      if (Array.isArray(value)) {
        for (const item of value) pending.push({ value: item, depth: depth + 1 });
      } else {
        for (const [key, item] of Object.entries(value)) {
          if (!isWellFormedText(key)) return `${NOT_I_JSON}a key holds a lone surrogate (text must be well-formed Unicode)`;
          if (key.includes('\0')) return NUL;
          pending.push({ value: item, depth: depth + 1 });
        }
      }
    }
  }
  return null;
}
