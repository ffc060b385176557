// Condition and exception text -> Condition atoms of the closed attribute vocabulary. Whatever
// part of the text maps to no attribute is returned for review (kept as a comment on the rule),
// never silently dropped.
import type { Condition, SubjectRequest } from '../policy-model.ts';

type Pattern = { test: RegExp; atom: Condition; negated?: Condition };

const LAWFUL = ['consent', 'contract', 'legal-obligation', 'vital-interests', 'public-task', 'legitimate-interests'];

/** Phrases of legal text and the attribute condition each one states. Order matters: specific first. */
const PATTERNS: Pattern[] = [
  { test: /\b(explicit|express|separate|written) consent\b|\bauthori[sz]ation\b/i, atom: { attribute: 'explicitConsent', equals: true }, negated: { attribute: 'explicitConsent', equals: false } },
  { test: /\bwithdr[ae]w[sn]? (?:his or her |their |the )?consent\b|\bwithdrawal of consent\b/i, atom: { attribute: 'consent', equals: false } },
  { test: /\bconsent\b/i, atom: { attribute: 'consent', equals: true }, negated: { attribute: 'consent', equals: false } },
  { test: /\b(?:opt(?:s|ed)?[- ]out|not to sell|do not sell|directs? .{0,40}not to (?:sell|share))\b/i, atom: { attribute: 'optedOut', equals: true }, negated: { attribute: 'optedOut', equals: false } },
  { test: /\b(?:no longer necessary|retention period (?:has )?(?:expired|ended|lapsed)|longer than (?:is )?necessary|storage limitation)\b/i, atom: { attribute: 'retentionExpired', equals: true } },
  { test: /\bunlawfully processed\b|\bwithout (?:a |any )?(?:lawful|legal) basis\b/i, atom: { attribute: 'legalBasis', in: ['none'] } },
  { test: /\b(?:legal obligation|required by law|compliance with (?:a |the )?law)\b/i, atom: { attribute: 'legalBasis', in: ['legal-obligation'] } },
  { test: /\bperformance of a contract\b|\bcontractual necessity\b|\btreatment, payment,? or (?:health care )?operations\b/i, atom: { attribute: 'legalBasis', in: ['contract'] } },
  { test: /\bvital interests?\b|\bemergency\b/i, atom: { attribute: 'legalBasis', in: ['vital-interests'] } },
  { test: /\bpublic interest\b|\bofficial authority\b|\bpublic health\b/i, atom: { attribute: 'legalBasis', in: ['public-task'] } },
  { test: /\blegitimate interests?\b/i, atom: { attribute: 'legalBasis', in: ['legitimate-interests'] } },
  { test: /\b(?:lawful|legal) basis\b/i, atom: { attribute: 'legalBasis', in: LAWFUL } },
  { test: /\b(?:appropriate safeguards|adequacy decision|adequate level of protection|standard (?:data protection |contractual )?clauses|binding corporate rules)\b/i, atom: { attribute: 'safeguards', equals: true }, negated: { attribute: 'safeguards', equals: false } },
  { test: /\bthird countr(?:y|ies)\b|\binternational organi[sz]ation\b|\boutside (?:the )?(?:union|eu|eea|country)\b|\bcross-border\b/i, atom: { attribute: 'destination', in: ['third-country'] } },
  { test: /\bthird part(?:y|ies)\b/i, atom: { attribute: 'destination', in: ['third-party', 'third-country'] } },
  { test: /\bchild(?:ren)?\b|\bminors?\b|\bunder the age of \d+\b|\bunder \d+ years\b/i, atom: { attribute: 'isChild', equals: true }, negated: { attribute: 'isChild', equals: false } },
  { test: /\bencrypt(?:ed|ion)?\b|\bstrong cryptography\b|\brendered unreadable\b/i, atom: { attribute: 'encrypted', equals: true }, negated: { attribute: 'encrypted', equals: false } },
  { test: /\bmask(?:ed|ing)?\b|\btruncat(?:ed|ion)\b|\bpseudonymi[sz]ed\b/i, atom: { attribute: 'masked', equals: true }, negated: { attribute: 'masked', equals: false } },
  { test: /\berasure request\b|\brequests? (?:the )?(?:erasure|deletion)\b|\brequest to delete\b/i, atom: { attribute: 'erasureRequested', equals: true } },
  { test: /\bobjects?\b|\bobjection\b/i, atom: { attribute: 'subjectRequest', in: ['objection'] } },
];

/** The subject request that a phrase of a right or duty answers. */
const REQUEST_WORDS: [RegExp, SubjectRequest][] = [
  [/\bportab|\bstructured, commonly used\b|\bmachine-readable\b/i, 'portability'],
  [/\bobject/i, 'objection'],
  [/\brestrict/i, 'restriction'],
  [/\bopt[- ]?out|\bnot to sell\b/i, 'opt-out'],
  [/\bcorrect|\brectif|\bamend/i, 'rectification'],
  [/\berase|\berasure|\bdelet|\bforgotten\b/i, 'erasure'],
  [/\baccess\b|\bcopy\b|\bknow\b|\bconfirmation\b|\binspect/i, 'access'],
];

