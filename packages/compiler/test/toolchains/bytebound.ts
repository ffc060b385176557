// The bytebound runner: the .bb text is parsed by the compiler's parser (digest checked) and loaded
// and decided by the bytebound engine, exactly as the engine, the CLI and the API run it.
import { decide } from '@bytebound/engine/decide';
import { loadPolicy } from '@bytebound/engine/loaded-policy';
import { parsePolicy } from '../../src/bytebound-format.ts';
import type { CompleteRequest } from '../../src/policy-model.ts';
import type { FormatDecision, FormatRunner } from './types.ts';

export const byteboundRunner: FormatRunner = {
  format: 'bytebound',
  async decideAll(output: string, _policy, requests: CompleteRequest[]): Promise<FormatDecision[]> {
    const loaded = loadPolicy(parsePolicy(output));
    return requests.map((r) => {
      const { decision, article, applied_policies } = decide(loaded, r);
      return { decision, article, applied_policies };
    });
  },
};
