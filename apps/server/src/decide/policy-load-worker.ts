// Inside the policy loader's thread (policy-loader.ts): each message is bytebound text to decide
// with; it is parsed as the server serves it (served-policy.ts), prepared for deciding (its
// candidate tables built) and posted back with its digest and its weight in the policy cache, or
// with why it does not load.
import { parentPort } from 'node:worker_threads';
import { policyDigest } from '@bytebound/compiler/bytebound-format';
import { loadPolicy } from '@bytebound/engine/loaded-policy';
import { type CachedPolicy, policyWeight } from './policy-cache.ts';
import { parseServedPolicy } from './served-policy.ts';

export type PolicyJob = { id: number; text: string };
export type PolicyAnswer = { id: number; policy: CachedPolicy; weight: number } | { id: number; error: string };

parentPort!.on('message', ({ id, text }: PolicyJob) => {
  let answer: PolicyAnswer;
  try {
    const policy = parseServedPolicy(text);
    const prepared: CachedPolicy = { loaded: loadPolicy(policy), digest: policyDigest(policy), rules: policy.rules.length, destinations: policy.destinations };
    answer = { id, policy: prepared, weight: policyWeight(policy) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});
parentPort!.postMessage({ ready: true });
