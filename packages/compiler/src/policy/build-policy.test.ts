import { describe, expect, it } from 'vitest';
import { decideRequest } from '../evaluate.ts';
import { OPCODE_COUNT, type Norm, type RegulationId } from '../policy-model.ts';
import { REGULATION_PROFILES } from './baselines.ts';
import { buildPolicy } from './build-policy.ts';
import { mapCondition, mapExceptions } from './conditions.ts';
import { deadlineSeconds } from './durations.ts';
import { optimizePolicy } from './optimize.ts';

const norm = (over: Partial<Norm> & Pick<Norm, 'modality' | 'action' | 'target'>, article = 'GDPR Art. 17(1)', regulation: RegulationId = 'GDPR'): Norm => ({
  subject: 'controller',
  deadline: null,
  condition: null,
  exceptions: [],
  source: { regulation, article, quote: 'The controller shall erase personal data without undue delay.', span: [0, 10] },
  ...over,
});

describe('norms to rules', () => {
  it('an erasure obligation permits deletion, is overdue after a month, and forbids further processing', () => {
    const policy = buildPolicy([norm({ modality: 'obligation', action: 'delete', target: 'personal', deadline: 'without undue delay' })], { enforcementLevel: 'strict' });
    const ids = policy.rules.filter((r) => r.origin === 'text').map((r) => r.id);
    expect(ids).toEqual(['gdpr-art-17-1-requires-delete-personal', 'gdpr-art-17-1-delete-overdue-personal', 'gdpr-art-17-1-erasure-pending-personal']);
    const scheduled = (elapsed: number) => decideRequest(policy, { action: 'delete', timing: 'scheduled', target: 'personal', attributes: { elapsed } });
    expect(scheduled(29 * 86400).decision).toBe('ALLOW');
    expect(scheduled(31 * 86400)).toMatchObject({ decision: 'DENY', article: 'GDPR Art. 17(1)', applied_policies: ['gdpr-art-17-1-delete-overdue-personal'] });
    expect(decideRequest(policy, { action: 'share', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'consent', erasureRequested: true } }).decision).toBe('DENY');
  });

  it('a prohibition forbids under its condition and its exception lifts the forbid, never a permit that loses', () => {
    const ban = norm(
      { modality: 'prohibition', action: 'share', target: 'personal', condition: 'to a third country', exceptions: ['where the transfer is covered by an adequacy decision'] },
      'GDPR Art. 45',
    );
    const policy = buildPolicy([ban], { enforcementLevel: 'strict' });
    const rule = policy.rules.find((r) => r.id === 'gdpr-art-45-prohibits-share-personal')!;
    expect(rule).toMatchObject({ effect: 'forbid', when: [{ attribute: 'destination', in: ['third-country'] }], unless: [{ attribute: 'safeguards', equals: true }] });
    expect(policy.rules.filter((r) => r.origin === 'text' && r.effect === 'permit')).toEqual([]);
  });

  it('keeps conditions it cannot map for review instead of dropping them', () => {
    const p = norm({ modality: 'permission', action: 'process', target: 'personal', condition: 'for archiving purposes in the public interest; or for the moon phase' }, 'GDPR Art. 89');
    const policy = buildPolicy([p], { enforcementLevel: 'strict' });
    const rule = policy.rules.find((r) => r.origin === 'text')!;
    expect(rule.when).toEqual([{ attribute: 'legalBasis', in: ['public-task'] }]);
    expect(rule.review).toEqual(['condition not mapped to the vocabulary: for the moon phase']);
  });

  it('a right permits the data subject at on-request and the controller serving that request', () => {
    const right = norm({ modality: 'right', subject: 'data subject', action: 'read', target: 'personal', deadline: 'P1M' }, 'GDPR Art. 15(1)');
    right.source.quote = 'The data subject shall have the right to obtain access to the personal data.';
    const policy = buildPolicy([right], { enforcementLevel: 'strict' });
    expect(decideRequest(policy, { action: 'read', timing: 'on-request', target: 'personal', attributes: { principalRole: 'data-subject' } })).toMatchObject({
      decision: 'ALLOW',
      article: 'GDPR Art. 15(1)',
    });
    expect(decideRequest(policy, { action: 'read', timing: 'scheduled', target: 'personal', attributes: { subjectRequest: 'access', elapsed: 40 * 86400 } }).decision).toBe('DENY');
  });

  it('gives stable, unique ids and the same policy for the same norms', () => {
    const second = norm({ modality: 'permission', action: 'read', target: 'personal' });
    second.source = { ...second.source, quote: 'The controller may also read personal data.' };
    const norms = [norm({ modality: 'permission', action: 'read', target: 'personal' }), second, norm({ modality: 'permission', action: 'read', target: 'personal' })];
    const a = buildPolicy(norms, { enforcementLevel: 'strict' });
    // the repeated provision gives its rule once
    expect(a.rules.filter((r) => r.origin === 'text').map((r) => r.id)).toEqual(['gdpr-art-17-1-permits-read-personal', 'gdpr-art-17-1-permits-read-personal-2']);
    expect(a).toEqual(buildPolicy(norms, { enforcementLevel: 'strict' }));
    const ids = a.rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('gdpr-art-17-1-permits-read-personal-2');
  });

  it('loads the jurisdiction default when nothing names a regulation', () => {
    expect(buildPolicy([], { enforcementLevel: 'strict', jurisdiction: null }).regulations).toEqual([{ id: 'SOX', jurisdiction: 'US', covers: ['financial', 'general'] }]);
    expect(buildPolicy([], { enforcementLevel: 'strict', jurisdiction: 'BR' }).regulations[0]!.id).toBe('LGPD');
  });
});

