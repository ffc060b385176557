// Inside the compile worker thread: compiles each message it receives, finishes it as the job asks
// (compile-finish.ts) and posts the result back (or loads bytebound text as an arbiter keeps it), and each stage's timing as it completes (so a
// compile stopped by the timeout names its stage). An output over the job's limit is answered as a
// failed compile: a 1 MB text can compile to 50 MB, which the server's own thread would then copy,
// check and serialise for seconds.
// A compile that runs past the synthesis timeout (its finish included) is stopped by terminating this thread.
import { parentPort } from 'node:worker_threads';
import { compile, type CompileInput, type CompileResult } from '@bytebound/compiler/compile';
import { type ArbiterSource, loadedSource, type NotLoaded } from '../arbiters/arbiter-source.ts';
import { finishCompile, type FinishRequest } from './compile-finish.ts';
import { outputTooLongFailure } from './compile-pool.ts';

/** `maxOutputChars`: the longest output answered; a longer one is a failed compile saying so (outputTooLong). */
export type CompileJob = { id: number; text: string; input: CompileInput; maxOutputChars: number; finish?: FinishRequest };
/** Bytebound text to load as an arbiter's source (arbiter-source.ts), no compile. */
export type LoadJob = { id: number; load: string };
/** What the thread answers a job: a compile's result, a load's source, or the error it threw. */
export type CompileAnswer = { id: number; result: CompileResult } | { id: number; loaded: ArbiterSource | NotLoaded } | { id: number; crash: string };

/** The result as the server answers it: an output over the limit never leaves this thread. */
function bounded(result: CompileResult, max: number): CompileResult {
  return !result.ok || result.output.length <= max ? result : outputTooLongFailure(result.output.length, max, result.stages);
}

const answer = (message: CompileAnswer) => parentPort!.postMessage(message);

parentPort!.on('message', async (job: CompileJob | LoadJob) => {
  try {
    if ('load' in job) {
      answer({ id: job.id, loaded: loadedSource(job.load) });
      return;
    }
    const result = bounded(
      // Each stage's timing as progress (turn-thread.ts): a compile stopped at the timeout names its stage.
      compile(job.text, job.input, (done) => parentPort!.postMessage({ id: job.id, progress: done })),
      job.maxOutputChars,
    );
    answer({ id: job.id, result: job.finish && result.ok ? await finishCompile(result, job.finish, job.maxOutputChars) : result });
  } catch (error) {
    answer({ id: job.id, crash: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });
