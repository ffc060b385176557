// The homepage's synthetic feed: every record is the engine's decision on a made-up request — the
// same verdict and article the compiler's reference evaluator gives — and careless requests without
// a lawful basis are blocked.
import { decideRequest } from '@bytebound/compiler/evaluate';
import type { Policy } from '@bytebound/compiler/policy-model';
import { afterEach, expect, it, vi } from 'vitest';
import policy from '../data/gdpr-policy.json';
import { nextSyntheticDecision } from './synthetic-traffic.ts';

afterEach(() => vi.restoreAllMocks());

/** Math.random answering the given values in turn: action, field, basis share, basis choice. */
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
  draws(0.5, 0.3, 0.9, 0.5); // READ, email, a basis (contract)
  const record = nextSyntheticDecision();
  const expected = reference('read', 'personal', 'contract');
  expect(record).toMatchObject({ action: 'READ', field: 'email', exitCode: expected.exitCode, article: expected.article });
  expect(record.exitCode).toBe(0);
});

it('blocks creating a name without a lawful basis, with the article that decided', () => {
  draws(0.3, 0.1, 0.001); // CREATE, name, no basis
  const record = nextSyntheticDecision();
  const expected = reference('create', 'personal', 'none');
  expect(record).toMatchObject({ action: 'CREATE', field: 'name', exitCode: 2, article: expected.article, reason: expected.reasons[0]!.text });
  expect(record.article).toMatch(/^GDPR Art\. /);
});

it('agrees with the reference evaluator on every action, field and basis', () => {
  const actions = { VALIDATE: 'process', CREATE: 'create', READ: 'read', DELETE: 'delete', MODIFY: 'modify' } as const;
  const fields = ['name', 'email', 'company', 'interest'] as const;
  const bases = ['consent', 'contract', 'legitimate-interests'] as const;
  Object.keys(actions).forEach((action, a) => {
    fields.forEach((field, f) => {
      [...bases, 'none' as const].forEach((basis, b) => {
        const basisDraws = basis === 'none' ? [0] : [0.9, (b + 0.5) / bases.length];
        draws((a + 0.5) / 5, (f + 0.5) / 4, ...basisDraws);
        const record = nextSyntheticDecision();
        const target = field === 'company' || field === 'interest' ? 'general' : 'personal';
        const expected = reference(actions[action as keyof typeof actions], target, basis);
        expect({ action, field, basis, exitCode: record.exitCode, article: record.article }).toEqual({ action, field, basis, exitCode: expected.exitCode, article: expected.article });
      });
    });
  });
});
