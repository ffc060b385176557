// Norms -> policy (DESIGN section 3): each modality becomes rules over opcodes and the closed
// attribute vocabulary, added to the baseline profile of every regulation involved, so a single
// compiled article still decides sensibly. Deterministic: the same norms give the same policy.
import {
  PRINCIPAL_ROLES,
  type Action,
  type Condition,
  type EnforcementLevel,
  type Jurisdiction,
  type Norm,
  type Policy,
  type PolicyRegulation,
  type PrincipalRole,
  type RegulationId,
  type Rule,
  type SubjectRequest,
  type Target,
} from '../policy-model.ts';
import { DEFAULT_REGULATION, REGULATION_PROFILES } from './baselines.ts';
import { mapCondition, mapExceptions, subjectRequestOf } from './conditions.ts';
import { deadlineSeconds, UNDUE_DELAY_SECONDS } from './durations.ts';
import { PROCESSING_TIMINGS, opcodes } from './opcodes.ts';

/** Mandate priorities (0..100) of rules read from text; reasons are ordered by them. */
const PRIORITY = { prohibition: 90, overdue: 85, contrary: 85, right: 60, duty: 55, permission: 50 } as const;

/** The request a right's action answers when its text names none. */
const REQUEST_OF_ACTION: Record<Action, SubjectRequest> = {
  read: 'access',
  modify: 'rectification',
  delete: 'erasure',
  share: 'portability',
  process: 'objection',
  create: 'access',
  notify: 'access',
};

export type BuildOptions = {
  enforcementLevel: EnforcementLevel;
  /** Regulations to load besides those the norms cite (the detected one). */
  regulations?: RegulationId[];
  /** Used when neither norms nor detection name a regulation (compile's default: US). */
  jurisdiction?: Jurisdiction | null;
  /** Seconds 'without undue delay' stands for; P1M unless the policy says otherwise. */
  undueDelaySeconds?: number;
};

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/§/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function holders(subject: string): PrincipalRole[] {
  const s = subject.toLowerCase();
  if (/consumer/.test(s)) return ['consumer'];
  if (/data subject|individual|patient|person/.test(s)) return ['data-subject'];
  return ['data-subject', 'consumer'];
}

function words(target: Target): string {
  return target === 'general' ? 'records' : `${target} data`;
}

/** The rules one norm stands for. */
function rulesOf(norm: Norm, undueDelay: number): (Omit<Rule, 'id'> & { key: string })[] {
  const cond = mapCondition(norm.condition);
  const exc = mapExceptions(norm.exceptions);
  const review = [...cond.review, ...exc.review];
  const { action, target } = norm;
  const base = {
    regulation: norm.source.regulation,
    article: norm.source.article,
    quote: norm.source.quote,
    review,
    origin: 'text' as const,
  };
  const out: (Omit<Rule, 'id'> & { key: string })[] = [];
  const alternatives = cond.alternatives;
  const each = (key: string, make: (when: Condition[]) => Omit<Rule, 'id' | keyof typeof base>) =>
    alternatives.forEach((when, k) => out.push({ ...base, ...make(when), key: alternatives.length > 1 ? `${key}-${k + 1}` : key }));
  const seconds = deadlineSeconds(norm.deadline, undueDelay);

  switch (norm.modality) {
    case 'prohibition':
      each(`prohibits-${action}-${target}`, (when) => ({
        effect: 'forbid',
        opcodes: opcodes([action], PROCESSING_TIMINGS, [target]),
        when,
        unless: exc.unless,
        priority: PRIORITY.prohibition,
        reason: `${norm.subject} may not ${action} ${words(target)}`,
      }));
      break;
    case 'permission':
      each(`permits-${action}-${target}`, (when) => ({
        effect: 'permit',
        opcodes: opcodes([action], PROCESSING_TIMINGS, [target]),
        when,
        unless: [],
        priority: PRIORITY.permission,
        reason: `${norm.subject} may ${action} ${words(target)}`,
      }));
      break;
    case 'right': {
      const request = subjectRequestOf(norm.source.quote) ?? REQUEST_OF_ACTION[action];
      const roles = holders(norm.subject);
      each(`right-${action}-${target}`, (when) => ({
        effect: 'permit',
        opcodes: opcodes([action], ['on-request'], [target]),
        when: [{ attribute: 'principalRole', in: roles.filter((r) => PRINCIPAL_ROLES.includes(r)) }, ...when],
        unless: [],
        priority: PRIORITY.right,
        reason: `the ${norm.subject} has the right to ${request === 'none' ? action : request}`,
      }));
      // The controller's matching duty: serving the request is permitted.
      each(`serves-${request}-${target}`, (when) => ({
        effect: 'permit',
        opcodes: opcodes([action], ['on-request'], [target]),
        when: [{ attribute: 'subjectRequest', in: [request] }, ...when],
        unless: [],
        priority: PRIORITY.right,
        reason: `a ${request} request of the ${norm.subject} is served`,
      }));
      if (seconds !== null) {
        each(`${request}-overdue-${target}`, (when) => ({
          effect: 'forbid',
          opcodes: opcodes([action], ['scheduled'], [target]),
          when: [{ attribute: 'subjectRequest', in: [request] }, { attribute: 'elapsed', greaterThan: seconds }, ...when],
          unless: exc.unless,
          priority: PRIORITY.overdue,
          reason: `the ${request} request must be served within ${norm.deadline}: overdue`,
        }));
      }
      if (request === 'erasure') out.push(...contrary(norm, base, exc.unless));
      break;
    }
    case 'obligation': {
      each(`requires-${action}-${target}`, (when) => ({
        effect: 'permit',
        opcodes: opcodes([action], [...PROCESSING_TIMINGS, 'on-request'], [target]),
        when,
        unless: [],
        priority: PRIORITY.duty,
        reason: `${norm.subject} shall ${action} ${words(target)}`,
      }));
      if (seconds !== null) {
        each(`${action}-overdue-${target}`, (when) => ({
          effect: 'forbid',
          opcodes: opcodes([action], ['scheduled'], [target]),
          when: [{ attribute: 'elapsed', greaterThan: seconds }, ...when],
          unless: exc.unless,
          priority: PRIORITY.overdue,
          reason: `${norm.subject} shall ${action} ${words(target)} within ${norm.deadline}: overdue`,
        }));
      }
      if (action === 'delete') out.push(...contrary(norm, base, exc.unless));
      break;
    }
  }
  return out;
}

