// A thread module for the turn-thread tests (turn-thread.ts): each job says what the thread does
// with it: answer it (with the thread's id), report progress then take longer than any test's
// timeout, or exit. Loaded as `turn-thread-jobs.ts?fail`, it throws as it loads, as a thread that
// cannot start does.
import { parentPort, threadId } from 'node:worker_threads';

export type Job = { id: number; client: string; does: 'answer' | 'progress then hang' | 'exit' };
export type Answer = { id: number; client: string; thread: number };

if (new URL(import.meta.url).search === '?fail') throw new Error('this thread does not start');

parentPort!.on('message', (job: Job) => {
  if (job.does === 'exit') process.exit(3);
  if (job.does === 'progress then hang') {
    parentPort!.postMessage({ id: job.id, progress: 'first' });
    parentPort!.postMessage({ id: job.id, progress: 'second' });
    return;
  }
  parentPort!.postMessage({ id: job.id, client: job.client, thread: threadId });
});
parentPort!.postMessage({ ready: true });
