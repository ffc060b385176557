// Hand-built policies and requests with hand-written expected decisions (worked out from
// docs/policy-semantics.md), so every format can be checked before and besides the reference evaluator.
import {
  DEFAULT_ATTRIBUTES,
  opcode,
  type Action,
  type Attributes,
  type CompleteRequest,
  type EnforcementLevel,
  type Policy,
  type Rule,
  type Target,
  type Timing,
} from '../../src/policy-model.ts';
import type { FormatDecision } from './types.ts';

const ops = (actions: Action[], timings: Timing[], targets: Target[]): number[] =>
  actions.flatMap((a) => timings.flatMap((tm) => targets.map((t) => opcode(a, tm, t)))).sort((x, y) => x - y);

const rule = (r: Partial<Rule> & Pick<Rule, 'id' | 'effect' | 'regulation' | 'opcodes' | 'priority' | 'article' | 'reason'>): Rule => ({
  when: [],
  unless: [],
  quote: '',
  review: [],
  origin: 'text',
  ...r,
});

const LAWFUL_BASES = ['consent', 'contract', 'legal-obligation', 'vital-interests', 'public-task', 'legitimate-interests'];

/** A GDPR-, CCPA-, PCI- and SOX-like policy exercising every step of the semantics. */
export function handBuiltPolicy(enforcementLevel: EnforcementLevel): Policy {
  return {
    formatVersion: 1,
    enforcementLevel,
    destinations: [],
    regulations: [
      { id: 'GDPR', jurisdiction: 'EU', covers: ['personal', 'sensitive'] },
      { id: 'CCPA', jurisdiction: 'US-CA', covers: ['personal'] },
      { id: 'PCI-DSS', jurisdiction: 'GLOBAL-PCI', covers: ['financial'] },
      { id: 'SOX', jurisdiction: 'US', covers: ['general'] },
    ],
    rules: [
      rule({
        id: 'gdpr-art-6-lawful-basis',
        effect: 'permit',
        regulation: 'GDPR',
        opcodes: ops(['create', 'share', 'process'], ['pre-action'], ['personal']),
        when: [{ attribute: 'legalBasis', in: LAWFUL_BASES }],
        priority: 80,
        article: 'GDPR Art. 6',
        reason: 'no lawful basis',
        quote: 'Processing shall be lawful only if and to the extent that at least one of the following applies',
        origin: 'baseline',
      }),
      rule({
        id: 'gdpr-art-8-child',
        effect: 'forbid',
        regulation: 'GDPR',
        opcodes: ops(['share', 'process'], ['pre-action'], ['personal']),
        when: [
          { attribute: 'isChild', equals: true },
          { attribute: 'consent', equals: false },
        ],
        priority: 90,
        article: 'GDPR Art. 8(1)',
        reason: "a child's data needs parental consent",
      }),
      rule({
        id: 'gdpr-art-44-transfer',
        effect: 'forbid',
        regulation: 'GDPR',
        opcodes: ops(['share'], ['pre-action'], ['personal', 'sensitive']),
        when: [{ attribute: 'destination', in: ['third-country'] }],
        unless: [{ attribute: 'safeguards', equals: true }],
        priority: 90,
        article: 'GDPR Art. 44',
        reason: 'transfer to a third country without safeguards',
        review: ['only if the conditions laid down in this Chapter are complied with'],
      }),
      rule({
        id: 'gdpr-art-9-special-categories',
        effect: 'permit',
        regulation: 'GDPR',
        opcodes: ops(['share', 'process'], ['pre-action'], ['sensitive']),
        when: [{ attribute: 'explicitConsent', equals: true }],
        priority: 85,
        article: 'GDPR Art. 9(2)',
        reason: 'special categories need an Art. 9(2) condition',
      }),
      rule({
        id: 'gdpr-art-33-breach-overdue',
        effect: 'forbid',
        regulation: 'GDPR',
        opcodes: ops(['notify'], ['scheduled'], ['personal']),
        when: [{ attribute: 'elapsed', greaterThan: 259200 }],
        priority: 70,
        article: 'GDPR Art. 33(1)',
        reason: 'breach notification overdue (72 hours)',
      }),
      rule({
        id: 'gdpr-art-33-notify-in-time',
        effect: 'permit',
        regulation: 'GDPR',
        opcodes: ops(['notify'], ['scheduled'], ['personal']),
        priority: 60,
        article: 'GDPR Art. 33(1)',
        reason: 'breach notified within 72 hours',
      }),
      rule({
        id: 'gdpr-art-15-access',
        effect: 'permit',
        regulation: 'GDPR',
        opcodes: ops(['read'], ['on-request'], ['personal']),
        when: [{ attribute: 'principalRole', in: ['data-subject'] }],
        priority: 75,
        article: 'GDPR Art. 15',
        reason: 'the data subject has the right of access',
      }),
      rule({
        id: 'ccpa-opt-out',
        effect: 'forbid',
        regulation: 'CCPA',
        opcodes: ops(['share'], ['pre-action'], ['personal']),
        when: [{ attribute: 'optedOut', equals: true }],
        priority: 95,
        article: 'CCPA § 1798.120',
        reason: 'the consumer opted out of sale or sharing',
      }),
      rule({
        id: 'ccpa-sharing-permitted',
        effect: 'permit',
        regulation: 'CCPA',
        opcodes: ops(['share'], ['pre-action'], ['personal']),
        priority: 50,
        article: 'CCPA § 1798.120',
        reason: 'sharing is permitted unless the consumer opted out',
      }),
      rule({
        id: 'pci-pan-encrypted',
        effect: 'permit',
        regulation: 'PCI-DSS',
        opcodes: ops(['create'], ['pre-action'], ['financial']),
        when: [{ attribute: 'encrypted', equals: true }],
        priority: 88,
        article: 'PCI DSS Req. 3.5.1',
        reason: 'PAN stored only encrypted',
      }),
      rule({
        id: 'sox-records-retained',
        effect: 'forbid',
        regulation: 'SOX',
        opcodes: ops(['delete'], ['pre-action'], ['general']),
        when: [{ attribute: 'jurisdiction', in: ['US', 'US-NY', 'US-CA'] }],
        unless: [{ attribute: 'retentionExpired', equals: true }],
        priority: 65,
        article: 'SOX § 802',
        reason: 'audit records must be retained',
      }),
    ],
  };
}

