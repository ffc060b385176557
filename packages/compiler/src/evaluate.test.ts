import { describe, expect, it } from 'vitest';
import { decide, decideRequest } from './evaluate.ts';
import { buildPolicy } from './policy/build-policy.ts';
import type { Norm, Policy, RegulationId } from './policy-model.ts';
import { completeRequest } from './request.ts';

const policyOf = (regulations: RegulationId[], enforcementLevel: Policy['enforcementLevel'] = 'strict', norms: Norm[] = []) =>
  buildPolicy(norms, { regulations, enforcementLevel });

const gdpr = policyOf(['GDPR']);

describe('decide a GDPR policy', () => {
  it('denies sharing to a third country without safeguards under Art. 44', () => {
    const d = decideRequest(gdpr, { action: 'share', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'consent', destination: 'third-country' } });
    expect(d.decision).toBe('DENY');
    expect(d.exitCode).toBe(2);
    expect(d.article).toBe('GDPR Art. 44');
    expect(d.applied_policies).toEqual(['gdpr-art-44-third-country-transfer']);
  });

  it('allows the same transfer with safeguards and a lawful basis', () => {
    const d = decideRequest(gdpr, { action: 'share', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'contract', destination: 'third-country', safeguards: true } });
    expect(d.decision).toBe('ALLOW');
    expect(d.article).toBe('GDPR Art. 6');
  });

  it('allows processing with a lawful basis locally', () => {
    const d = decideRequest(gdpr, { action: 'process', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'legitimate-interests', destination: 'local' } });
    expect(d).toMatchObject({ decision: 'ALLOW', exitCode: 0, article: 'GDPR Art. 6', applied_policies: ['gdpr-art-6-lawful-basis'] });
  });

  it('names the missing requirement when nothing permits', () => {
    const d = decideRequest(gdpr, { action: 'process', timing: 'pre-action', target: 'personal' });
    expect(d.decision).toBe('DENY');
    expect(d.article).toBe('GDPR Art. 6');
    expect(d.applied_policies).toEqual(['gdpr-art-6-lawful-basis', 'gdpr-art-6-1-a-consent']);
    expect(d.reasons[0]!.text).toMatch(/requirement not met/);
  });

  it('needs an Art. 9(2) condition for special categories even with a lawful basis', () => {
    const base = { action: 'process', timing: 'pre-action', target: ['personal', 'sensitive'] };
    expect(decideRequest(gdpr, { ...base, attributes: { legalBasis: 'contract' } })).toMatchObject({ decision: 'DENY', article: 'GDPR Art. 9' });
    expect(decideRequest(gdpr, { ...base, attributes: { legalBasis: 'contract', explicitConsent: true } }).decision).toBe('ALLOW');
  });

  it('forbids further processing once an erasure is requested', () => {
    const d = decideRequest(gdpr, { action: 'process', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'consent', erasureRequested: true } });
    expect(d).toMatchObject({ decision: 'DENY', article: 'GDPR Art. 17' });
  });

  it('serves a data subject access request at on-request and flags it overdue after a month', () => {
    expect(decideRequest(gdpr, { action: 'read', timing: 'on-request', target: 'personal', attributes: { subjectRequest: 'access' } })).toMatchObject({ decision: 'ALLOW', article: 'GDPR Art. 15' });
    const overdue = { action: 'read', timing: 'scheduled', target: 'personal', attributes: { subjectRequest: 'access', legalBasis: 'legal-obligation' } };
    expect(decideRequest(gdpr, { ...overdue, attributes: { ...overdue.attributes, elapsed: 29 * 86400 } }).decision).toBe('ALLOW');
    expect(decideRequest(gdpr, { ...overdue, attributes: { ...overdue.attributes, elapsed: 31 * 86400 } })).toMatchObject({ decision: 'DENY', article: 'GDPR Art. 12(3)' });
  });

  it('allows a target no loaded regulation covers, with no article', () => {
    const d = decideRequest(gdpr, { action: 'delete', timing: 'pre-action', target: 'general' });
    expect(d).toMatchObject({ decision: 'ALLOW', article: null, applied_policies: [] });
    expect(d.reasons[0]!.text).toBe('no applicable regulation restricts this');
  });

  it('applies only the regulations of the request jurisdiction', () => {
    const both = policyOf(['GDPR', 'CCPA']);
    const sale = { action: 'share', timing: 'pre-action', target: 'personal', attributes: { optedOut: true, legalBasis: 'consent', destination: 'third-party' } };
    expect(decideRequest(both, { ...sale, attributes: { ...sale.attributes, jurisdiction: 'EU' } }).decision).toBe('ALLOW');
    expect(decideRequest(both, { ...sale, attributes: { ...sale.attributes, jurisdiction: 'US-CA' } })).toMatchObject({ decision: 'DENY', article: 'CCPA § 1798.120' });
    // US contains US-CA: a California request is under SOX too, and a US request is not under CCPA
    const us = policyOf(['CCPA', 'SOX']);
    expect(decideRequest(us, { ...sale, attributes: { ...sale.attributes, jurisdiction: 'US' } })).toMatchObject({ decision: 'ALLOW', article: null });
  });
});

