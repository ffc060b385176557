// The JavaScript runner: Node imports the emitted module from a temporary file and calls decide
// for every request of the batch (one import per batch).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompleteRequest, Decision } from '../../src/policy-model.ts';
import { scratchDir } from './run-tool.ts';
import type { FormatDecision, FormatRunner } from './types.ts';

type Module = { decide: (request: CompleteRequest) => Decision & { trace?: unknown } };

/** Imports emitted JavaScript as Node would load the .js file a user downloads. */
export async function importEmitted<T = Module>(output: string): Promise<T> {
  const { dir, cleanup } = scratchDir('javascript');
  try {
    const file = path.join(dir, 'policy.mjs');
    fs.writeFileSync(file, output);
    return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as T;
  } finally {
    cleanup();
  }
}

export const javascriptRunner: FormatRunner = {
  format: 'javascript',
  async decideAll(output: string, _policy, requests: CompleteRequest[]): Promise<FormatDecision[]> {
    const { decide } = await importEmitted(output);
    return requests.map((r) => {
      const { decision, article, applied_policies } = decide(structuredClone(r));
      return { decision, article, applied_policies };
    });
  },
};
