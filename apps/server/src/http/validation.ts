// Zod schemas as Fastify route schemas: bodies, queries and params are parsed (unknown fields
// rejected by the schemas themselves with .strict()) before a handler runs.
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  // Responses are written by our own handlers; they are not re-validated.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