describe('CCPA, PCI DSS and enforcement levels', () => {
  it('denies a sale after the consumer opted out and allows it before', () => {
    const ccpa = policyOf(['CCPA']);
    expect(decideRequest(ccpa, { action: 'share', timing: 'pre-action', target: 'personal', attributes: { optedOut: true } })).toMatchObject({ decision: 'DENY', article: 'CCPA § 1798.120' });
    expect(decideRequest(ccpa, { action: 'share', timing: 'pre-action', target: 'personal' })).toMatchObject({ decision: 'ALLOW', article: 'CCPA § 1798.100' });
  });

  it('never stores card data after authorization unless masked, and a PAN only encrypted', () => {
    const pci = policyOf(['PCI-DSS']);
    const store = { action: 'create', target: 'financial', attributes: { legalBasis: 'contract', encrypted: true } };
    expect(decideRequest(pci, { ...store, timing: 'post-action' })).toMatchObject({ decision: 'DENY', article: 'PCI DSS Req. 3.3.1' });
    expect(decideRequest(pci, { ...store, timing: 'pre-action' }).decision).toBe('ALLOW');
    expect(decideRequest(pci, { ...store, timing: 'pre-action', attributes: { legalBasis: 'contract' } })).toMatchObject({ decision: 'DENY', article: 'PCI DSS Req. 3.5.1' });
  });

  it('denies an undefined scenario under strict and allows it with a warning under moderate', () => {
    const norms: Norm[] = [];
    const strict = policyOf(['HIPAA'], 'strict', norms);
    const request = { action: 'notify', timing: 'prompt-submit', target: 'personal' };
    // HIPAA covers sensitive only: personal is not restricted
    expect(decideRequest(strict, request).decision).toBe('ALLOW');
    const aiAct = policyOf(['EU-AI-ACT'], 'strict');
    const undefinedScenario = { action: 'modify', timing: 'on-request', target: 'general' };
    expect(decideRequest(aiAct, undefinedScenario)).toMatchObject({ decision: 'DENY', article: null, reasons: [{ text: 'undefined scenario: default deny' }] });
    const moderate = policyOf(['EU-AI-ACT'], 'moderate');
    expect(decideRequest(moderate, undefinedScenario).decision).toBe('ALLOW');
  });

  it('lets only forbids deny under permissive', () => {
    const permissive = policyOf(['GDPR'], 'permissive');
    expect(decideRequest(permissive, { action: 'process', timing: 'pre-action', target: 'personal' })).toMatchObject({ decision: 'ALLOW', article: 'GDPR Art. 6' });
    expect(decideRequest(permissive, { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country' } }).decision).toBe('DENY');
  });
});

describe('several targets and malformed requests', () => {
  it('denies when any target is denied, with only the denied targets reasons', () => {
    const policy = policyOf(['GDPR', 'PCI-DSS']);
    const d = decideRequest(policy, { action: 'create', timing: 'pre-action', target: ['personal', 'financial'], attributes: { legalBasis: 'contract' } });
    expect(d).toMatchObject({ decision: 'DENY', article: 'PCI DSS Req. 3.5.1', applied_policies: ['pci-dss-req-3-5-1-pan-unreadable'] });
  });

  it.each([
    [{ action: 'exfiltrate', timing: 'pre-action', target: 'personal' }, /action is not one of create, read, /],
    [{ action: 42, timing: 'pre-action', target: 'personal' }, /action must be one of create, read, .*, not a number$/],
    [{ timing: 'pre-action', target: 'personal' }, /action is missing: it must be one of create, /],
    [{ action: 'read', timing: 'later', target: 'personal' }, /timing is not one of /],
    [{ action: 'read', timing: 'pre-action', target: [] }, /at least one target/],
    [{ action: 'read', timing: 'pre-action', target: 'personal', attributes: { legalBasis: 'because' } }, /legalBasis is not one of /],
    [{ action: 'read', timing: 'pre-action', target: 'personal', attributes: { mood: 'good' } }, /unknown attribute 'mood'/],
    [{ action: 'read', timing: 'pre-action', target: 'personal', attributes: { 'jane.doe@example.com': true } }, /an attribute name outside the vocabulary$/],
    [{ action: 'read', timing: 'pre-action', target: 'personal', attributes: { elapsed: -1 } }, /elapsed must be a finite number >= 0$/],
    [{ action: 'read', timing: 'pre-action', target: 'personal', attributes: { consent: 'yes' } }, /consent must be true or false, not a string$/],
    ['share everything', /must be a JSON object/],
    [{ action: 'read', timing: 'pre-action', target: 'personal', principal: ['agent-7'] }, /principal must be an object, not a list$/],
    [{ action: 'read', timing: 'pre-action', target: 'personal', principal: { id: 7 } }, /principal.id must be a string, not a number$/],
    [{ action: 'read', timing: 'pre-action', target: 'personal', resource: 'customers.csv' }, /resource must be an object, not a string$/],
    [{ action: 'read', timing: 'pre-action', target: 'personal', attributes: [] }, /attributes must be an object, not a list$/],
  ])('denies the malformed request %j without consulting rules', (request, message) => {
    const d = decideRequest(gdpr, request);
    expect(d.decision).toBe('DENY');
    expect(d.exitCode).toBe(2);
    expect(d.applied_policies).toEqual([]);
    expect(d.reasons[0]!.text).toMatch(/^malformed request: /);
    expect(d.reasons[0]!.text).toMatch(message);
  });

  it('denies a deeply nested value without walking it', () => {
    const deep = JSON.parse('['.repeat(20_000) + ']'.repeat(20_000)) as unknown;
    for (const request of [{ action: deep, timing: 'pre-action', target: 'personal' }, { action: 'read', timing: 'pre-action', target: 'personal', attributes: { legalBasis: deep } }]) {
      expect(decideRequest(gdpr, request).reasons[0]!.text).toMatch(/^malformed request: .* must be one of .*, not a list$/);
    }
  });

  it('never repeats a value of the request in the reason (it is signed into the log, where no request value may appear)', () => {
    const personal = ['jane.doe@example.com', 'Jane Doe', '+49 30 1234567'];
    for (const value of personal) {
      for (const request of [
        { action: value, timing: 'pre-action', target: 'personal' },
        { action: 'read', timing: value, target: 'personal' },
        { action: 'read', timing: 'pre-action', target: ['personal', value] },
        { action: 'read', timing: 'pre-action', target: 'personal', attributes: { legalBasis: value } },
        { action: 'read', timing: 'pre-action', target: 'personal', attributes: { consent: value } },
        { action: 'read', timing: 'pre-action', target: 'personal', attributes: { [value]: true } },
        { action: 'read', timing: 'pre-action', target: 'personal', principal: value },
        { action: 'read', timing: 'pre-action', target: 'personal', resource: value },
      ]) {
        const text = decideRequest(gdpr, request).reasons[0]!.text;
        expect(text).toMatch(/^malformed request: /);
        expect(text).not.toContain(value);
      }
    }
  });

  it('completes defaults and removes duplicate targets, keeping order', () => {
    const r = completeRequest({ action: 'read', timing: 'pre-action', target: ['sensitive', 'personal', 'sensitive'] });
    expect(r.ok && r.request.targets).toEqual(['sensitive', 'personal']);
    expect(r.ok && r.request.attributes).toMatchObject({ principalRole: 'agent', legalBasis: 'none', destination: 'third-party', elapsed: 0, consent: false });
    expect(r.ok && 'jurisdiction' in r.request.attributes).toBe(false);
    const described = { action: 'read', timing: 'pre-action', target: 'personal', principal: { id: 'agent-7', type: 'agent' }, resource: { host: 'api.example.com' } };
    expect(completeRequest(described).ok).toBe(true);
    expect(completeRequest({ ...described, principal: null, resource: null, attributes: null }).ok).toBe(true);
  });

  it('fails secure on a policy that cannot be evaluated', () => {
    const broken = { ...gdpr, regulations: null } as unknown as Policy;
    const d = decideRequest(broken, { action: 'read', timing: 'pre-action', target: 'personal' });
    expect(d.decision).toBe('DENY');
    expect(d.reasons[0]!.text).toMatch(/^evaluation failed/);
  });
});

describe('reasons order', () => {
  it('orders reasons by priority then policy order, each rule once across targets', () => {
    const policy = policyOf(['GDPR']);
    const r = completeRequest({ action: 'share', timing: 'pre-action', target: ['personal', 'sensitive'], attributes: { destination: 'third-country', erasureRequested: true } });
    if (!r.ok) throw new Error(r.error);
    const d = decide(policy, r.request);
    expect(d.applied_policies).toEqual(['gdpr-art-44-third-country-transfer', 'gdpr-art-9-special-categories', 'gdpr-art-17-erasure-pending']);
    expect(d.reasons.map((x) => x.priority)).toEqual([95, 90, 85]);
  });
});
