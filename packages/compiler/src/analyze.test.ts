import { describe, expect, it } from 'vitest';
import { analyze, NOTE_NOT_LEGAL, NOTE_TOO_SHORT } from './analyze.ts';
import { LEGAL_TEXT_HARD_LIMIT_BYTES } from './config.ts';
import { detectJurisdiction } from './detect.ts';
import { LegalTextError } from './errors.ts';
import { MAX_EXCEPTIONS_PER_NORM, MAX_NORMS_PER_SENTENCE } from './norms/extract.ts';
import { findReferences, formatCitation } from './references.ts';
import { TEMPLATES, TEMPLATE_KEYS } from './templates.ts';
import {
  MESSAGE_LARGE_TEXT,
  MESSAGE_NO_JURISDICTION,
  MESSAGE_NO_MODAL_WORDS,
  MESSAGE_NO_STRUCTURE_WORDS,
  MESSAGE_TOO_SHORT,
  validateLegalText,
} from './validate.ts';

const brief = (text: string) => analyze(text).norms.map((n) => [n.modality, n.subject, n.action, n.target, n.deadline]);

describe('validation (spec section 5)', () => {
  it('rejects text under 10 characters with the spec message', () => {
    expect(validateLegalText('too short').errors).toEqual([MESSAGE_TOO_SHORT]);
    expect(MESSAGE_TOO_SHORT).toBe('Legal text must be at least 10 characters long.');
    expect(analyze('   short  ').note).toBe(NOTE_TOO_SHORT);
  });
  it('warns over 50,000 characters and when no jurisdiction is detected', () => {
    const long = 'The controller shall erase personal data. '.repeat(1300);
    expect(validateLegalText(long).warnings).toContain(MESSAGE_LARGE_TEXT);
    expect(MESSAGE_LARGE_TEXT).toBe('Large texts may take longer to process (current limit: 50KB).');
    expect(validateLegalText('Bake the cake for thirty minutes.').warnings).toEqual([MESSAGE_NO_JURISDICTION]);
  });
  it('suggests modal and structure words only when they are missing', () => {
    const plain = 'Personal data of customers is kept in the data centre in Frankfurt. '.repeat(4);
    const s = validateLegalText(plain).suggestions;
    expect(s).toContain(MESSAGE_NO_MODAL_WORDS);
    expect(s).toContain(MESSAGE_NO_STRUCTURE_WORDS);
    expect(validateLegalText(TEMPLATES.gdpr.content).suggestions).toEqual([]);
  });
  it('throws a LegalTextError naming the 1 MB limit for larger input, counted in UTF-8 bytes', () => {
    const tooBig = 'é'.repeat(LEGAL_TEXT_HARD_LIMIT_BYTES / 2 + 1); // 2 bytes each
    expect(() => analyze(tooBig)).toThrow(LegalTextError);
    expect(() => analyze(tooBig)).toThrow(/1 MB/);
  });
});

describe('detection (spec section 5)', () => {
  it.each([
    ['Under the GDPR the controller must erase the data.', 'EU', 'GDPR', 0.95],
    ['A covered entity must protect protected health information.', 'US-HIPAA', 'HIPAA', 0.9],
    ['Section 1798.105 gives consumers a right to delete.', 'US-CA', 'CCPA', 0.9],
    ['Cardholder data must be encrypted.', 'GLOBAL-PCI', 'PCI-DSS', 0.9],
    ['Providers of high-risk AI systems shall keep logs.', 'EU', 'EU-AI-ACT', 0.9],
    ['Under SOX management assesses controls.', 'US', 'SOX', 0.95],
    ['A LGPD garante direitos ao titular.', 'BR', 'LGPD', 0.95],
    ['PIPEDA applies to organizations.', 'CA', 'PIPEDA', 0.95],
    ['The PIPL protects individuals.', 'CN', 'PIPL', 0.95],
    ['The VCDPA gives rights to consumers.', 'US-VA', 'VCDPA', 0.95],
    ['The NY SHIELD Act requires notice.', 'US-NY', 'NY-SHIELD', 0.95],
  ])('%s -> %s', (text, jurisdiction, regulation, confidence) => {
    expect(detectJurisdiction(text)).toEqual({ jurisdiction, regulation, confidence });
  });
  it('is case-insensitive and finds nothing in a recipe', () => {
    expect(detectJurisdiction('the gdpr applies').regulation).toBe('GDPR');
    expect(detectJurisdiction('Put the pan on the stove.')).toEqual({ jurisdiction: null, regulation: null, confidence: 0 });
  });
  it('lets the caller fix the jurisdiction', () => {
    expect(analyze('The business shall delete the data on request.', { jurisdiction: 'US-CA' }).detected).toEqual({ jurisdiction: 'US-CA', regulation: 'CCPA', confidence: 1 });
    expect(analyze(TEMPLATES.ccpa.content, { jurisdiction: 'US' }).detected.regulation).toBe('CCPA');
    expect(analyze(TEMPLATES.gdpr.content, { jurisdiction: 'BR' }).detected).toEqual({ jurisdiction: 'BR', regulation: 'LGPD', confidence: 1 });
  });
});

