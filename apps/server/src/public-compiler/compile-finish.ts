// What a compile answers beside its output, worked out in the compile worker after the compile: the
// work that grows with the policy (printing it a second time, loading a text back, assembling
// WebAssembly) takes half a second for a few thousand rules, which would hold every other request
// on the server's thread. Each finish gives its answer, or a failed compile saying what went wrong.
import { emitBytebound } from '@bytebound/compiler/emit/bytebound';
import { parsePolicy, policyDigest, printPolicy } from '@bytebound/compiler/bytebound-format';
import type { CompileFailure, CompileSuccess } from '@bytebound/compiler/compile';
import wabtInit from 'wabt';
import { type ArbiterSource, loadedSource } from '../arbiters/arbiter-source.ts';
import { outputTooLongFailure } from './compile-pool.ts';

/** The finish a compile asks for (the compile worker's job names it). */
export type FinishRequest =
  /** The demo's: the bytebound text beside the chosen format, and (roundTrip) whether it loads back into the same policy. */
  | { name: 'demo'; roundTrip: boolean }
  /** An arbiter's: the policy as an arbiter keeps it (arbiter-source.ts). */
  | { name: 'arbiter' }
  /** The wasm format's: its .wat assembled (and validated) into the module a browser instantiates. */
  | { name: 'binary' };

export type DemoFinish = {
  /** The bytebound text, printed with the compile's options (the output itself when that is the format). */
  bbs: string;
  policyId: string;
  /** Why the bytebound text does not load back into the same policy: none when it does, null when not checked. */
  roundTrip: string[] | null;
};

export type Finished = { demo: DemoFinish; arbiter: ArbiterSource; binary: Uint8Array };

/** A compile finished as `N` asks: its answer as `finished`, or a failed compile. */
export type FinishedCompile<N extends FinishRequest['name']> = CompileFailure | (CompileSuccess & { finished: Finished[N] });

const failedFinish = (result: CompileSuccess, error: string): CompileFailure => ({
  ok: false,
  stage: 'finalizing',
  error,
  validation: { ...result.validation, errors: [error] },
  stages: result.stages,
});

function roundTripProblems(result: CompileSuccess, bbs: string): string[] {
  try {
    return policyDigest(parsePolicy(bbs)) === policyDigest(result.policy) ? [] : ['the bytebound output does not load back into the same policy'];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

let wabt: ReturnType<typeof wabtInit> | undefined;

/** `result` with the answer `finish` asks for, or the failed compile saying why there is none. */
export async function finishCompile(result: CompileSuccess, finish: FinishRequest, maxOutputChars: number): Promise<FinishedCompile<FinishRequest['name']>> {
  const answer = await finishing(result, finish, maxOutputChars);
  return isFailure(answer) ? answer : { ...result, finished: answer };
}

const isFailure = (answer: object): answer is CompileFailure => (answer as Partial<CompileFailure>).ok === false;

async function finishing(result: CompileSuccess, finish: FinishRequest, maxOutputChars: number): Promise<Finished[FinishRequest['name']] | CompileFailure> {
  switch (finish.name) {
    case 'demo': {
      const bbs = result.metadata.format === 'bytebound' ? result.output : emitBytebound(result.policy, result.options);
      if (bbs.length > maxOutputChars) return outputTooLongFailure(bbs.length, maxOutputChars, result.stages);
      return { bbs, policyId: policyDigest(result.policy), roundTrip: finish.roundTrip ? roundTripProblems(result, bbs) : null };
    }
    case 'arbiter': {
      const loaded = loadedSource(printPolicy(result.policy));
      return 'error' in loaded ? failedFinish(result, loaded.error) : loaded;
    }
    case 'binary': {
      wabt ??= wabtInit();
      try {
        const module = (await wabt).parseWat('policy.wat', result.output);
        try {
          module.validate();
          return module.toBinary({}).buffer;
        } finally {
          module.destroy();
        }
      } catch (error) {
        return failedFinish(result, `The WebAssembly output did not assemble: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
