// Legal text compiled into a policy for an arbiter (POST /api/v1/arbiters with legalText, the
// demo endpoints). A compile failure is a 400 with the compiler's own message.
import type { CompileFailure, CompileSuccess } from '@bytebound/compiler/compile';
import type { FormatId } from '@bytebound/compiler/emit/emitter';
import { type CompileOptions, JURISDICTIONS, type Jurisdiction } from '@bytebound/compiler/policy-model';
import { z } from 'zod';
import { HttpError } from '../http/errors.ts';
import type { FinishedCompile, FinishRequest } from '../public-compiler/compile-finish.ts';
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

/** A compile's format (bytebound unless named), jurisdiction (detected unless named) and options. */
export type CompileRequest = { format?: FormatId; jurisdiction?: Jurisdiction | undefined; options: Partial<CompileOptions> };

/**
 * Compiles in the compile worker, in `client`'s turn (an address or a customer), stopped at the
 * synthesis timeout, and finishes it there as `finish` asks; a failure, a timeout included, is a
 * 400 with the compiler's message, stage and validation.
 */
export async function compileOrFail(source: string, request: CompileRequest, client: string): Promise<CompileSuccess>;
export async function compileOrFail<F extends FinishRequest>(
  source: string,
  request: CompileRequest,
  client: string,
  finish: F,
): Promise<Exclude<FinishedCompile<F['name']>, CompileFailure>>;
export async function compileOrFail(source: string, { format = 'bytebound', jurisdiction, options }: CompileRequest, client: string, finish?: FinishRequest) {
  const input = { format, ...(jurisdiction ? { jurisdiction } : {}), options };
  const result = await compilePool().compile(source, input, client, finish);
  if (!result.ok) throw compileRefused(result);
  return result;
}

/** The 400 a failed compile answers: the compiler's message, its stage and validation. */
export const compileRefused = (failure: CompileFailure) => new HttpError(400, failure.error, { status: 'error', stage: failure.stage, validation: failure.validation });
