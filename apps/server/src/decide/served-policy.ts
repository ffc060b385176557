// A policy the server decides with or keeps must hold text it can sign and store, as a request body
// must (http/json-body.ts): well-formed Unicode, since a signed decision commits to canonical JSON
// (RFC 8785), which has no form for a lone surrogate, and no NUL, which PostgreSQL's text cannot hold.
// The format's escapes (\ud800, \u0000) can write both, so a policy holding either is refused where
// it arrives, saying where, instead of failing when its decision is signed or recorded.
import { parsePolicy } from '@bytebound/compiler/bytebound-format';
import type { Policy } from '@bytebound/compiler/policy-model';
import { isWellFormedText } from '@bytebound/engine/canonical-json';

/** Parses bytebound text (parsePolicy, which checks its digest) and refuses text the server cannot sign or store. */
export function parseServedPolicy(text: string): Policy {
  const policy = parsePolicy(text);
  const problem = unservableText(policy, '');
  if (problem !== null) throw new Error(problem);
  return policy;
}

/** Where (a path such as rules[2].article) a string of `value` holds a lone surrogate or NUL, or null. */
function unservableText(value: unknown, where: string): string | null {
  if (typeof value === 'string') {
    if (!isWellFormedText(value)) return `${where} holds a lone surrogate (an unpaired \\ud800-\\udfff escape): text must be well-formed Unicode`;
    if (value.includes('\0')) return `${where} holds the NUL character (\\u0000), which no text may hold`;
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const problem = unservableText(item, Array.isArray(value) ? `${where}[${key}]` : where === '' ? key : `${where}.${key}`);
    if (problem !== null) return problem;
  }
  return null;
}