/** With an erasure pending, further processing or sharing of that subject's data is forbidden. */
function contrary(norm: Norm, base: Pick<Rule, 'regulation' | 'article' | 'quote' | 'review' | 'origin'>, unless: Condition[]) {
  return [
    {
      ...base,
      key: `erasure-pending-${norm.target}`,
      effect: 'forbid' as const,
      opcodes: opcodes(['process', 'share'], PROCESSING_TIMINGS, [norm.target]),
      when: [{ attribute: 'erasureRequested', equals: true } as Condition],
      unless,
      priority: PRIORITY.contrary,
      reason: 'an erasure request is pending: no further processing or sharing',
    },
  ];
}

/** The regulations a policy loads: those the norms cite, the detected ones, else the jurisdiction's. */
export function regulationsFor(norms: Norm[], extra: RegulationId[], jurisdiction: Jurisdiction | null | undefined): RegulationId[] {
  const ids: RegulationId[] = [];
  const add = (id: RegulationId) => {
    if (!ids.includes(id)) ids.push(id);
  };
  for (const id of extra) add(id);
  for (const n of norms) add(n.source.regulation);
  if (ids.length === 0) add(DEFAULT_REGULATION[jurisdiction ?? 'US']);
  return ids;
}

export function buildPolicy(norms: Norm[], options: BuildOptions): Policy {
  return buildPolicyFromNorms(norms, options).policy;
}

/** A policy with, for each norm (in order), the ids of the rules it produced. */
export type BuiltPolicy = { policy: Policy; rulesOfNorms: string[][] };

/** buildPolicy, telling which rules each norm produced (a provision read twice: those of its first reading). */
export function buildPolicyFromNorms(norms: Norm[], options: BuildOptions): BuiltPolicy {
  const undueDelay = options.undueDelaySeconds ?? UNDUE_DELAY_SECONDS;
  const ids = regulationsFor(norms, options.regulations ?? [], options.jurisdiction);
  const regulations: PolicyRegulation[] = ids.map((id) => {
    const p = REGULATION_PROFILES[id];
    const covers = new Set<Target>(p.covers);
    // A text may extend what its regulation covers, except `general`, which only regulations
    // addressing systems and records (EU AI Act, SOX) cover.
    for (const n of norms) if (n.source.regulation === id && n.target !== 'general') covers.add(n.target);
    return { id, jurisdiction: p.jurisdiction, covers: (['personal', 'sensitive', 'financial', 'general'] as const).filter((t) => covers.has(t)) };
  });

  const rules: Rule[] = [];
  const used = new Set<string>();
  const next = new Map<string, number>();
  const uniqueId = (wanted: string) => {
    let id = wanted;
    for (let n = next.get(wanted) ?? 2; used.has(id); n++) {
      id = `${wanted}-${n}`;
      next.set(wanted, n + 1);
    }
    used.add(id);
    return id;
  };
  for (const id of ids) for (const r of REGULATION_PROFILES[id].rules) used.add(r.id);
  // The same provision read twice (a repeated paragraph) gives its rules once.
  const seen = new Map<string, string[]>();
  const rulesOfNorms = norms.map((norm) => {
    const key = JSON.stringify([norm.modality, norm.subject, norm.action, norm.target, norm.deadline, norm.condition, norm.exceptions, norm.source.regulation, norm.source.article, norm.source.quote]);
    const read = seen.get(key);
    if (read) return read;
    const produced: string[] = [];
    for (const { key, ...rule } of rulesOf(norm, undueDelay)) {
      const id = uniqueId(`${slug(norm.source.article)}-${key}`);
      rules.push({ id, ...rule });
      produced.push(id);
    }
    seen.set(key, produced);
    return produced;
  });
  for (const id of ids) for (const r of REGULATION_PROFILES[id].rules) rules.push(structuredClone(r));

  return { policy: { formatVersion: 1, regulations, enforcementLevel: options.enforcementLevel, rules, destinations: [] }, rulesOfNorms };
}
