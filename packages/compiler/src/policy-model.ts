// The policy model of DESIGN section 3: the 168 patterns (7 actions x 6 timings x 4 targets), the
// closed vocabulary of request attributes, norms, rules, policies, requests and decisions.
// Every emitter, the reference evaluator and the engine share these types.

export const ACTIONS = ['create', 'read', 'modify', 'delete', 'share', 'process', 'notify'] as const;
export const TIMINGS = ['session-start', 'prompt-submit', 'pre-action', 'post-action', 'on-request', 'scheduled'] as const;
export const TARGETS = ['personal', 'sensitive', 'financial', 'general'] as const;

export type Action = (typeof ACTIONS)[number];
export type Timing = (typeof TIMINGS)[number];
export type Target = (typeof TARGETS)[number];

export const OPCODE_COUNT = ACTIONS.length * TIMINGS.length * TARGETS.length; // 168

/** opcode = action x 24 + timing x 4 + target (0..167); one pattern fits in one byte. */
export function opcode(action: Action, timing: Timing, target: Target): number {
  return ACTIONS.indexOf(action) * 24 + TIMINGS.indexOf(timing) * 4 + TARGETS.indexOf(target);
}

export function decodeOpcode(code: number): { action: Action; timing: Timing; target: Target } {
  if (!Number.isInteger(code) || code < 0 || code >= OPCODE_COUNT) throw new RangeError(`opcode ${code} is outside 0..167`);
  return { action: ACTIONS[Math.floor(code / 24)]!, timing: TIMINGS[Math.floor((code % 24) / 4)]!, target: TARGETS[code % 4]! };
}

// ---- Request attributes: a closed vocabulary, so that every output format decides the same way.

export const PRINCIPAL_ROLES = ['controller', 'processor', 'data-subject', 'consumer', 'agent', 'operator'] as const;
export const LEGAL_BASES = ['consent', 'contract', 'legal-obligation', 'vital-interests', 'public-task', 'legitimate-interests', 'none'] as const;
export const DESTINATIONS = ['local', 'internal', 'processor', 'third-party', 'third-country'] as const;
export const SUBJECT_REQUESTS = ['none', 'access', 'rectification', 'erasure', 'portability', 'objection', 'restriction', 'opt-out'] as const;
/** Jurisdiction codes of the detection table (spec section 5). */
export const JURISDICTIONS = ['EU', 'US', 'US-CA', 'US-NY', 'US-VA', 'US-HIPAA', 'GLOBAL-PCI', 'BR', 'CA', 'CN'] as const;

export type PrincipalRole = (typeof PRINCIPAL_ROLES)[number];
export type LegalBasis = (typeof LEGAL_BASES)[number];
export type Destination = (typeof DESTINATIONS)[number];
export type SubjectRequest = (typeof SUBJECT_REQUESTS)[number];
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/** Enumerated attributes with their value lists; the index of a value is its integer code in WebAssembly and SQL. */
export const ENUM_ATTRIBUTES = {
  principalRole: PRINCIPAL_ROLES,
  legalBasis: LEGAL_BASES,
  destination: DESTINATIONS,
  subjectRequest: SUBJECT_REQUESTS,
  jurisdiction: JURISDICTIONS,
} as const;

export const BOOLEAN_ATTRIBUTES = [
  'consent',
  'explicitConsent',
  'safeguards',
  'optedOut',
  'isChild',
  'encrypted',
  'masked',
  'retentionExpired',
  'erasureRequested',
] as const;

export const NUMBER_ATTRIBUTES = ['elapsed'] as const;

export type EnumAttribute = keyof typeof ENUM_ATTRIBUTES;
export type BooleanAttribute = (typeof BOOLEAN_ATTRIBUTES)[number];
export type NumberAttribute = (typeof NUMBER_ATTRIBUTES)[number];

/** A complete request's attributes: defaults filled, every value inside the vocabulary. */
export type Attributes = {
  principalRole: PrincipalRole;
  legalBasis: LegalBasis;
  destination: Destination;
  subjectRequest: SubjectRequest;
  /** Absent: every loaded regulation applies. */
  jurisdiction?: Jurisdiction;
  consent: boolean;
  explicitConsent: boolean;
  safeguards: boolean;
  optedOut: boolean;
  isChild: boolean;
  encrypted: boolean;
  masked: boolean;
  retentionExpired: boolean;
  erasureRequested: boolean;
  /** Seconds since the triggering event, for deadlines. */
  elapsed: number;
};

export const DEFAULT_ATTRIBUTES: Readonly<Omit<Attributes, 'jurisdiction'>> = {
  principalRole: 'agent',
  legalBasis: 'none',
  destination: 'third-party',
  subjectRequest: 'none',
  consent: false,
  explicitConsent: false,
  safeguards: false,
  optedOut: false,
  isChild: false,
  encrypted: false,
  masked: false,
  retentionExpired: false,
  erasureRequested: false,
  elapsed: 0,
};

// ---- Norms: what the compiler reads out of legal text.

