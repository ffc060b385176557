// The homepage's synthetic feed: every record is the engine's decision on a made-up request — the
// same verdict and article the compiler's reference evaluator gives — careless requests without a
// lawful basis are blocked, and they are about 3% of the feed.
import { decideRequest } from '@bytebound/compiler/evaluate';
import type { Policy } from '@bytebound/compiler/policy-model';
import { afterEach, expect, it, vi } from 'vitest';
import policy from '../data/gdpr-policy.json';
import { nextSyntheticDecision } from './synthetic-traffic.ts';

afterEach(() => vi.restoreAllMocks());

/** Math.random answering the given values in turn: careless or not, action, field, then the basis of a request that is not careless. */
function draws(...values: number[]) {
  const spy = vi.spyOn(Math, 'random');
  for (const value of values) spy.mockReturnValueOnce(value);
}

const reference = (action: string, target: string, legalBasis: string) =>
  decideRequest(policy as unknown as Policy, {
    principal: { id: 'synthetic-agent', type: 'agent' },
    action,
    timing: 'pre-action',
    target,
    attributes: { legalBasis, jurisdiction: 'EU', destination: 'internal', consent: legalBasis === 'consent' },
  });

it('allows reading an email with a contract basis, as the reference evaluator does', () => {
  draws(0.9, 0.5, 0.3, 0.5); // not careless, READ, email, a basis (contract)
  const record = nextSyntheticDecision();
  const expected = reference('read', 'personal', 'contract');
  expect(record).toMatchObject({ action: 'READ', field: 'email', exitCode: expected.exitCode, article: expected.article });
  expect(record.exitCode).toBe(0);
});

it('blocks creating a name without a lawful basis, with the article that decided', () => {
  draws(0.001, 0.3, 0.1); // careless: CREATE, name, no basis
  const record = nextSyntheticDecision();
  const expected = reference('create', 'personal', 'none');
  expect(record).toMatchObject({ action: 'CREATE', field: 'name', exitCode: 2, article: expected.article, reason: expected.reasons[0]!.text });
  expect(record.article).toMatch(/^GDPR Art\. /);
});

it('agrees with the reference evaluator on every action, field and basis', () => {
  const actions = { VALIDATE: 'process', CREATE: 'create', READ: 'read', DELETE: 'delete', MODIFY: 'modify' } as const;
  const fields = ['name', 'email', 'company', 'interest'] as const;
  const bases = ['consent', 'contract', 'legitimate-interests'] as const;
  const check = (action: keyof typeof actions, field: (typeof fields)[number], basis: string) => {
    const record = nextSyntheticDecision();
    const target = field === 'company' || field === 'interest' ? 'general' : 'personal';
    const expected = reference(actions[action], target, basis);
    expect({ action: record.action, field: record.field, exitCode: record.exitCode, article: record.article }).toEqual({ action, field, exitCode: expected.exitCode, article: expected.article });
  };
  (Object.keys(actions) as (keyof typeof actions)[]).forEach((action, a) => {
    fields.forEach((field, f) => {
      bases.forEach((basis, b) => {
        draws(0.9, (a + 0.5) / 5, (f + 0.5) / 4, (b + 0.5) / bases.length);
        check(action, field, basis);
      });
    });
  });
  (['VALIDATE', 'CREATE', 'READ', 'MODIFY'] as const).forEach((action, a) => {
    (['name', 'email'] as const).forEach((field, f) => {
      draws(0, (a + 0.5) / 4, (f + 0.5) / 2);
      check(action, field, 'none');
    });
  });
});

it('blocks about 3% of the feed, as the spec says', () => {
  const draws = 20_000;
  let blocked = 0;
  for (let i = 0; i < draws; i++) if (nextSyntheticDecision().exitCode === 2) blocked++;
  // 3% of 20,000 is 600, give or take 24 (one standard deviation).
  expect(blocked).toBeGreaterThan(480);
  expect(blocked).toBeLessThan(720);
});
