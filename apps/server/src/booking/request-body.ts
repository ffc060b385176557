// Parses a request body, query or params with a zod schema; a violation is a 400 whose `error` is
// the first problem in words (what a form shows) and whose `details` list every problem by field.
import type { z } from 'zod';
import { HttpError } from '../http/errors.ts';

export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new HttpError(400, details[0]?.message ?? 'Invalid request', details);
}