export const MODALITIES = ['obligation', 'prohibition', 'permission', 'right'] as const;
export type Modality = (typeof MODALITIES)[number];

export type NormSource = {
  regulation: RegulationId;
  /** "GDPR Art. 17(1)", "CCPA § 1798.105(a)", "45 CFR 164.524(a)(1)", "PCI DSS Req. 3.3.1" */
  article: string;
  quote: string;
  /** Start and end offsets (UTF-16 code units) of the quote in the compiled text. */
  span: [number, number];
};

export type Norm = {
  modality: Modality;
  /** Who bears it: controller, processor, business, covered entity, provider, data subject, consumer, ... */
  subject: string;
  action: Action;
  target: Target;
  /** ISO-8601 duration (PT72H, P30D, P45D, P1M), 'without undue delay', or null. */
  deadline: string | null;
  condition: string | null;
  exceptions: string[];
  source: NormSource;
};

// ---- Rules and policies.

export type Condition =
  | { attribute: BooleanAttribute; equals: boolean }
  | { attribute: EnumAttribute; in: readonly string[] }
  | { attribute: NumberAttribute; greaterThan: number };

export type Effect = 'permit' | 'forbid';

export type Rule = {
  /** Stable id, unique in the policy: "gdpr-art-6-lawful-basis". */
  id: string;
  effect: Effect;
  regulation: RegulationId;
  /** The opcodes it matches, ascending. */
  opcodes: number[];
  /** All must hold for the rule to apply. */
  when: Condition[];
  /** The rule does not apply if any of these holds (a forbid's exceptions). */
  unless: Condition[];
  /** 0..100, the spec's mandate priority; reasons are ordered by it, highest first. */
  priority: number;
  /** The article that decides when this rule does: "GDPR Art. 44". */
  article: string;
  /** Why, in plain words: "no lawful basis". */
  reason: string;
  /** The source text the rule comes from (comments in every format); empty for none. */
  quote: string;
  /** Conditions in the text that map to no attribute: kept as comments marked for review. */
  review: string[];
  origin: 'baseline' | 'text';
};

export const REGULATIONS = ['GDPR', 'CCPA', 'HIPAA', 'PCI-DSS', 'EU-AI-ACT', 'SOX', 'LGPD', 'PIPEDA', 'PIPL', 'VCDPA', 'NY-SHIELD'] as const;
export type RegulationId = (typeof REGULATIONS)[number];

export type PolicyRegulation = {
  id: RegulationId;
  jurisdiction: Jurisdiction;
  /** The targets this regulation covers; a target none covers is allowed. */
  covers: Target[];
};

export type EnforcementLevel = 'strict' | 'moderate' | 'permissive';

export type CompileOptions = {
  enforcementLevel: EnforcementLevel;
  includeTests: boolean;
  optimizationLevel: 'none' | 'basic' | 'maximum';
  targetEnvironment: 'development' | 'production';
};

/** Spec section 3's defaults. */
export const DEFAULT_COMPILE_OPTIONS: Readonly<CompileOptions> = {
  enforcementLevel: 'strict',
  includeTests: true,
  optimizationLevel: 'maximum',
  targetEnvironment: 'production',
};

/** A destination host pattern with the basis or safeguards recorded for it (DESIGN section 3). */
export type DestinationRecord = {
  host: string;
  destination: Destination;
  legalBasis: LegalBasis;
  safeguards: boolean;
};

export type Policy = {
  formatVersion: 1;
  regulations: PolicyRegulation[];
  enforcementLevel: EnforcementLevel;
  rules: Rule[];
  destinations: DestinationRecord[];
};

// ---- Requests and decisions (DESIGN section 3).

export type DecisionRequest = {
  principal?: { id?: string; type?: string };
  action: string;
  timing: string;
  target: string | string[];
  resource?: Record<string, unknown>;
  attributes?: Record<string, unknown>;
};

/** A request after validation: defaults filled, vocabulary checked. */
export type CompleteRequest = {
  action: Action;
  timing: Timing;
  targets: Target[];
  attributes: Attributes;
};

export type Verdict = 'ALLOW' | 'DENY';

export type Reason = {
  ruleId: string | null;
  article: string | null;
  text: string;
  priority: number;
};

export type Decision = {
  decision: Verdict;
  exitCode: 0 | 2;
  reasons: Reason[];
  /** The ids of the rules that decided (empty when no rule did). */
  applied_policies: string[];
  /** The first reason's article, or null. */
  article: string | null;
};

// ---- Analysis: what the compiler reads from a text before any policy is built.

export type Validation = { errors: string[]; warnings: string[]; suggestions: string[] };

export type Detection = {
  /** null when nothing was detected; compile then uses US (spec section 5). */
  jurisdiction: Jurisdiction | null;
  regulation: RegulationId | null;
  /** 0..1 */
  confidence: number;
};

export type Analysis = {
  detected: Detection;
  validation: Validation;
  norms: Norm[];
  /** Why there are no norms, when there are none ("no duty, right, permission or prohibition found"). */
  note: string | null;
  wordCount: number;
};