describe('references', () => {
  it('recognises the citation forms of the regulations', () => {
    const refs = findReferences('Article 17(1)(a), Art. 9, § 1798.105, Section 1798.100, 45 CFR 164.524 and Requirement 3');
    expect(refs.map((r) => [r.kind, r.number, r.path])).toEqual([
      ['article', '17', ['1', 'a']],
      ['article', '9', []],
      ['section', '1798.105', []],
      ['section', '1798.100', []],
      ['cfr', '45 CFR 164.524', []],
      ['requirement', '3', []],
    ]);
    expect(formatCitation('CCPA', '1798.105', ['a'])).toBe('CCPA § 1798.105(a)');
    expect(formatCitation('PCI-DSS', '3.3.1')).toBe('PCI DSS Req. 3.3.1');
  });
});

describe('norm extraction', () => {
  it('reads GDPR Art. 17(1) as a right and an obligation with the grounds as ONE condition, and 17(3) as their exception', () => {
    const a = analyze(TEMPLATES.gdpr.content);
    const [right, duty] = a.norms;
    expect(right).toMatchObject({ modality: 'right', subject: 'data subject', action: 'delete', target: 'personal', deadline: 'without undue delay' });
    expect(duty).toMatchObject({ modality: 'obligation', subject: 'controller', action: 'delete', deadline: 'without undue delay' });
    expect(right!.source.article).toBe('GDPR Art. 17(1)');
    expect(duty!.condition).toMatch(/one of the following grounds applies.*no longer necessary.*information society services/s);
    expect(duty!.exceptions.join(' ')).toMatch(/Paragraphs 1 and 2 shall not apply.*freedom of expression/s);
    expect(a.norms.filter((n) => n.source.article === 'GDPR Art. 17(1)')).toHaveLength(2);
    const quote = right!.source.quote;
    expect(TEMPLATES.gdpr.content.slice(...right!.source.span)).toBe(quote);
  });
  it('reads prohibitions, permissions, "must ... unless" and deadlines', () => {
    expect(brief('Article 1\nThe controller shall not transfer personal data to a third country.')).toEqual([['prohibition', 'controller', 'share', 'personal', null]]);
    expect(brief('Article 9\nUnder the GDPR, processing of genetic data is prohibited.')).toEqual([['prohibition', 'controller', 'process', 'sensitive', null]]);
    expect(brief('Section 2. The business may collect personal information.')[0]).toEqual(['permission', 'business', 'create', 'personal', null]);
    const unless = analyze('Article 3\nThe controller must notify the supervisory authority within 72 hours unless the breach is unlikely to result in a risk.').norms[0]!;
    expect(unless).toMatchObject({ modality: 'obligation', action: 'notify', deadline: 'PT72H' });
    expect(unless.exceptions[0]).toMatch(/^unless the breach/);
    expect(brief('Section 4. A business shall respond within 45 calendar days.')[0]![4]).toBe('P45D');
    expect(brief('Article 5\nThe controller shall inform the data subject within one month.')[0]![4]).toBe('P1M');
  });
  it('reads every template and cites its provisions', () => {
    for (const key of TEMPLATE_KEYS) {
      const a = analyze(TEMPLATES[key].content);
      expect(a.detected.jurisdiction, key).toBe(TEMPLATES[key].jurisdiction);
      expect(a.norms.length, key).toBeGreaterThan(0);
    }
    expect(analyze(TEMPLATES.ccpa.content).norms[0]!.source.article).toBe('CCPA § 1798.105(a)');
    expect(analyze(TEMPLATES.hipaa.content).norms[0]!.source.article).toBe('45 CFR 164.524(a)(1)');
    expect(analyze(TEMPLATES.pci.content).norms.map((n) => n.source.article)).toContain('PCI DSS Req. 3.3.1');
  });
  it.each([
    ['fr', "1. La personne concernée a le droit d'obtenir du responsable du traitement l'effacement, dans les meilleurs délais, de données à caractère personnel la concernant et le responsable du traitement a l'obligation d'effacer ces données à caractère personnel dans les meilleurs délais, lorsque l'un des motifs suivants s'applique:"],
    ['de', '(1) Die betroffene Person hat das Recht, von dem Verantwortlichen zu verlangen, dass sie betreffende personenbezogene Daten unverzüglich gelöscht werden, und der Verantwortliche ist verpflichtet, personenbezogene Daten unverzüglich zu löschen, sofern einer der folgenden Gründe zutrifft:'],
    ['es', '1. El interesado tendrá derecho a obtener sin dilación indebida del responsable del tratamiento la supresión de los datos personales que le conciernan, el cual estará obligado a suprimir sin dilación indebida los datos personales cuando concurra alguna de las circunstancias siguientes:'],
  ])('reads GDPR Art. 17(1) in %s as a right and an obligation to erase without undue delay', (_language, text) => {
    expect(brief(`Article 17\n${text}`)).toEqual([
      ['right', 'data subject', 'delete', 'personal', 'without undue delay'],
      ['obligation', 'controller', 'delete', 'personal', 'without undue delay'],
    ]);
  });
  it('reads the LGPD in Portuguese', () => {
    const a = analyze('Art. 18. O titular dos dados pessoais tem direito a obter do controlador a eliminação dos dados pessoais tratados com o consentimento do titular.');
    expect(a.detected.jurisdiction).toBe('BR');
    expect(a.norms.map((n) => [n.modality, n.action, n.source.article])).toEqual([['right', 'delete', 'LGPD Art. 18']]);
  });
  it('invents nothing for a recipe and says so', () => {
    const a = analyze('You must whisk the eggs until pale, then you may add the flour and bake it.');
    expect(a.norms).toEqual([]);
    expect(a.note).toBe(NOTE_NOT_LEGAL);
  });
  it('is deterministic and counts words', () => {
    expect(analyze(TEMPLATES.ccpa.content)).toEqual(analyze(TEMPLATES.ccpa.content));
    expect(analyze('The controller shall erase personal data.').wordCount).toBe(6);
  });
});

describe('texts that repeat themselves without end', () => {
  it(`keeps at most ${MAX_NORMS_PER_SENTENCE} norms of one sentence and ${MAX_EXCEPTIONS_PER_NORM} exceptions of one norm`, () => {
    const sentence = Array.from({ length: 60 }, (_, i) => `the controller shall not process personal data unless case ${i} applies`).join(' and ');
    const norms = analyze(`Article 5\n${sentence}.`).norms;
    expect(norms.length).toBeGreaterThan(0);
    expect(norms.length).toBeLessThanOrEqual(MAX_NORMS_PER_SENTENCE);
    const exceptions = Array.from({ length: 40 }, (_, i) => `This Article shall not apply to case ${i}.`).join(' ');
    const excepted = analyze(`Article 6\nThe controller shall delete personal data without undue delay. ${exceptions}`).norms;
    expect(excepted.length).toBeGreaterThan(0);
    for (const norm of excepted) expect(norm.exceptions.length).toBeLessThanOrEqual(MAX_EXCEPTIONS_PER_NORM);
  });
});
