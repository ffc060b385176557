// The baseline profile of each regulation (DESIGN section 3): its jurisdiction, the targets it
// covers and its core requirements and prohibitions, so that compiling a single article still
// decides sensibly. A requirement ("X needs C") is a permit of X under C carrying its article, so a
// denial names what was missing; a prohibition is a forbid whose exceptions are `unless` conditions.
import type {
  Action,
  BooleanAttribute,
  Condition,
  Effect,
  Jurisdiction,
  LegalBasis,
  RegulationId,
  Rule,
  SubjectRequest,
  Target,
  Timing,
} from '../policy-model.ts';
import { DAYS, HOURS } from './durations.ts';
import { PROCESSING_TIMINGS, opcodes } from './opcodes.ts';

export type RegulationProfile = {
  id: RegulationId;
  name: string;
  jurisdiction: Jurisdiction;
  covers: Target[];
  rules: Rule[];
};

type Spec = {
  id: string;
  effect: Effect;
  actions: readonly Action[];
  timings: readonly Timing[];
  targets?: readonly Target[];
  when?: Condition[];
  unless?: Condition[];
  priority: number;
  article: string;
  reason: string;
  review?: string[];
};

const LAWFUL_BASES: LegalBasis[] = ['consent', 'contract', 'legal-obligation', 'vital-interests', 'public-task', 'legitimate-interests'];
const PROCESSING: Action[] = ['create', 'read', 'modify', 'share', 'process'];
const ALL_ACTIONS: Action[] = ['create', 'read', 'modify', 'delete', 'share', 'process', 'notify'];
const ON_REQUEST: Timing[] = ['on-request'];
const SCHEDULED: Timing[] = ['scheduled'];
const ACTIVE_REQUESTS: SubjectRequest[] = ['access', 'rectification', 'erasure', 'portability', 'objection', 'restriction', 'opt-out'];

const is = (attribute: BooleanAttribute, value: boolean): Condition => ({ attribute, equals: value });
const among = (attribute: 'principalRole' | 'legalBasis' | 'destination' | 'subjectRequest' | 'jurisdiction', values: string[]): Condition => ({
  attribute,
  in: values,
});
const after = (seconds: number): Condition => ({ attribute: 'elapsed', greaterThan: seconds });

function profile(id: RegulationId, name: string, jurisdiction: Jurisdiction, covers: Target[], specs: Spec[]): RegulationProfile {
  const rules = specs.map(
    (s): Rule => ({
      id: s.id,
      effect: s.effect,
      regulation: id,
      opcodes: opcodes(s.actions, s.timings, s.targets ?? covers),
      when: s.when ?? [],
      unless: s.unless ?? [],
      priority: s.priority,
      article: s.article,
      reason: s.reason,
      quote: '',
      review: s.review ?? [],
      origin: 'baseline',
    }),
  );
  return { id, name, jurisdiction, covers, rules };
}

/** Rights served at `on-request`: the action answering each kind of request. */
function rights(prefix: string, cite: (n: string) => string, map: [string, Action[], SubjectRequest[], string][]): Spec[] {
  return map.map(([n, actions, requests, what]) => ({
    id: `${prefix}-${n.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-right`,
    effect: 'permit',
    actions,
    timings: ON_REQUEST,
    when: [among('subjectRequest', requests)],
    priority: 60,
    article: cite(n),
    reason: `the ${what} request may be served`,
  }));
}

