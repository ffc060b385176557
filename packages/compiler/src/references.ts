// References to provisions in legal text ("Article 17(1)(a)", "Art. 9", "§ 1798.105",
// "Section 1798.100", "45 CFR 164.524", "Requirement 3") and the citation format of each
// regulation ("GDPR Art. 17(1)", "CCPA § 1798.105(a)", "45 CFR 164.524(a)(1)", "PCI DSS Req. 3.3.1").
// Every pattern has bounded repetition, so scanning stays linear.
import type { RegulationId } from './policy-model.ts';

export type ReferenceKind = 'article' | 'section' | 'cfr' | 'requirement' | 'principle';

export type Reference = {
  kind: ReferenceKind;
  /** The provision's number: "17", "1798.105", "164.524", "3.3.1". */
  number: string;
  /** Subdivisions in order: ["1", "a"] for "Article 17(1)(a)". */
  path: string[];
  /** Offsets of the reference in the text. */
  start: number;
  end: number;
  raw: string;
};

const SUBDIVISIONS = '((?:\\s?\\((?:[0-9]{1,3}|[a-zA-Z]{1,5})\\)){0,6})';
const REFERENCE =
  new RegExp(
    [
      `(?<cfrTitle>\\d{1,2})\\s?C\\.?F\\.?R\\.?\\s?(?:(?:§|Part|Sec\\.?|section)\\s?)?(?<cfr>\\d{1,3}\\.\\d{1,4})${SUBDIVISIONS.replace('(', '(?<cfrSub>')}`,
      `(?<![\\p{L}])(?:Articles?|Arts?\\.|Artikel|Art[íi]culos?|Artigos?)\\s?(?<article>\\d{1,3}[a-z]?)(?:[º°o](?![\\p{L}]))?${SUBDIVISIONS.replace('(', '(?<articleSub>')}`,
      `(?:§{1,2}|(?<![\\p{L}])(?:Sections?|Sec\\.|SEC\\.))\\s?(?<section>\\d{1,5}(?:[.-]\\d{1,5}){0,3}[a-z]?(?:-[a-z]{1,3})?)(?![º°\\d])${SUBDIVISIONS.replace('(', '(?<sectionSub>')}`,
      `(?<![\\p{L}])(?:Requirements?|Req\\.)\\s?(?<requirement>\\d{1,2}(?:\\.\\d{1,2}){0,4})`,
      `(?<![\\p{L}])Principles?\\s?(?<principle>4\\.\\d{1,2}(?:\\.\\d{1,2}){0,2})`,
    ].join('|'),
    'gu',
  );

function subdivisions(raw: string | undefined): string[] {
  if (!raw) return [];
  return [...raw.matchAll(/\(([^()]{1,5})\)/g)].map((m) => m[1]!);
}

/** Every reference in the text, in order of appearance. */
export function findReferences(text: string): Reference[] {
  const found: Reference[] = [];
  for (const m of text.matchAll(REFERENCE)) {
    const g = m.groups ?? {};
    const start = m.index;
    const raw = m[0].trimEnd();
    const base = { start, end: start + raw.length, raw };
    if (g.cfr) found.push({ kind: 'cfr', number: `${g.cfrTitle} CFR ${g.cfr}`, path: subdivisions(g.cfrSub), ...base });
    else if (g.article) found.push({ kind: 'article', number: g.article, path: subdivisions(g.articleSub), ...base });
    else if (g.section) found.push({ kind: 'section', number: g.section.replace(/\.$/, ''), path: subdivisions(g.sectionSub), ...base });
    else if (g.requirement) found.push({ kind: 'requirement', number: g.requirement, path: [], ...base });
    else if (g.principle) found.push({ kind: 'principle', number: g.principle, path: [], ...base });
  }
  return found;
}

/** The first reference that starts at offset 0 of the text (a heading), or null. */
export function referenceAtStart(text: string): Reference | null {
  const first = findReferences(text.slice(0, 80))[0];
  return first && first.start === 0 ? first : null;
}

const NAME: Record<RegulationId, string> = {
  GDPR: 'GDPR',
  CCPA: 'CCPA',
  HIPAA: 'HIPAA',
  'PCI-DSS': 'PCI DSS',
  'EU-AI-ACT': 'EU AI Act',
  SOX: 'SOX',
  LGPD: 'LGPD',
  PIPEDA: 'PIPEDA',
  PIPL: 'PIPL',
  VCDPA: 'VCDPA',
  'NY-SHIELD': 'NY GBL',
};

/** How each regulation cites its provisions. */
const STYLE: Record<RegulationId, 'article' | 'section' | 'cfr' | 'requirement' | 'principle'> = {
  GDPR: 'article',
  'EU-AI-ACT': 'article',
  LGPD: 'article',
  PIPL: 'article',
  CCPA: 'section',
  VCDPA: 'section',
  'NY-SHIELD': 'section',
  SOX: 'section',
  PIPEDA: 'section',
  HIPAA: 'cfr',
  'PCI-DSS': 'requirement',
};

export function regulationName(regulation: RegulationId): string {
  return NAME[regulation];
}

/**
 * A norm's citation: the regulation's name, the provision's number and the subdivisions,
 * "GDPR Art. 17(1)", "CCPA § 1798.105(a)", "45 CFR 164.524(a)(1)", "PCI DSS Req. 3.3.1".
 * Without a number, the regulation's name alone.
 */
export function formatCitation(regulation: RegulationId, number: string | null, path: readonly string[] = []): string {
  const name = NAME[regulation];
  if (!number) return name;
  const sub = path.map((p) => `(${p})`).join('');
  switch (STYLE[regulation]) {
    case 'article':
      return `${name} Art. ${number}${sub}`;
    case 'section':
      return `${name} § ${number}${sub}`;
    case 'cfr':
      return `${number.includes('CFR') ? number : `45 CFR ${number}`}${sub}`;
    case 'requirement':
      return `${name} Req. ${number}${sub}`;
    case 'principle':
      return `${name} Principle ${number}${sub}`;
  }
}
