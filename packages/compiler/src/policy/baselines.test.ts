// Each regulation's baseline profile decides common agent actions sensibly on its own.
import { describe, expect, it } from 'vitest';
import { decideRequest } from '../evaluate.ts';
import type { RegulationId } from '../policy-model.ts';
import { buildPolicy } from './build-policy.ts';

const cases: [RegulationId, object, 'ALLOW' | 'DENY', string | null][] = [
  ['HIPAA', { action: 'share', timing: 'pre-action', target: 'sensitive', attributes: { legalBasis: 'contract', destination: 'third-party' } }, 'DENY', '45 CFR 164.312(e)'],
  ['HIPAA', { action: 'share', timing: 'pre-action', target: 'sensitive', attributes: { legalBasis: 'contract', destination: 'third-party', encrypted: true } }, 'ALLOW', '45 CFR 164.502(a)'],
  ['HIPAA', { action: 'read', timing: 'pre-action', target: 'sensitive' }, 'DENY', '45 CFR 164.502(a)'],
  ['HIPAA', { action: 'read', timing: 'pre-action', target: 'sensitive', attributes: { explicitConsent: true } }, 'ALLOW', '45 CFR 164.508'],
  ['LGPD', { action: 'share', timing: 'pre-action', target: 'personal', attributes: { consent: true, destination: 'third-country' } }, 'DENY', 'LGPD Art. 33'],
  ['LGPD', { action: 'process', timing: 'pre-action', target: 'personal', attributes: { isChild: true, legalBasis: 'contract' } }, 'DENY', 'LGPD Art. 14'],
  ['PIPL', { action: 'process', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'legitimate-interests' } }, 'DENY', 'PIPL Art. 13'],
  ['PIPL', { action: 'share', timing: 'pre-action', target: 'personal', attributes: { consent: true, destination: 'third-party' } }, 'DENY', 'PIPL Art. 23'],
  ['PIPEDA', { action: 'create', timing: 'pre-action', target: 'personal', attributes: { consent: true } }, 'ALLOW', 'PIPEDA Sch. 1 4.3'],
  ['PIPEDA', { action: 'process', timing: 'pre-action', target: 'sensitive', attributes: { consent: true } }, 'DENY', 'PIPEDA Sch. 1 4.3.6'],
  ['VCDPA', { action: 'process', timing: 'pre-action', target: 'personal', attributes: { optedOut: true } }, 'DENY', 'VCDPA § 59.1-577(A)(5)'],
  ['VCDPA', { action: 'process', timing: 'pre-action', target: 'personal' }, 'ALLOW', 'VCDPA § 59.1-578'],
  ['NY-SHIELD', { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-party' } }, 'DENY', 'NY GBL § 899-bb'],
  ['NY-SHIELD', { action: 'notify', timing: 'scheduled', target: 'personal', attributes: { elapsed: 31 * 86400 } }, 'DENY', 'NY GBL § 899-aa'],
  ['SOX', { action: 'delete', timing: 'pre-action', target: 'financial' }, 'DENY', 'SOX § 802'],
  ['SOX', { action: 'delete', timing: 'scheduled', target: 'general', attributes: { retentionExpired: true } }, 'ALLOW', 'SOX § 802'],
  ['SOX', { action: 'modify', timing: 'pre-action', target: 'general', attributes: { principalRole: 'consumer' } }, 'DENY', 'SOX § 404'],
  ['EU-AI-ACT', { action: 'delete', timing: 'pre-action', target: 'general' }, 'DENY', 'EU AI Act Art. 19'],
  ['EU-AI-ACT', { action: 'process', timing: 'pre-action', target: 'general' }, 'ALLOW', 'EU AI Act Art. 26'],
  ['EU-AI-ACT', { action: 'notify', timing: 'scheduled', target: 'general', attributes: { elapsed: 16 * 86400 } }, 'DENY', 'EU AI Act Art. 73'],
  ['PCI-DSS', { action: 'share', timing: 'pre-action', target: 'financial', attributes: { legalBasis: 'contract', destination: 'third-party' } }, 'DENY', 'PCI DSS Req. 4.2.1'],
  ['PCI-DSS', { action: 'read', timing: 'pre-action', target: 'financial' }, 'DENY', 'PCI DSS Req. 7.2'],
  ['CCPA', { action: 'share', timing: 'pre-action', target: 'personal', attributes: { isChild: true } }, 'DENY', 'CCPA § 1798.120(c)'],
  ['CCPA', { action: 'delete', timing: 'scheduled', target: 'personal', attributes: { subjectRequest: 'erasure', elapsed: 46 * 86400 } }, 'DENY', 'CCPA § 1798.130'],
];

describe('baseline profiles decide on their own', () => {
  it.each(cases)('%s: %j -> %s %s', (regulation, request, decision, article) => {
    const policy = buildPolicy([], { regulations: [regulation], enforcementLevel: 'strict' });
    expect(decideRequest(policy, request)).toMatchObject({ decision, article });
  });

  it('general is covered only by the EU AI Act and SOX', () => {
    for (const regulation of ['GDPR', 'CCPA', 'HIPAA', 'PCI-DSS', 'LGPD', 'PIPEDA', 'PIPL', 'VCDPA', 'NY-SHIELD'] as const) {
      const policy = buildPolicy([], { regulations: [regulation], enforcementLevel: 'strict' });
      expect(decideRequest(policy, { action: 'delete', timing: 'pre-action', target: 'general' })).toMatchObject({ decision: 'ALLOW', article: null });
    }
  });
});
