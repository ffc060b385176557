// The bytebound text an arbiter keeps: loaded as the server serves it (served-policy.ts), then kept
// in its canonical print, with its digest and rule count. Loaded in the compile worker (1.5 MB of
// text takes about a tenth of a second, which would hold every other request on the server's thread).
import { policyDigest, printPolicy } from '@bytebound/compiler/bytebound-format';
import { parseServedPolicy } from '../decide/served-policy.ts';

export type ArbiterSource = { text: string; digest: string; rules: number };

/** Why a text does not load as an arbiter's source. */
export type NotLoaded = { error: string };

/** The arbiter's source from bytebound text, or why the text does not load. */
export function loadedSource(text: string): ArbiterSource | NotLoaded {
  try {
    const policy = parseServedPolicy(text);
    return { text: printPolicy(policy), digest: policyDigest(policy), rules: policy.rules.length };
  } catch (error) {
    return { error: `The policy does not parse: ${error instanceof Error ? error.message : String(error)}` };
  }
}
