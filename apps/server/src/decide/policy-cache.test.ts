// The policy cache: a policy is loaded once per key and the least recently used one leaves first,
// beyond its number of entries or its size.
import { buildPolicy } from '@bytebound/compiler/policy/build-policy';
import { describe, expect, it } from 'vitest';
import { PolicyCache } from './policy-cache.ts';

const policy = buildPolicy([], { enforcementLevel: 'strict', regulations: ['GDPR'] });

describe('PolicyCache', () => {
  it('loads a policy once per key and evicts the least recently used beyond its capacity', () => {
    const cache = new PolicyCache(2);
    let sourced = 0;
    const source = () => {
      sourced++;
      return { policy, digest: 'sha256:x' };
    };
    const a = cache.get('a', source);
    expect(cache.get('a', source)).toBe(a);
    cache.get('b', source);
    cache.get('a', source); // a is now the most recently used
    cache.get('c', source); // evicts b
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe(a);
    expect(sourced).toBe(3);
    expect(cache.loads).toBe(3);
  });

  it('bounds the policies it keeps by size as well, and answers a policy larger than the whole cache without keeping it', () => {
    const weight = JSON.stringify(policy).length;
    const cache = new PolicyCache(100, weight * 2);
    const source = () => ({ policy, digest: 'sha256:x' });
    cache.get('a', source);
    cache.get('b', source);
    expect(cache.characters).toBe(weight * 2);
    cache.get('a', source); // a is now the most recently used
    cache.get('c', source); // evicts b: three would weigh more than the bound
    expect(cache.size).toBe(2);
    expect(cache.characters).toBe(weight * 2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBeDefined();

    const small = new PolicyCache(100, weight - 1);
    const answered = small.get('big', source);
    expect(answered.rules).toBe(policy.rules.length);
    expect(small.size).toBe(0);
    expect(small.characters).toBe(0);
  });
});
