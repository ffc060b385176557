// Inside the compile worker thread: compiles each message it receives, finishes it as the job asks
// (compile-finish.ts) and posts the result back (or loads bytebound text as an arbiter keeps it), and each stage's timing as it completes (so a
// compile stopped by the timeout names its stage). An output over the job's limit is answered as a
// failed compile: a 1 MB text can compile to 50 MB, which the server's own thread would then copy,
// check and serialise for seconds.
// A compile that runs past the synthesis timeout (its finish included) is stopped by terminating this thread.
import { parentPort } from 'node:worker_threads';
import { compile, type CompileInput, type CompileResult } from '@bytebound/compiler/compile';
import { loadedSource } from '../arbiters/arbiter-source.ts';
import { finishCompile, type FinishRequest } from './compile-finish.ts';
import { outputTooLongFailure } from './compile-pool.ts';

/** `maxOutputChars`: the longest output answered; a longer one is a failed compile saying so (outputTooLong). */
export type CompileJob = { id: number; text: string; input: CompileInput; maxOutputChars: number; finish?: FinishRequest };
/** Bytebound text to load as an arbiter's source (arbiter-source.ts), no compile. */
export type LoadJob = { id: number; load: string };

/** The result as the server answers it: an output over the limit never leaves this thread. */
function bounded(result: CompileResult, max: number): CompileResult {
  return !result.ok || result.output.length <= max ? result : outputTooLongFailure(result.output.length, max, result.stages);
}

parentPort!.on('message', async (job: CompileJob | LoadJob) => {
  try {
    if ('load' in job) {
      parentPort!.postMessage({ id: job.id, loaded: loadedSource(job.load) });
      return;
    }
    const result = bounded(
      compile(job.text, job.input, (done) => parentPort!.postMessage({ id: job.id, done })),
      job.maxOutputChars,
    );
    const answer = job.finish && result.ok ? await finishCompile(result, job.finish, job.maxOutputChars) : result;
    parentPort!.postMessage({ id: job.id, result: answer });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, crash: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });
