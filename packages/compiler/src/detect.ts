// Jurisdiction and regulation detection (spec section 5): each regulation has weighted patterns;
// the regulation with the highest confidence wins. Light on purpose: the web app imports it for
// live validation, so it must not import templates or anything heavy. Every pattern is a literal
// phrase (no nested quantifiers), so detection stays linear in the text's length.
import type { Detection, Jurisdiction, RegulationId } from './policy-model.ts';

type Signal = { phrase: string; confidence: number; caseSensitive?: boolean };
type RegulationSignals = { regulation: RegulationId; jurisdiction: Jurisdiction; signals: Signal[] };

/** The table of spec section 5, in its order (the order breaks ties), plus each law's own terms. */
const TABLE: RegulationSignals[] = [
  {
    regulation: 'GDPR',
    jurisdiction: 'EU',
    signals: [
      { phrase: 'GDPR|RGPD|DSGVO|General Data Protection Regulation', confidence: 0.95 },
      { phrase: 'Regulation \\(EU\\) 2016/679|R[èe]glement \\(UE\\) 2016/679|Verordnung \\(EU\\) 2016/679|Reglamento \\(UE\\) 2016/679|Regulamento \\(UE\\) 2016/679', confidence: 0.95 },
      { phrase: 'r[èe]glement g[ée]n[ée]ral sur la protection des donn[ée]es|Datenschutz-Grundverordnung|Reglamento General de Protecci[óo]n de Datos|Regulamento Geral (?:sobre a )?Prote[çc][ãa]o de Dados', confidence: 0.95 },
      { phrase: 'right to erasure|right to be forgotten|right to data portability', confidence: 0.95 },
      { phrase: "droit [àa] l['’]effacement|droit [àa] l['’]oubli|Recht auf L[öo]schung|Recht auf Vergessenwerden|derecho de supresi[óo]n|derecho al olvido|direito ao apagamento|direito a ser esquecido", confidence: 0.95 },
      { phrase: 'Article 17|Artikel 17|Art[íi]culo 17|Artigo 17', confidence: 0.8 },
      { phrase: 'data subjects?|personne concern[ée]e|betroffene Person|betroffenen Person', confidence: 0.7 },
      { phrase: 'supervisory authority|autorit[ée] de contr[ôo]le|Aufsichtsbeh[öo]rde|autoridad de control|autoridade de controlo', confidence: 0.7 },
      { phrase: 'responsable du traitement|responsable del tratamiento|respons[áa]vel pelo tratamento|Verantwortliche[nr]?', confidence: 0.65 },
      { phrase: 'EU regulation|European Union|Union law|Member States?', confidence: 0.6 },
      { phrase: 'this Regulation|du présent règlement|dieser Verordnung|del presente Reglamento|do presente regulamento|information society services?', confidence: 0.6 },
      { phrase: "données à caractère personnel|personenbezogene[rn]? Daten|datos personales|dati personali|titolare del trattamento", confidence: 0.55 },
      { phrase: 'controllers?|personal data', confidence: 0.5 },
    ],
  },
  {
    regulation: 'HIPAA',
    jurisdiction: 'US-HIPAA',
    signals: [
      { phrase: 'HIPAA|Health Insurance Portability and Accountability Act', confidence: 0.95 },
      { phrase: 'protected health information', confidence: 0.9 },
      { phrase: '45 CFR|45 C\\.F\\.R\\.', confidence: 0.9 },
      { phrase: 'covered entit(?:y|ies)', confidence: 0.8 },
      { phrase: 'business associates?|designated record set', confidence: 0.75 },
    ],
  },
  {
    regulation: 'SOX',
    jurisdiction: 'US',
    signals: [
      { phrase: 'SOX|Sarbanes[- ]Oxley', confidence: 0.95 },
      { phrase: 'internal control over financial reporting|registered public accounting firm', confidence: 0.85 },
      { phrase: 'internal control structure|internal control report', confidence: 0.8 },
      { phrase: 'Securities Exchange Act|Public Company Accounting Oversight Board', confidence: 0.7 },
      { phrase: 'financial statements|issuers?', confidence: 0.55 },
    ],
  },
  {
    regulation: 'CCPA',
    jurisdiction: 'US-CA',
    signals: [
      { phrase: 'CCPA|CPRA|California Consumer Privacy Act|California Privacy Rights Act', confidence: 0.95 },
      { phrase: '§+ ?1798\\.\\d{2,3}|Section 1798\\.\\d{2,3}|Civil Code 1798|Sec\\. 1798\\.\\d{2,3}|1798\\.1\\d\\d', confidence: 0.9 },
      { phrase: 'California privacy', confidence: 0.85 },
      { phrase: 'verifiable consumer request', confidence: 0.8 },
      { phrase: 'California', confidence: 0.6 },
      { phrase: 'service providers? or contractors?', confidence: 0.5 },
      { phrase: 'consumers?', confidence: 0.45 },
    ],
  },
  {
    regulation: 'NY-SHIELD',
    jurisdiction: 'US-NY',
    signals: [
      { phrase: 'SHIELD Act|Stop Hacks and Improve Electronic Data Security', confidence: 0.95 },
      { phrase: '899-aa|899-bb', confidence: 0.9 },
      { phrase: 'New York|General Business Law', confidence: 0.6 },
      { phrase: 'private information', confidence: 0.55 },
    ],
  },
  {
    regulation: 'VCDPA',
    jurisdiction: 'US-VA',
    signals: [
      { phrase: 'VCDPA|Virginia Consumer Data Protection Act', confidence: 0.95 },
      { phrase: '59\\.1-5[78]\\d', confidence: 0.9 },
      { phrase: 'Virginia', confidence: 0.6 },
    ],
  },
  {
    regulation: 'PCI-DSS',
    jurisdiction: 'GLOBAL-PCI',
    signals: [
      { phrase: 'PCI[- ]?DSS|Payment Card Industry', confidence: 0.95 },
      { phrase: 'cardholder data', confidence: 0.9 },
      { phrase: 'sensitive authentication data|primary account numbers?', confidence: 0.85 },
      { phrase: 'PAN|SAD|CHD', confidence: 0.7, caseSensitive: true },
      { phrase: 'account data|card verification code', confidence: 0.6 },
    ],
  },
  {
    regulation: 'LGPD',
    jurisdiction: 'BR',
    signals: [
      { phrase: 'LGPD|Lei Geral de Prote[çc][ãa]o de Dados', confidence: 0.95 },
      { phrase: 'Lei n[º°o.]* ?13\\.709', confidence: 0.95 },
      { phrase: 'ANPD', confidence: 0.85, caseSensitive: true },
      { phrase: 'autoridade nacional|agentes de tratamento|titular dos dados', confidence: 0.7 },
      { phrase: 'controlador|controladores|dados pessoais sensíveis|desta Lei', confidence: 0.6 },
      { phrase: 'Art\\. \\d{1,3}º', confidence: 0.55, caseSensitive: true },
      { phrase: 'dados pessoais', confidence: 0.5 },
    ],
  },
  {
    regulation: 'PIPEDA',
    jurisdiction: 'CA',
    signals: [
      { phrase: 'PIPEDA|Personal Information Protection and Electronic Documents Act', confidence: 0.95 },
      { phrase: 'Privacy Commissioner of Canada', confidence: 0.9 },
      { phrase: 'Canada|Canadian', confidence: 0.6 },
    ],
  },
  {
    regulation: 'PIPL',
    jurisdiction: 'CN',
    signals: [
      { phrase: 'PIPL|Personal Information Protection Law', confidence: 0.95 },
      { phrase: "People['’]s Republic of China|personal information handlers?", confidence: 0.85 },
      { phrase: 'PRC', confidence: 0.7, caseSensitive: true },
    ],
  },
  {
    regulation: 'EU-AI-ACT',
    jurisdiction: 'EU',
    signals: [
      { phrase: 'EU AI Act|AI Act|Artificial Intelligence Act|Regulation \\(EU\\) 2024/1689', confidence: 0.95 },
      { phrase: 'high[- ]risk AI', confidence: 0.9 },
      { phrase: 'general[- ]purpose AI models?', confidence: 0.85 },
      { phrase: 'AI systems?', confidence: 0.7 },
      { phrase: 'deployers?', confidence: 0.6 },
    ],
  },
];

/** Whole words only: not preceded or followed by a letter, digit or underscore (Unicode-aware). */
function compile(signal: Signal): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${signal.phrase})(?![\\p{L}\\p{N}_])`, signal.caseSensitive ? 'u' : 'iu');
}

const COMPILED = TABLE.map((entry) => ({
  ...entry,
  signals: entry.signals.map((signal) => ({ confidence: signal.confidence, pattern: compile(signal) })),
}));

export type DetectionCandidate = Detection & { regulation: RegulationId; jurisdiction: Jurisdiction; hits: number };

/** Every regulation with at least one hit, best first (confidence, then distinct hits, then table order). */
export function detectCandidates(text: string): DetectionCandidate[] {
  const found: (DetectionCandidate & { order: number })[] = [];
  COMPILED.forEach((entry, order) => {
    let confidence = 0;
    let hits = 0;
    for (const signal of entry.signals) {
      if (signal.pattern.test(text)) {
        hits += 1;
        if (signal.confidence > confidence) confidence = signal.confidence;
      }
    }
    if (hits > 0) found.push({ regulation: entry.regulation, jurisdiction: entry.jurisdiction, confidence, hits, order });
  });
  found.sort((a, b) => b.confidence - a.confidence || b.hits - a.hits || a.order - b.order);
  return found.map(({ order: _order, ...candidate }) => candidate);
}

/** The detected jurisdiction and regulation; nulls and confidence 0 when nothing was found. */
export function detectJurisdiction(text: string): Detection {
  const best = detectCandidates(text)[0];
  if (!best) return { jurisdiction: null, regulation: null, confidence: 0 };
  return { jurisdiction: best.jurisdiction, regulation: best.regulation, confidence: best.confidence };
}

/** The jurisdiction each regulation belongs to (the detection table). */
export const JURISDICTION_OF_REGULATION: Readonly<Record<RegulationId, Jurisdiction>> = Object.fromEntries(
  TABLE.map((entry) => [entry.regulation, entry.jurisdiction]),
) as Record<RegulationId, Jurisdiction>;

/** The regulation a jurisdiction stands for when only the jurisdiction is known. */
export const REGULATION_OF_JURISDICTION: Readonly<Record<Jurisdiction, RegulationId>> = {
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
