// Legal text compiled into a policy for an arbiter (POST /api/v1/arbiters with legalText, the
// demo endpoints). A compile failure is a 400 with the compiler's own message.
import type { CompileFailure, CompileSuccess } from '@bytebound/compiler/compile';
import { type CompileOptions, JURISDICTIONS, type Jurisdiction } from '@bytebound/compiler/policy-model';
import { z } from 'zod';
import { HttpError } from '../http/errors.ts';
import { compilePool } from '../public-compiler/compile-pool.ts';

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

/**
 * Compiles to bytebound in the compile worker, in `client`'s turn (an address or a customer), stopped
 * at the synthesis timeout; a failure, a timeout included, is a 400 with the compiler's message,
 * stage and validation.
 */
export async function compileOrFail(source: string, jurisdiction: Jurisdiction | undefined, options: Partial<CompileOptions>, client: string): Promise<CompileSuccess> {
  const result = await compilePool().compile(source, { format: 'bytebound', ...(jurisdiction ? { jurisdiction } : {}), options }, client);
  if (!result.ok) throw compileRefused(result);
  return result;
}

/** The 400 a failed compile answers: the compiler's message, its stage and validation. */
export const compileRefused = (failure: CompileFailure) => new HttpError(400, failure.error, { status: 'error', stage: failure.stage, validation: failure.validation });
