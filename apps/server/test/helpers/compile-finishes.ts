// What the server hands its compile worker to finish (compile-finish.ts): printing a second format,
// loading a text back and assembling WebAssembly take half a second for a big policy, which must
// not run on the server's own thread; so does loading an arbiter's source. Observed on the
// process's compile pool, which still does the work.
import { vi } from 'vitest';
import type { FinishRequest } from '../../src/public-compiler/compile-finish.ts';
import { compilePool } from '../../src/public-compiler/compile-pool.ts';

/** The finish of each compile the server asks of its worker while `work` runs (undefined: none). */
export async function finishesAsked(work: () => Promise<unknown>): Promise<(FinishRequest | undefined)[]> {
  const pool = compilePool();
  const compileInWorker = pool.compile.bind(pool) as (...args: unknown[]) => ReturnType<typeof pool.compile>;
  const asked: (FinishRequest | undefined)[] = [];
  const spy = vi.spyOn(pool, 'compile').mockImplementation((...args: unknown[]) => {
    asked.push(args[3] as FinishRequest | undefined);
    return compileInWorker(...args);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return asked;
}

/** The texts the server asks its worker to load as arbiters' sources while `work` runs, with the client whose turn each takes. */
export async function loadsAsked(work: () => Promise<unknown>): Promise<{ text: string; client: string }[]> {
  const pool = compilePool();
  const asked: { text: string; client: string }[] = [];
  const spy = vi.spyOn(pool, 'load');
  try {
    await work();
    for (const [text, client] of spy.mock.calls) asked.push({ text, client });
  } finally {
    spy.mockRestore();
  }
  return asked;
}
