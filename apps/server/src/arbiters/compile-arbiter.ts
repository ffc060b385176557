// Legal text compiled into a policy for an arbiter (POST /api/v1/arbiters with legalText, the
// demo endpoints). A compile failure is a 400 with the compiler's own message.
import { compile, type CompileSuccess } from '@bytebound/compiler/compile';
import { type CompileOptions, JURISDICTIONS, type Jurisdiction } from '@bytebound/compiler/policy-model';
import { z } from 'zod';
import { HttpError } from '../http/errors.ts';

/** The compile options a caller may set, by the compiler's names (spec section 3). */
export const compileOptionsSchema = z
  .object({
    enforcementLevel: z.enum(['strict', 'moderate', 'permissive']).optional(),
    includeTests: z.boolean().optional(),
    optimizationLevel: z.enum(['none', 'basic', 'maximum']).optional(),
    targetEnvironment: z.enum(['development', 'production']).optional(),
  })
  .strict();

export const jurisdictionSchema = z.enum(JURISDICTIONS);

/** Compiles to bytebound; a failure is a 400 with the compiler's message, stage and validation. */
export function compileOrFail(source: string, jurisdiction: Jurisdiction | undefined, options: Partial<CompileOptions>): CompileSuccess {
  const result = compile(source, { format: 'bytebound', ...(jurisdiction ? { jurisdiction } : {}), options });
  if (!result.ok) throw new HttpError(400, result.error, { status: 'error', stage: result.stage, validation: result.validation });
  return result;
}