export function subjectRequestOf(text: string): SubjectRequest | null {
  for (const [re, request] of REQUEST_WORDS) if (re.test(text)) return request;
  return null;
}

const NEGATION = /\b(?:without|no|not|absent|lacking|unless)\s+(?:\w+\s+){0,3}$/i;

/** Atoms of one clause (a conjunction); several values of one enumerated attribute are alternatives. */
function clauseAtoms(clause: string): Condition[] {
  const atoms: Condition[] = [];
  for (const p of PATTERNS) {
    const m = p.test.exec(clause);
    if (!m) continue;
    const before = clause.slice(Math.max(0, m.index - 60), m.index);
    const atom = NEGATION.test(before) && p.negated ? p.negated : p.atom;
    const same = atoms.findIndex((a) => a.attribute === atom.attribute);
    if (same < 0) atoms.push(atom);
    else {
      const prev = atoms[same]!;
      // "legal obligation ... or public interest": the values add up; for booleans the first (most specific) statement wins
      if ('in' in prev && 'in' in atom) atoms[same] = { attribute: prev.attribute, in: [...new Set([...prev.in, ...atom.in])] } as Condition;
    }
  }
  return atoms;
}

const INTRO = /^[^:;]*\b(?:following|where|if|unless|necessary)\b[^:;]*:\s*/i;
const POINT = /^\(\s*(?:[a-z]|[ivx]+|\d+)\s*\)\s*/i;

/** Split enumerations: "where one of the following applies: (a) ...; (b) ...; or (c) ...". */
function alternativesOf(text: string): string[] {
  const body = text.replace(INTRO, '');
  return body
    .split(/;\s*(?:(?:and|or)\s+)?/i)
    .map((s) => s.trim().replace(POINT, '').replace(/[.,;:\s]+$/, '').trim())
    .filter((s) => s.length > 0);
}

export type MappedCondition = {
  /** Alternatives (any may hold), each a conjunction of atoms; [[]] = always. */
  alternatives: Condition[][];
  review: string[];
};

/** A norm's condition text as alternatives of atom conjunctions, plus the parts kept for review. */
export function mapCondition(text: string | null): MappedCondition {
  if (text === null || text.trim() === '') return { alternatives: [[]], review: [] };
  const cached = conditionCache.get(text);
  if (cached) return structuredClone(cached);
  const mapped = mapConditionText(text);
  if (conditionCache.size > CACHE_LIMIT) conditionCache.clear();
  conditionCache.set(text, mapped);
  return structuredClone(mapped);
}

// Statutes repeat the same condition across norms (a right and its duty); map each text once.
const CACHE_LIMIT = 256;
const conditionCache = new Map<string, MappedCondition>();

function mapConditionText(text: string): MappedCondition {
  const review: string[] = [];
  const alternatives: Condition[][] = [];
  for (const part of alternativesOf(text)) {
    const atoms = clauseAtoms(part);
    if (atoms.length === 0) review.push(`condition not mapped to the vocabulary: ${part}`);
    else alternatives.push(atoms);
  }
  // When nothing maps, the rule applies unconditionally (fail secure for forbids) and says so.
  return { alternatives: alternatives.length > 0 ? alternatives : [[]], review };
}

/** A prohibition's exceptions as `unless` atoms: any single atom that holds lifts the forbid. */
export function mapExceptions(exceptions: string[]): { unless: Condition[]; review: string[] } {
  const key = exceptions.join('\u0000');
  const cached = exceptionCache.get(key);
  if (cached) return structuredClone(cached);
  const mapped = mapExceptionTexts(exceptions);
  if (exceptionCache.size > CACHE_LIMIT) exceptionCache.clear();
  exceptionCache.set(key, mapped);
  return structuredClone(mapped);
}

const exceptionCache = new Map<string, { unless: Condition[]; review: string[] }>();

function mapExceptionTexts(exceptions: string[]): { unless: Condition[]; review: string[] } {
  const unless: Condition[] = [];
  const review: string[] = [];
  const key = (c: Condition) => JSON.stringify(c);
  const seen = new Set<string>();
  for (const exception of exceptions) {
    for (const part of alternativesOf(exception)) {
      const atoms = clauseAtoms(part);
      if (atoms.length === 1) {
        const atom = atoms[0]!;
        if (!seen.has(key(atom))) {
          seen.add(key(atom));
          unless.push(atom);
        }
      } else if (atoms.length === 0) {
        review.push(`exception not mapped to the vocabulary (the prohibition still applies): ${part}`);
      } else {
        // A conjunction cannot lift a forbid atom by atom; keeping the forbid is the secure reading.
        review.push(`exception with combined conditions not applied (the prohibition still applies): ${part}`);
      }
    }
  }
  return { unless, review };
}
