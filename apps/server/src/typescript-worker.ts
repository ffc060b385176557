// Worker threads that run a TypeScript module (the compile worker, the recorder thread).
import { Worker } from 'node:worker_threads';

const ENTRY = new URL('./typescript-worker.mjs', import.meta.url);

/** Starts a thread running `module` (a .ts file's URL); the module reads `data` as its workerData. */
export function startTypeScriptWorker(module: URL, data: Record<string, unknown> = {}): Worker {
  return new Worker(ENTRY, { workerData: { ...data, entry: module.href } });
}
