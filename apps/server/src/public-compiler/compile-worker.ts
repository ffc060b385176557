// Inside the compile worker thread: compiles each message it receives and posts the result back,
// and each stage's timing as it completes (so a compile stopped by the timeout names its stage).
// A compile that runs past the synthesis timeout is stopped by terminating this thread.
import { parentPort } from 'node:worker_threads';
import { compile, type CompileInput } from '@bytebound/compiler/compile';

export type CompileJob = { id: number; text: string; input: CompileInput };

parentPort!.on('message', (job: CompileJob) => {
  try {
    const result = compile(job.text, job.input, (done) => parentPort!.postMessage({ id: job.id, done }));
    parentPort!.postMessage({ id: job.id, result });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, crash: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });
