import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDeadline, WITHOUT_UNDUE_DELAY } from './norms/deadline.ts';
import { MAX_SENTENCE_CHARS, segment, walk } from './segment.ts';
import { TEMPLATES } from './templates.ts';

const outline = (text: string) => walk(segment(text)).map((n) => [n.kind, n.reference?.number ?? null, n.path.join('/')]);

describe('segmentation', () => {
  it('finds articles, paragraphs, points and sentences with offsets into the text', () => {
    const text = TEMPLATES.gdpr.content;
    const nodes = walk(segment(text));
    expect(outline(text).slice(0, 4)).toEqual([
      ['article', '17', ''],
      ['paragraph', '17', '1'],
      ['point', '17', '1/a'],
      ['point', '17', '1/b'],
    ]);
    expect(nodes.filter((n) => n.kind === 'paragraph').map((n) => n.label)).toEqual(['1', '2', '3']);
    expect(nodes.filter((n) => n.kind === 'point')).toHaveLength(11);
    for (const n of nodes) for (const s of n.sentences) expect(text.slice(s.start, s.end)).toBe(s.text);
  });
  it('reads the same structure from text pasted as one line', () => {
    const oneLine = 'Article 17 Right to erasure 1. The data subject shall have the right to erasure where one of the following grounds applies: (a) the data are no longer necessary; (b) consent is withdrawn. 2. The controller shall take reasonable steps.';
    expect(outline(oneLine)).toEqual([
      ['article', '17', ''],
      ['paragraph', '17', '1'],
      ['point', '17', '1/a'],
      ['point', '17', '1/b'],
      ['paragraph', '17', '2'],
    ]);
  });
  it('follows US nesting (a)(1)(i), dotted requirements and Brazilian incisos', () => {
    expect(outline(TEMPLATES.hipaa.content).map((r) => r[2])).toEqual(['', 'a', 'a/1', 'a/1/i', 'a/1/ii', 'b', 'b/1', 'b/2', 'b/2/i']);
    expect(outline(TEMPLATES.pci.content).filter((r) => r[0] === 'article').map((r) => r[1])).toEqual([null, '3.2.1', '3.3.1', '3.3.2', '3.4.1', '3.5.1']);
    expect(outline('Art. 18. O titular tem direito a obter: I - acesso aos dados; II - correção de dados. § 1º O titular pode peticionar.')).toEqual([
      ['article', '18', ''],
      ['paragraph', '18', 'I'],
      ['paragraph', '18', 'II'],
      ['paragraph', '18', '1'],
    ]);
  });
  it('does not end a sentence at an abbreviation', () => {
    const [article] = segment('Article 5\nThe controller shall, in accordance with Art. 6 and Sec. 2, act. It shall keep records.');
    expect(article!.sentences.map((s) => s.text)).toEqual(['The controller shall, in accordance with Art. 6 and Sec. 2, act.', 'It shall keep records.']);
  });
});

describe('a text of one endless sentence', () => {
  it(`cuts a sentence longer than ${MAX_SENTENCE_CHARS.toLocaleString('en-US')} characters at a space, losing no text`, () => {
    const unit = 'the controller shall not process personal data ';
    const text = unit.repeat(20_000).trim();
    const sentences = walk(segment(text)).flatMap((n) => n.sentences);
    expect(sentences.length).toBeGreaterThan(text.length / MAX_SENTENCE_CHARS);
    for (const s of sentences) {
      expect(s.text.length).toBeLessThanOrEqual(MAX_SENTENCE_CHARS);
      expect(text.slice(s.start, s.end)).toBe(s.text);
      expect(s.text.split(' ').every((word) => unit.split(' ').includes(word))).toBe(true); // cut between words
    }
    expect(sentences.map((s) => s.text).join(' ')).toBe(text);
    // Without a space to cut at, at the limit itself.
    const solid = walk(segment('x'.repeat(MAX_SENTENCE_CHARS * 2 + 1))).flatMap((n) => n.sentences);
    expect(solid.map((s) => s.text.length)).toEqual([MAX_SENTENCE_CHARS, MAX_SENTENCE_CHARS, 1]);
  });
});

describe('deadlines', () => {
  it.each([
    ['notify within 72 hours after becoming aware', 'PT72H'],
    ['respond within 45 calendar days of receiving a request', 'P45D'],
    ['within one month of receipt of the request', 'P1M'],
    ['without undue delay', WITHOUT_UNDUE_DELAY],
    ['without undue delay and in any event within one month', 'P1M'],
    ['no later than 60 calendar days after discovery', 'P60D'],
    ['dans les meilleurs délais', WITHOUT_UNDUE_DELAY],
    ['unverzüglich', WITHOUT_UNDUE_DELAY],
    ['sin dilación indebida', WITHOUT_UNDUE_DELAY],
    ['no prazo de 15 (quinze) dias', 'P15D'],
    ['innerhalb eines Monats', 'P1M'],
    ['retain the documentation for 6 years from the date of its creation', null],
    ['a consumer less than 16 years of age', null],
    ['within a reasonable time', null],
    ['shall be fined under this title, imprisoned not more than 20 years, or both', null],
  ])('%s -> %s', (clause, deadline) => {
    expect(findDeadline(clause)).toBe(deadline);
  });
});

describe('the light entry points', () => {
  it('validate.ts and detect.ts import nothing heavy (the web app validates as the visitor types)', () => {
    for (const file of ['validate.ts', 'detect.ts', 'config.ts']) {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
      const imports = [...source.matchAll(/^import\s+(type\s+)?[^'"]*from '([^']+)'/gm)].map((m) => (m[1] ? `type ${m[2]}` : m[2]));
      for (const spec of imports) expect(['./config.ts', './detect.ts', 'type ./policy-model.ts'], `${file} imports ${spec}`).toContain(spec);
    }
  });
});
