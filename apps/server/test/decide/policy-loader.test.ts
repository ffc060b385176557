// The policy loader parses and prepares bytebound text in a thread of its own, so that the
// server's thread answers other requests meanwhile: what it prepares decides as a policy loaded in
// process does, a text that does not load says why, loads take turns by client, and a load past
// the timeout is stopped while the next load gets a new thread.
import { policyDigest, printPolicy } from '@bytebound/compiler/bytebound-format';
import { decideRequest } from '@bytebound/compiler/evaluate';
import { completeRequest } from '@bytebound/compiler/request';
import { decide } from '@bytebound/engine/decide';
import { afterAll, describe, expect, it } from 'vitest';
import { builtInArbiter, builtInPolicy } from '../../src/arbiters/built-in-arbiters.ts';
import { policyWeight } from '../../src/decide/policy-cache.ts';
import { PolicyLoader } from '../../src/decide/policy-loader.ts';

const loader = new PolicyLoader();
afterAll(() => loader.close());

const gdpr = builtInPolicy(builtInArbiter('gdpr')!);
const requests = [
  { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } },
  { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent', safeguards: true } },
  { action: 'read', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'contract' } },
] as const;

describe('the policy loader', () => {
  it('prepares a policy in its thread that decides as the reference evaluator does, with its digest and cache weight', async () => {
    await loader.warm();
    expect(loader.answered).toBe(0);
    const { policy, weight } = await loader.load(printPolicy(gdpr), 'a');
    expect(policy).toMatchObject({ digest: policyDigest(gdpr), rules: gdpr.rules.length, destinations: gdpr.destinations });
    expect(weight).toBe(policyWeight(gdpr));
    for (const request of requests) {
      const expected = decideRequest(gdpr, request);
      const completed = completeRequest(request);
      if (!completed.ok) throw new Error(completed.error);
      expect(decide(policy.loaded, completed.request)).toMatchObject({ decision: expected.decision, article: expected.article, applied_policies: expected.applied_policies });
    }
  });

  it('says why a text does not load', async () => {
    await expect(loader.load('bytebound 1\nthis is not a policy', 'a')).rejects.toThrow(/^line 2, column 1: expected 'digest'/);
    const altered = printPolicy(gdpr).replace('GDPR Art. 44', 'GDPR Art. 45');
    await expect(loader.load(altered, 'a')).rejects.toThrow(/the digest does not match the policy body/);
  });

  it('takes loads in turns by client: one client sending many does not hold the others back', async () => {
    const text = printPolicy(gdpr);
    const finished: string[] = [];
    const loadFor = (name: string, client: string) => loader.load(text, client).then(() => finished.push(name));
    // a1 runs at once, a2 is next in line, b's load comes before a3.
    await Promise.all([loadFor('a1', 'a'), loadFor('a2', 'a'), loadFor('a3', 'a'), loadFor('b1', 'b')]);
    expect(finished).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  it('stops a load past the timeout, and loads the next in a new thread', async () => {
    const slow = new PolicyLoader(5);
    try {
      // Thirty copies of a policy: no machine parses them in 5 ms.
      const many = Array.from({ length: 30 }, () => printPolicy(gdpr)).join('\n');
      await expect(slow.load(many, 'a')).rejects.toThrow('loading the policy stopped: it ran longer than 5 ms');
      slow.timeoutMs = 60_000;
      const { policy } = await slow.load(printPolicy(gdpr), 'a');
      expect(policy.digest).toBe(policyDigest(gdpr));
      expect(slow.answered).toBe(1);
    } finally {
      await slow.close();
    }
    await expect(slow.load(printPolicy(gdpr), 'a')).rejects.toThrow('the server is closing');
  }, 60_000);
});