const GDPR = profile('GDPR', 'General Data Protection Regulation', 'EU', ['personal', 'sensitive'], [
  { id: 'gdpr-art-44-third-country-transfer', effect: 'forbid', actions: ['share'], timings: PROCESSING_TIMINGS, when: [among('destination', ['third-country'])], unless: [is('safeguards', true)], priority: 95, article: 'GDPR Art. 44', reason: 'transfer to a third country without adequacy or appropriate safeguards' },
  { id: 'gdpr-art-9-special-categories', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, targets: ['sensitive'], unless: [is('explicitConsent', true), among('legalBasis', ['legal-obligation', 'vital-interests', 'public-task'])], priority: 90, article: 'GDPR Art. 9', reason: 'special categories of personal data need an Art. 9(2) condition (explicit consent, employment or social protection law, vital interests, substantial public interest)' },
  { id: 'gdpr-art-12-3-response-overdue', effect: 'forbid', actions: ALL_ACTIONS, timings: SCHEDULED, when: [among('subjectRequest', ACTIVE_REQUESTS), after(DAYS(30))], priority: 90, article: 'GDPR Art. 12(3)', reason: 'a data subject request must be answered within one month: overdue' },
  { id: 'gdpr-art-33-breach-notification-overdue', effect: 'forbid', actions: ['notify'], timings: SCHEDULED, when: [among('subjectRequest', ['none']), after(HOURS(72))], priority: 90, article: 'GDPR Art. 33', reason: 'a personal data breach must be notified within 72 hours: overdue' },
  { id: 'gdpr-art-17-erasure-pending', effect: 'forbid', actions: ['process', 'share'], timings: PROCESSING_TIMINGS, when: [is('erasureRequested', true)], unless: [among('legalBasis', ['legal-obligation', 'public-task'])], priority: 85, article: 'GDPR Art. 17', reason: 'an erasure request is pending for this data subject' },
  { id: 'gdpr-art-21-objection', effect: 'forbid', actions: ['process'], timings: ON_REQUEST, when: [among('subjectRequest', ['objection'])], unless: [among('legalBasis', ['legal-obligation', 'public-task', 'vital-interests'])], priority: 85, article: 'GDPR Art. 21', reason: 'the data subject objected to the processing' },
  { id: 'gdpr-art-5-1-e-storage-limitation', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, when: [is('retentionExpired', true)], priority: 80, article: 'GDPR Art. 5(1)(e)', reason: 'the retention period has expired' },
  { id: 'gdpr-art-6-lawful-basis', effect: 'permit', actions: [...PROCESSING, 'delete'], timings: PROCESSING_TIMINGS, when: [among('legalBasis', LAWFUL_BASES)], priority: 70, article: 'GDPR Art. 6', reason: 'processing of personal data needs a lawful basis' },
  { id: 'gdpr-art-6-1-a-consent', effect: 'permit', actions: [...PROCESSING, 'delete'], timings: PROCESSING_TIMINGS, when: [is('consent', true)], priority: 70, article: 'GDPR Art. 6(1)(a)', reason: 'the data subject has given consent' },
  { id: 'gdpr-art-17-erase', effect: 'permit', actions: ['delete'], timings: PROCESSING_TIMINGS, when: [is('erasureRequested', true)], priority: 65, article: 'GDPR Art. 17', reason: 'erasure of the data subject\'s data' },
  { id: 'gdpr-art-5-1-e-erase-expired', effect: 'permit', actions: ['delete'], timings: PROCESSING_TIMINGS, when: [is('retentionExpired', true)], priority: 65, article: 'GDPR Art. 5(1)(e)', reason: 'erasure once the retention period has expired' },
  ...rights('gdpr-art', (n) => `GDPR Art. ${n}`, [
    ['15', ['read'], ['access'], 'access'],
    ['16', ['modify'], ['rectification'], 'rectification'],
    ['17', ['delete'], ['erasure'], 'erasure'],
    ['18', ['modify'], ['restriction'], 'restriction'],
    ['20', ['read', 'share'], ['portability'], 'portability'],
    ['21', ['modify'], ['objection'], 'objection'],
  ]),
  { id: 'gdpr-art-12-transparency', effect: 'permit', actions: ['notify'], timings: [...PROCESSING_TIMINGS, 'on-request'], priority: 40, article: 'GDPR Art. 12', reason: 'informing and notifying is transparent processing' },
]);