describe('baseline profiles', () => {
  it('every baseline rule has a unique id, opcodes inside 0..167 and a covered target; general only for EU AI Act and SOX', () => {
    const ids = new Set<string>();
    for (const profile of Object.values(REGULATION_PROFILES)) {
      expect(profile.covers.includes('general')).toBe(profile.id === 'EU-AI-ACT' || profile.id === 'SOX');
      for (const r of profile.rules) {
        expect(ids.has(r.id)).toBe(false);
        ids.add(r.id);
        expect(r.opcodes.length).toBeGreaterThan(0);
        expect(r.opcodes.every((o) => o >= 0 && o < OPCODE_COUNT)).toBe(true);
      }
    }
  });

  it('optimizing drops dead rules, merges twins and orders by priority without changing decisions', () => {
    const dead = norm({ modality: 'permission', action: 'read', target: 'general' });
    const policy = buildPolicy([dead], { enforcementLevel: 'strict' });
    const max = optimizePolicy(policy, 'maximum');
    expect(max.rules.some((r) => r.id.startsWith('gdpr-art-17-1-permits-read-general'))).toBe(false);
    const priorities = max.rules.map((r) => r.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    const request = { action: 'share', timing: 'pre-action', target: ['personal', 'sensitive'], attributes: { destination: 'third-country' } };
    expect(decideRequest(max, request)).toEqual(decideRequest(policy, request));
  });
});

describe('conditions and deadlines', () => {
  it('reads negations and alternatives', () => {
    expect(mapCondition('transferred to a third country without appropriate safeguards').alternatives).toEqual([
      [{ attribute: 'safeguards', equals: false }, { attribute: 'destination', in: ['third-country'] }],
    ]);
    expect(mapCondition('where (a) the data subject withdraws consent; (b) the data subject objects').alternatives).toEqual([
      [{ attribute: 'consent', equals: false }],
      [{ attribute: 'subjectRequest', in: ['objection'] }],
    ]);
    const combined = mapExceptions(['the data subject gave consent and the data are encrypted']);
    expect(combined.unless).toEqual([]);
    expect(combined.review[0]).toMatch(/combined conditions not applied/);
  });

  it('counts P1M as 30 days and without undue delay as P1M', () => {
    expect(deadlineSeconds('PT72H')).toBe(259200);
    expect(deadlineSeconds('P1M')).toBe(2592000);
    expect(deadlineSeconds('without undue delay')).toBe(2592000);
    expect(deadlineSeconds('P45D')).toBe(45 * 86400);
    expect(deadlineSeconds('soon')).toBeNull();
  });
});

describe('sha256', () => {
  it('the portable implementation matches the built-in one', async () => {
    const { sha256Hex, sha256Portable } = await import('./sha256.ts');
    for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(64), 'é\u2028😀\ud800'.repeat(300)]) expect(sha256Portable(text)).toBe(sha256Hex(text));
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
