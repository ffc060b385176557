import { describe, expect, it } from 'vitest';
import { commit, commitmentKeyPeriod, commitmentMatches, newCommitmentSecret } from './commitments.ts';

describe('keyed commitments', () => {
  const key = { id: 'k1', secret: newCommitmentSecret() };

  it('is HMAC-SHA256 over the field and the value, stable for one key', () => {
    const a = commit(key, 'email', 'ada@example.com');
    expect(a).toEqual(commit(key, 'email', 'ada@example.com'));
    expect(a.value).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(a.key).toBe('k1');
    expect(commit(key, 'phone', 'ada@example.com').value).not.toBe(a.value);
  });

  it('cannot be linked across keys: the same value under another key gives an unrelated commitment', () => {
    const other = { id: 'k2', secret: newCommitmentSecret() };
    expect(commit(other, 'email', 'ada@example.com').value).not.toBe(commit(key, 'email', 'ada@example.com').value);
  });

  it('lets only the key holder test a candidate value', () => {
    const c = commit(key, 'email', 'ada@example.com');
    expect(commitmentMatches(key, c, 'ada@example.com')).toBe(true);
    expect(commitmentMatches(key, c, 'bob@example.com')).toBe(false);
    expect(commitmentMatches({ id: 'k1', secret: newCommitmentSecret() }, c, 'ada@example.com')).toBe(false);
  });

  it('names the month a per-customer key covers, in UTC', () => {
    expect(commitmentKeyPeriod(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(commitmentKeyPeriod(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
  });
});