const CCPA = profile('CCPA', 'California Consumer Privacy Act', 'US-CA', ['personal', 'sensitive'], [
  { id: 'ccpa-1798-120-opt-out-of-sale', effect: 'forbid', actions: ['share'], timings: PROCESSING_TIMINGS, when: [is('optedOut', true)], priority: 95, article: 'CCPA § 1798.120', reason: 'the consumer opted out of the sale or sharing of personal information' },
  { id: 'ccpa-1798-120-c-minors', effect: 'forbid', actions: ['share'], timings: PROCESSING_TIMINGS, when: [is('isChild', true)], unless: [is('consent', true)], priority: 90, article: 'CCPA § 1798.120(c)', reason: 'personal information of a consumer under 16 is not sold or shared without opt-in consent' },
  { id: 'ccpa-1798-121-limit-sensitive', effect: 'forbid', actions: ['process', 'share'], timings: PROCESSING_TIMINGS, targets: ['sensitive'], when: [is('optedOut', true)], priority: 90, article: 'CCPA § 1798.121', reason: 'the consumer limited the use of sensitive personal information' },
  { id: 'ccpa-1798-130-response-overdue', effect: 'forbid', actions: ALL_ACTIONS, timings: SCHEDULED, when: [among('subjectRequest', ACTIVE_REQUESTS), after(DAYS(45))], priority: 90, article: 'CCPA § 1798.130', reason: 'a consumer request must be answered within 45 days: overdue' },
  { id: 'ccpa-1798-105-deletion-pending', effect: 'forbid', actions: ['process', 'share'], timings: PROCESSING_TIMINGS, when: [is('erasureRequested', true)], unless: [among('legalBasis', ['legal-obligation'])], priority: 85, article: 'CCPA § 1798.105', reason: 'a deletion request is pending for this consumer' },
  ...rights('ccpa-1798', (n) => `CCPA § 1798.${n}`, [
    ['105', ['delete'], ['erasure'], 'deletion'],
    ['106', ['modify'], ['rectification'], 'correction'],
    ['110', ['read', 'share'], ['access', 'portability'], 'right-to-know'],
    ['120', ['modify', 'process'], ['opt-out', 'objection'], 'opt-out'],
  ]),
  { id: 'ccpa-1798-100-opt-out-regime', effect: 'permit', actions: ALL_ACTIONS, timings: PROCESSING_TIMINGS, priority: 30, article: 'CCPA § 1798.100', reason: 'permitted under the opt-out regime unless the consumer opted out' },
]);

const HIPAA = profile('HIPAA', 'Health Insurance Portability and Accountability Act', 'US-HIPAA', ['sensitive'], [
  { id: 'hipaa-164-312-e-transmission-security', effect: 'forbid', actions: ['share'], timings: PROCESSING_TIMINGS, when: [among('destination', ['third-party', 'third-country'])], unless: [is('encrypted', true)], priority: 90, article: '45 CFR 164.312(e)', reason: 'PHI leaves the organisation unencrypted' },
  { id: 'hipaa-164-524-access-overdue', effect: 'forbid', actions: ALL_ACTIONS, timings: SCHEDULED, when: [among('subjectRequest', ['access', 'portability']), after(DAYS(30))], priority: 90, article: '45 CFR 164.524(b)(2)', reason: 'access to PHI must be given within 30 days: overdue' },
  { id: 'hipaa-164-526-amendment-overdue', effect: 'forbid', actions: ALL_ACTIONS, timings: SCHEDULED, when: [among('subjectRequest', ['rectification']), after(DAYS(60))], priority: 90, article: '45 CFR 164.526(b)(2)', reason: 'an amendment request must be acted on within 60 days: overdue' },
  { id: 'hipaa-164-404-breach-notification-overdue', effect: 'forbid', actions: ['notify'], timings: SCHEDULED, when: [among('subjectRequest', ['none']), after(DAYS(60))], priority: 90, article: '45 CFR 164.404(b)', reason: 'a breach of unsecured PHI must be notified within 60 days: overdue' },
  { id: 'hipaa-164-506-permitted-purpose', effect: 'permit', actions: [...PROCESSING, 'delete'], timings: PROCESSING_TIMINGS, when: [among('legalBasis', ['contract', 'legal-obligation', 'vital-interests', 'public-task'])], priority: 70, article: '45 CFR 164.502(a)', reason: 'uses and disclosures of PHI need a permitted purpose (treatment, payment, operations, required by law, public interest) or an authorization' },
  { id: 'hipaa-164-508-authorization', effect: 'permit', actions: [...PROCESSING, 'delete'], timings: PROCESSING_TIMINGS, when: [is('explicitConsent', true)], priority: 70, article: '45 CFR 164.508', reason: 'the individual signed an authorization' },
  ...rights('hipaa-164', (n) => `45 CFR 164.${n}`, [
    ['524', ['read', 'share'], ['access', 'portability'], 'access'],
    ['526', ['modify'], ['rectification'], 'amendment'],
    ['528', ['read'], ['access'], 'accounting of disclosures'],
  ]),
  { id: 'hipaa-164-404-notification', effect: 'permit', actions: ['notify'], timings: [...PROCESSING_TIMINGS, 'on-request'], priority: 40, article: '45 CFR 164.404', reason: 'notifying individuals is permitted' },
]);

