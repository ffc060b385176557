// The recorder thread's entry (recorder-thread.ts): the server runs TypeScript through tsx (or
// Vitest), and a worker thread starts without either, so it registers tsx before loading the
// TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./recorder-worker.ts');
