// The entry of every worker thread that runs TypeScript (typescript-worker.ts starts them): the
// server runs TypeScript through tsx (or Vitest), and a worker thread starts without either, so
// this registers tsx, then loads the module the thread was started for.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
