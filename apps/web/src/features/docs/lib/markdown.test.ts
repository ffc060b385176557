import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown.ts';
import { DOC_SECTIONS, searchSections } from './doc-sections.ts';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists, tables and fenced code', () => {
    const blocks = parseMarkdown('# Title\n\nSome **bold** text\nwrapped.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | `x` |\n\n```bash\nnpm start\n```\n');
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'table', 'code']);
    expect(blocks[1]).toEqual({ kind: 'paragraph', text: [{ kind: 'text', text: 'Some ' }, { kind: 'strong', text: 'bold' }, { kind: 'text', text: ' text wrapped.' }] });
    expect(blocks[4]).toEqual({ kind: 'code', language: 'bash', code: 'npm start' });
  });

  it('keeps markup in the text as text', () => {
    expect(parseInline('<script>alert(1)</script> [x](#api)')).toEqual([
      { kind: 'text', text: '<script>alert(1)</script> ' },
      { kind: 'link', text: 'x', href: '#api' },
    ]);
  });
});

describe('the documentation sections', () => {
  it('has the fourteen sections of the spec in order, each with content', () => {
    const main = DOC_SECTIONS.filter((s) => s.group === 'main');
    expect(main.map((s) => s.id)).toEqual([
      'overview', 'quickstart', 'architecture', 'scope', 'aiGovernance', 'framework168', 'developmentStandards',
      'api', 'deployment', 'compliance', 'security', 'support', 'faq', 'performance',
    ]);
    for (const section of main) expect(section.markdown.length).toBeGreaterThan(300);
  });

  it('search keeps sections whose title or content contains the query, case-insensitively', () => {
    const found = searchSections(DOC_SECTIONS, 'postgresql');
    expect(found.map((s) => s.id)).toContain('deployment');
    expect(found.every((s) => `${s.title}\n${s.markdown}`.toLowerCase().includes('postgresql'))).toBe(true);
    expect(searchSections(DOC_SECTIONS, 'FAQ').map((s) => s.id)).toContain('faq');
    expect(searchSections(DOC_SECTIONS, 'no such words anywhere zq')).toEqual([]);
  });
});
