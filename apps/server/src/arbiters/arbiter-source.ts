// The bytebound text an arbiter keeps: loaded as the server serves it (served-policy.ts), then kept
// in its canonical print, with its digest and rule count.
import { policyDigest, printPolicy } from '@bytebound/compiler/bytebound-format';
import { parseServedPolicy } from '../decide/served-policy.ts';

export type ArbiterSource = { text: string; digest: string; rules: number };

/** The arbiter's source from bytebound text, or an Error saying why the text does not load. */
export function arbiterSource(text: string): ArbiterSource {
  const policy = parseServedPolicy(text);
  return { text: printPolicy(policy), digest: policyDigest(policy), rules: policy.rules.length };
}

export const doesNotParse = (error: unknown) => `The policy does not parse: ${error instanceof Error ? error.message : String(error)}`;
