// The bytebound runner: the .bb text is parsed (digest checked) and decided by the reference
// evaluator, as the engine loads it through the compiler's parser.
import { parsePolicy } from '../../src/bytebound-format.ts';
import { decide } from '../../src/evaluate.ts';
import type { CompleteRequest } from '../../src/policy-model.ts';
import type { FormatDecision, FormatRunner } from './types.ts';

export const byteboundRunner: FormatRunner = {
  format: 'bytebound',
  async decideAll(output: string, _policy, requests: CompleteRequest[]): Promise<FormatDecision[]> {
    const policy = parsePolicy(output);
    return requests.map((r) => {
      const { decision, article, applied_policies } = decide(policy, r);
      return { decision, article, applied_policies };
    });
  },
};