const PCI = profile('PCI-DSS', 'Payment Card Industry Data Security Standard v4.0', 'GLOBAL-PCI', ['financial'], [
  { id: 'pci-dss-req-3-3-1-no-sad-after-authorization', effect: 'forbid', actions: ['create', 'modify'], timings: ['post-action'], unless: [is('masked', true)], priority: 100, article: 'PCI DSS Req. 3.3.1', reason: 'sensitive authentication data is not stored after authorization', review: ['the vocabulary cannot tell sensitive authentication data from a PAN: after authorization only masked values may be stored'] },
  { id: 'pci-dss-req-3-5-1-pan-unreadable', effect: 'forbid', actions: ['create', 'modify'], timings: PROCESSING_TIMINGS, unless: [is('encrypted', true), is('masked', true)], priority: 95, article: 'PCI DSS Req. 3.5.1', reason: 'a PAN is stored only encrypted or masked' },
  { id: 'pci-dss-req-4-2-1-transmission', effect: 'forbid', actions: ['share'], timings: PROCESSING_TIMINGS, when: [among('destination', ['third-party', 'third-country'])], unless: [is('encrypted', true)], priority: 90, article: 'PCI DSS Req. 4.2.1', reason: 'cardholder data is sent over open networks only with strong cryptography' },
  { id: 'pci-dss-req-3-2-1-retention', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, when: [is('retentionExpired', true)], priority: 85, article: 'PCI DSS Req. 3.2.1', reason: 'cardholder data is kept no longer than the retention period' },
  { id: 'pci-dss-req-7-2-need-to-know', effect: 'permit', actions: PROCESSING, timings: PROCESSING_TIMINGS, when: [among('legalBasis', ['contract', 'legal-obligation', 'legitimate-interests'])], priority: 60, article: 'PCI DSS Req. 7.2', reason: 'access to cardholder data needs a business need to know' },
  { id: 'pci-dss-req-3-2-1-secure-deletion', effect: 'permit', actions: ['delete'], timings: PROCESSING_TIMINGS, priority: 50, article: 'PCI DSS Req. 3.2.1', reason: 'cardholder data may be securely deleted' },
  { id: 'pci-dss-req-12-10-incident-notification', effect: 'permit', actions: ['notify'], timings: [...PROCESSING_TIMINGS, 'on-request'], priority: 40, article: 'PCI DSS Req. 12.10', reason: 'incident notification is permitted' },
]);

const EU_AI_ACT = profile('EU-AI-ACT', 'EU Artificial Intelligence Act', 'EU', ['general'], [
  { id: 'eu-ai-act-art-73-incident-report-overdue', effect: 'forbid', actions: ['notify'], timings: SCHEDULED, when: [after(DAYS(15))], priority: 90, article: 'EU AI Act Art. 73', reason: 'a serious incident must be reported within 15 days: overdue' },
  { id: 'eu-ai-act-art-19-keep-logs', effect: 'forbid', actions: ['delete'], timings: PROCESSING_TIMINGS, unless: [is('retentionExpired', true)], priority: 85, article: 'EU AI Act Art. 19', reason: 'automatically generated logs of a high-risk AI system are kept for at least six months' },
  { id: 'eu-ai-act-art-14-human-oversight', effect: 'permit', actions: ['modify', 'delete'], timings: PROCESSING_TIMINGS, when: [among('principalRole', ['operator', 'controller'])], priority: 60, article: 'EU AI Act Art. 14', reason: 'changes to the AI system are made under human oversight' },
  { id: 'eu-ai-act-art-26-deployer-use', effect: 'permit', actions: ['create', 'read', 'process', 'share'], timings: PROCESSING_TIMINGS, priority: 50, article: 'EU AI Act Art. 26', reason: 'the deployer uses the AI system in accordance with its instructions' },
  { id: 'eu-ai-act-art-50-transparency', effect: 'permit', actions: ['notify'], timings: [...PROCESSING_TIMINGS, 'on-request'], priority: 40, article: 'EU AI Act Art. 50', reason: 'informing people that they interact with an AI system' },
]);

const SOX = profile('SOX', 'Sarbanes-Oxley Act', 'US', ['general', 'financial'], [
  { id: 'sox-802-record-retention', effect: 'forbid', actions: ['delete'], timings: PROCESSING_TIMINGS, unless: [is('retentionExpired', true)], priority: 100, article: 'SOX § 802', reason: 'audit and financial records are kept for seven years and not destroyed' },
  { id: 'sox-404-internal-control', effect: 'permit', actions: ['create', 'read', 'modify', 'process'], timings: PROCESSING_TIMINGS, when: [among('principalRole', ['controller', 'processor', 'operator', 'agent'])], priority: 50, article: 'SOX § 404', reason: 'records are handled by an actor under internal control over financial reporting' },
  { id: 'sox-302-disclosure', effect: 'permit', actions: ['share'], timings: PROCESSING_TIMINGS, when: [among('legalBasis', ['legal-obligation', 'contract'])], priority: 50, article: 'SOX § 302', reason: 'financial information is disclosed only under a legal obligation or contract' },
  { id: 'sox-802-disposal-after-retention', effect: 'permit', actions: ['delete'], timings: PROCESSING_TIMINGS, when: [is('retentionExpired', true)], priority: 50, article: 'SOX § 802', reason: 'records may be disposed of after the retention period' },
  { id: 'sox-409-real-time-disclosure', effect: 'permit', actions: ['notify'], timings: [...PROCESSING_TIMINGS, 'on-request'], priority: 40, article: 'SOX § 409', reason: 'material changes are disclosed' },
]);

const LGPD = profile('LGPD', 'Lei Geral de Proteção de Dados', 'BR', ['personal', 'sensitive'], [
  { id: 'lgpd-art-33-international-transfer', effect: 'forbid', actions: ['share'], timings: PROCESSING_TIMINGS, when: [among('destination', ['third-country'])], unless: [is('safeguards', true)], priority: 95, article: 'LGPD Art. 33', reason: 'international transfer without adequacy or safeguards' },
  { id: 'lgpd-art-11-sensitive-data', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, targets: ['sensitive'], unless: [is('explicitConsent', true), among('legalBasis', ['legal-obligation', 'vital-interests', 'public-task'])], priority: 90, article: 'LGPD Art. 11', reason: 'sensitive personal data needs specific consent or an Art. 11 II basis' },
  { id: 'lgpd-art-14-children', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, when: [is('isChild', true)], unless: [is('consent', true)], priority: 90, article: 'LGPD Art. 14', reason: "children's data needs a parent's specific consent" },
  { id: 'lgpd-art-19-response-overdue', effect: 'forbid', actions: ALL_ACTIONS, timings: SCHEDULED, when: [among('subjectRequest', ['access', 'portability']), after(DAYS(15))], priority: 90, article: 'LGPD Art. 19', reason: 'a complete access request must be answered within 15 days: overdue' },
  { id: 'lgpd-art-16-retention', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, when: [is('retentionExpired', true)], priority: 80, article: 'LGPD Art. 16', reason: 'personal data is eliminated once processing has ended' },
  { id: 'lgpd-art-7-legal-basis', effect: 'permit', actions: [...PROCESSING, 'delete'], timings: PROCESSING_TIMINGS, when: [among('legalBasis', LAWFUL_BASES)], priority: 70, article: 'LGPD Art. 7', reason: 'processing of personal data needs an Art. 7 legal basis' },
  { id: 'lgpd-art-7-i-consent', effect: 'permit', actions: [...PROCESSING, 'delete'], timings: PROCESSING_TIMINGS, when: [is('consent', true)], priority: 70, article: 'LGPD Art. 7(I)', reason: 'the data subject has given consent' },
  ...rights('lgpd-art-18', (n) => `LGPD Art. 18(${n})`, [
    ['II', ['read'], ['access'], 'access'],
    ['III', ['modify'], ['rectification'], 'correction'],
    ['V', ['read', 'share'], ['portability'], 'portability'],
    ['VI', ['delete'], ['erasure'], 'deletion'],
  ]),
  { id: 'lgpd-art-9-transparency', effect: 'permit', actions: ['notify'], timings: [...PROCESSING_TIMINGS, 'on-request'], priority: 40, article: 'LGPD Art. 9', reason: 'informing the data subject' },
]);

const PIPEDA = profile('PIPEDA', 'Personal Information Protection and Electronic Documents Act', 'CA', ['personal', 'sensitive'], [
  { id: 'pipeda-4-3-6-express-consent-sensitive', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, targets: ['sensitive'], unless: [is('explicitConsent', true), among('legalBasis', ['legal-obligation', 'vital-interests'])], priority: 90, article: 'PIPEDA Sch. 1 4.3.6', reason: 'sensitive information needs express consent' },
  { id: 'pipeda-8-3-access-overdue', effect: 'forbid', actions: ALL_ACTIONS, timings: SCHEDULED, when: [among('subjectRequest', ['access']), after(DAYS(30))], priority: 90, article: 'PIPEDA s. 8(3)', reason: 'an access request must be answered within 30 days: overdue' },
  { id: 'pipeda-4-5-3-retention', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, when: [is('retentionExpired', true)], priority: 80, article: 'PIPEDA Sch. 1 4.5.3', reason: 'information no longer required is destroyed' },
  { id: 'pipeda-4-3-consent', effect: 'permit', actions: [...PROCESSING, 'delete'], timings: PROCESSING_TIMINGS, when: [is('consent', true)], priority: 70, article: 'PIPEDA Sch. 1 4.3', reason: 'collection, use and disclosure need the knowledge and consent of the individual' },
  { id: 'pipeda-7-without-consent', effect: 'permit', actions: [...PROCESSING, 'delete'], timings: PROCESSING_TIMINGS, when: [among('legalBasis', ['legal-obligation', 'vital-interests', 'contract'])], priority: 70, article: 'PIPEDA s. 7', reason: 'an exception to consent applies (required by law, emergency, business transaction)' },
  ...rights('pipeda-4-9', (n) => `PIPEDA Sch. 1 ${n}`, [
    ['4.9', ['read'], ['access', 'portability'], 'access'],
    ['4.9.5', ['modify', 'delete'], ['rectification', 'erasure'], 'correction'],
  ]),
  { id: 'pipeda-4-8-openness', effect: 'permit', actions: ['notify'], timings: [...PROCESSING_TIMINGS, 'on-request'], priority: 40, article: 'PIPEDA Sch. 1 4.8', reason: 'openness about practices' },
]);

const PIPL = profile('PIPL', 'Personal Information Protection Law', 'CN', ['personal', 'sensitive'], [
  { id: 'pipl-art-38-cross-border', effect: 'forbid', actions: ['share'], timings: PROCESSING_TIMINGS, when: [among('destination', ['third-country'])], unless: [is('safeguards', true)], priority: 95, article: 'PIPL Art. 38', reason: 'cross-border provision needs a security assessment, certification or standard contract' },
  { id: 'pipl-art-23-separate-consent-sharing', effect: 'forbid', actions: ['share'], timings: PROCESSING_TIMINGS, when: [among('destination', ['third-party'])], unless: [is('explicitConsent', true), among('legalBasis', ['legal-obligation', 'contract'])], priority: 90, article: 'PIPL Art. 23', reason: 'providing personal information to another handler needs separate consent' },
  { id: 'pipl-art-29-sensitive', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, targets: ['sensitive'], unless: [is('explicitConsent', true), among('legalBasis', ['legal-obligation'])], priority: 90, article: 'PIPL Art. 29', reason: 'sensitive personal information needs separate consent' },
  { id: 'pipl-art-31-minors', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, when: [is('isChild', true)], unless: [is('explicitConsent', true)], priority: 90, article: 'PIPL Art. 31', reason: "a minor's information needs a guardian's consent" },
  { id: 'pipl-art-19-retention', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, when: [is('retentionExpired', true)], priority: 80, article: 'PIPL Art. 19', reason: 'kept no longer than necessary' },
  { id: 'pipl-art-13-consent', effect: 'permit', actions: [...PROCESSING, 'delete'], timings: PROCESSING_TIMINGS, when: [is('consent', true)], priority: 70, article: 'PIPL Art. 13', reason: 'processing needs consent or an Art. 13 basis' },
  { id: 'pipl-art-13-legal-basis', effect: 'permit', actions: [...PROCESSING, 'delete'], timings: PROCESSING_TIMINGS, when: [among('legalBasis', ['consent', 'contract', 'legal-obligation', 'vital-interests', 'public-task'])], priority: 70, article: 'PIPL Art. 13', reason: 'processing needs consent or an Art. 13 basis (legitimate interests are not one)' },
  ...rights('pipl-art', (n) => `PIPL Art. ${n}`, [
    ['45', ['read', 'share'], ['access', 'portability'], 'access and copy'],
    ['46', ['modify'], ['rectification'], 'correction'],
    ['47', ['delete'], ['erasure'], 'deletion'],
  ]),
  { id: 'pipl-art-17-notice', effect: 'permit', actions: ['notify'], timings: [...PROCESSING_TIMINGS, 'on-request'], priority: 40, article: 'PIPL Art. 17', reason: 'informing the individual' },
]);

const VCDPA = profile('VCDPA', 'Virginia Consumer Data Protection Act', 'US-VA', ['personal', 'sensitive'], [
  { id: 'vcdpa-59-1-577-opt-out', effect: 'forbid', actions: ['share', 'process'], timings: PROCESSING_TIMINGS, when: [is('optedOut', true)], priority: 95, article: 'VCDPA § 59.1-577(A)(5)', reason: 'the consumer opted out of sale, targeted advertising or profiling' },
  { id: 'vcdpa-59-1-578-sensitive-consent', effect: 'forbid', actions: PROCESSING, timings: PROCESSING_TIMINGS, targets: ['sensitive'], unless: [is('consent', true), is('explicitConsent', true)], priority: 90, article: 'VCDPA § 59.1-578(A)(5)', reason: 'sensitive data is processed only with the consumer\'s consent' },
  { id: 'vcdpa-59-1-577-response-overdue', effect: 'forbid', actions: ALL_ACTIONS, timings: SCHEDULED, when: [among('subjectRequest', ACTIVE_REQUESTS), after(DAYS(45))], priority: 90, article: 'VCDPA § 59.1-577(B)', reason: 'a consumer request must be answered within 45 days: overdue' },
  ...rights('vcdpa-59-1-577', (n) => `VCDPA § 59.1-577(A)(${n})`, [
    ['1', ['read'], ['access'], 'confirm and access'],
    ['2', ['modify'], ['rectification'], 'correction'],
    ['3', ['delete'], ['erasure'], 'deletion'],
    ['4', ['read', 'share'], ['portability'], 'portability'],
    ['5', ['modify', 'process'], ['opt-out', 'objection'], 'opt-out'],
  ]),
  { id: 'vcdpa-59-1-578-opt-out-regime', effect: 'permit', actions: ALL_ACTIONS, timings: PROCESSING_TIMINGS, priority: 30, article: 'VCDPA § 59.1-578', reason: 'permitted under the opt-out regime unless the consumer opted out' },
]);

const NY_SHIELD = profile('NY-SHIELD', 'New York SHIELD Act', 'US-NY', ['personal', 'sensitive'], [
  { id: 'ny-shield-899-bb-safeguards', effect: 'forbid', actions: ['share'], timings: PROCESSING_TIMINGS, when: [among('destination', ['third-party', 'third-country'])], unless: [is('encrypted', true)], priority: 90, article: 'NY GBL § 899-bb', reason: 'private information leaves only encrypted (reasonable safeguards)' },
  { id: 'ny-shield-899-aa-notification-overdue', effect: 'forbid', actions: ['notify'], timings: SCHEDULED, when: [after(DAYS(30))], priority: 90, article: 'NY GBL § 899-aa', reason: 'a breach must be notified within 30 days: overdue' },
  { id: 'ny-shield-899-bb-reasonable-safeguards', effect: 'permit', actions: ALL_ACTIONS, timings: PROCESSING_TIMINGS, priority: 30, article: 'NY GBL § 899-bb', reason: 'handled under reasonable safeguards' },
]);

export const REGULATION_PROFILES: Readonly<Record<RegulationId, RegulationProfile>> = {
  GDPR,
  CCPA,
  HIPAA,
  'PCI-DSS': PCI,
  'EU-AI-ACT': EU_AI_ACT,
  SOX,
  LGPD,
  PIPEDA,
  PIPL,
  VCDPA,
  'NY-SHIELD': NY_SHIELD,
};

/** The regulation a jurisdiction stands for when a text names no regulation (compile's default is US). */
export const DEFAULT_REGULATION: Readonly<Record<Jurisdiction, RegulationId>> = {
  EU: 'GDPR',
  US: 'SOX',
  'US-CA': 'CCPA',
  'US-NY': 'NY-SHIELD',
  'US-VA': 'VCDPA',
  'US-HIPAA': 'HIPAA',
  'GLOBAL-PCI': 'PCI-DSS',
  BR: 'LGPD',
  CA: 'PIPEDA',
  CN: 'PIPL',
};