export type HandCase = { name: string; request: CompleteRequest; expected: Record<EnforcementLevel, FormatDecision> };

const request = (action: Action, timing: Timing, targets: Target[], attributes: Partial<Attributes> = {}): CompleteRequest => ({
  action,
  timing,
  targets,
  attributes: { ...DEFAULT_ATTRIBUTES, ...attributes },
});

const allow = (applied: string[] = [], article: string | null = null): FormatDecision => ({ decision: 'ALLOW', article, applied_policies: applied });
const deny = (applied: string[] = [], article: string | null = null): FormatDecision => ({ decision: 'DENY', article, applied_policies: applied });
const same = (d: FormatDecision): Record<EnforcementLevel, FormatDecision> => ({ strict: d, moderate: d, permissive: d });

const ART6 = 'gdpr-art-6-lawful-basis';

export const handCases: HandCase[] = [
  {
    name: 'a lawful basis allows sharing personal data in the EU',
    request: request('share', 'pre-action', ['personal'], { legalBasis: 'consent', jurisdiction: 'EU' }),
    expected: same(allow([ART6], 'GDPR Art. 6')),
  },
  {
    name: 'no lawful basis: the requirement is not met',
    request: request('share', 'pre-action', ['personal'], { jurisdiction: 'EU' }),
    expected: { strict: deny([ART6], 'GDPR Art. 6'), moderate: deny([ART6], 'GDPR Art. 6'), permissive: allow([ART6], 'GDPR Art. 6') },
  },
  {
    name: 'transfer to a third country without safeguards is forbidden',
    request: request('share', 'pre-action', ['personal'], { legalBasis: 'consent', destination: 'third-country', jurisdiction: 'EU' }),
    expected: same(deny(['gdpr-art-44-transfer'], 'GDPR Art. 44')),
  },
  {
    name: 'safeguards are the exception to the transfer forbid',
    request: request('share', 'pre-action', ['personal'], { legalBasis: 'consent', destination: 'third-country', safeguards: true, jurisdiction: 'EU' }),
    expected: same(allow([ART6], 'GDPR Art. 6')),
  },
  {
    name: 'equal priorities keep policy order',
    request: request('share', 'pre-action', ['personal'], { destination: 'third-country', isChild: true, jurisdiction: 'EU' }),
    expected: same(deny(['gdpr-art-8-child', 'gdpr-art-44-transfer'], 'GDPR Art. 8(1)')),
  },
  {
    name: 'a California consumer who opted out',
    request: request('share', 'pre-action', ['personal'], { optedOut: true, jurisdiction: 'US-CA' }),
    expected: same(deny(['ccpa-opt-out'], 'CCPA § 1798.120')),
  },
  {
    name: 'a California consumer who did not opt out',
    request: request('share', 'pre-action', ['personal'], { jurisdiction: 'US-CA' }),
    expected: same(allow(['ccpa-sharing-permitted'], 'CCPA § 1798.120')),
  },
  {
    name: 'US-CA does not contain US: no regulation covers personal data',
    request: request('share', 'pre-action', ['personal'], { optedOut: true, jurisdiction: 'US' }),
    expected: same(allow()),
  },
  {
    name: 'US contains US-NY: SOX keeps audit records',
    request: request('delete', 'pre-action', ['general'], { jurisdiction: 'US-NY' }),
    expected: same(deny(['sox-records-retained'], 'SOX § 802')),
  },
  {
    name: 'a target no regulation covers is allowed',
    request: request('delete', 'pre-action', ['general'], { jurisdiction: 'EU' }),
    expected: same(allow()),
  },
  {
    name: 'a breach notification 72 hours late is overdue',
    request: request('notify', 'scheduled', ['personal'], { elapsed: 259200.5 }),
    expected: same(deny(['gdpr-art-33-breach-overdue'], 'GDPR Art. 33(1)')),
  },
  {
    name: 'a breach notification at exactly 72 hours is in time',
    request: request('notify', 'scheduled', ['personal'], { elapsed: 259200 }),
    expected: same(allow(['gdpr-art-33-notify-in-time'], 'GDPR Art. 33(1)')),
  },
  {
    name: "a data subject's access request matches the on-request rule",
    request: request('read', 'pre-action', ['personal'], { subjectRequest: 'access', principalRole: 'data-subject', jurisdiction: 'EU' }),
    expected: same(allow(['gdpr-art-15-access'], 'GDPR Art. 15')),
  },
  {
    name: 'an access request by the agent is a requirement not met',
    request: request('read', 'pre-action', ['personal'], { subjectRequest: 'access', jurisdiction: 'EU' }),
    expected: {
      strict: deny(['gdpr-art-15-access'], 'GDPR Art. 15'),
      moderate: deny(['gdpr-art-15-access'], 'GDPR Art. 15'),
      permissive: allow(['gdpr-art-15-access'], 'GDPR Art. 15'),
    },
  },
  {
    name: 'reading personal data with no rule is an undefined scenario',
    request: request('read', 'pre-action', ['personal'], { jurisdiction: 'EU' }),
    expected: { strict: deny(), moderate: allow(), permissive: allow() },
  },
  {
    name: 'special categories with explicit consent',
    request: request('share', 'pre-action', ['sensitive'], { explicitConsent: true, legalBasis: 'consent', jurisdiction: 'EU' }),
    expected: same(allow(['gdpr-art-9-special-categories'], 'GDPR Art. 9(2)')),
  },
  {
    name: 'several targets: only the denied target gives reasons',
    request: request('share', 'pre-action', ['personal', 'financial'], { legalBasis: 'consent', jurisdiction: 'EU' }),
    expected: { strict: deny(), moderate: allow([ART6], 'GDPR Art. 6'), permissive: allow([ART6], 'GDPR Art. 6') },
  },
  {
    name: 'several denied targets: reasons by priority across targets',
    request: request('create', 'pre-action', ['personal', 'financial']),
    expected: {
      strict: deny(['pci-pan-encrypted', ART6], 'PCI DSS Req. 3.5.1'),
      moderate: deny(['pci-pan-encrypted', ART6], 'PCI DSS Req. 3.5.1'),
      permissive: allow(['pci-pan-encrypted', ART6], 'PCI DSS Req. 3.5.1'),
    },
  },
];

export const ENFORCEMENT_LEVELS: EnforcementLevel[] = ['strict', 'moderate', 'permissive'];
