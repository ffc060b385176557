// Inside the compile worker thread: compiles each message it receives and posts the result back.
// A compile that runs past the synthesis timeout is stopped by terminating this thread.
import { parentPort } from 'node:worker_threads';
import { compile, type CompileInput } from '@bytebound/compiler/compile';

export type CompileJob = { id: number; text: string; input: CompileInput };

parentPort!.on('message', (job: CompileJob) => {
  try {
    parentPort!.postMessage({ id: job.id, result: compile(job.text, job.input) });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, crash: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });
