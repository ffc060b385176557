// Links within the docs lead where they lead in the repository: a section, a heading, another file.
// Every link the docs hold is checked against the sections and headings there are.
import { describe, expect, it } from 'vitest';
import { DOC_SECTIONS, type DocSection, docLinkTarget, docTargetHash, docTargetOfHash } from './doc-sections.ts';
import { type Block, type Inline, parseMarkdown, slugify } from './markdown.ts';

const section = (id: string): DocSection => DOC_SECTIONS.find((s) => s.id === id)!;

function linksOf(blocks: Block[]): string[] {
  const inlines = (parts: Inline[]) => parts.flatMap((p) => (p.kind === 'link' ? [p.href] : []));
  return blocks.flatMap((b) => {
    switch (b.kind) {
      case 'heading':
      case 'paragraph':
      case 'quote':
        return inlines(b.text);
      case 'list':
        return b.items.flatMap(inlines);
      case 'table':
        return [...b.head, ...b.rows.flat()].flatMap(inlines);
      default:
        return [];
    }
  });
}

describe('links within the docs', () => {
  it('makes heading anchors as GitHub does', () => {
    expect(slugify('POST /api/v1/decide')).toBe('post-apiv1decide');
    expect(slugify('GET /api/v1/arbiters/:id/versions')).toBe('get-apiv1arbitersidversions');
    expect(slugify('Privacy: no personal data in the log')).toBe('privacy-no-personal-data-in-the-log');
    expect(slugify('The CLI: `bytebound check`')).toBe('the-cli-bytebound-check');
  });

  it('resolves a section, a heading of the same file, and another file with or without a heading', () => {
    const api = section('api');
    expect(docLinkTarget('#quickstart', api)).toEqual({ section: 'quickstart', heading: null });
    expect(docLinkTarget('#post-apiv1decide', api)).toEqual({ section: 'api', heading: 'post-apiv1decide' });
    expect(docLinkTarget('proofs-and-audit.md', api)).toEqual({ section: 'proofs-and-audit', heading: null });
    expect(docLinkTarget('proofs-and-audit.md#privacy-no-personal-data-in-the-log', api)).toEqual({ section: 'proofs-and-audit', heading: 'privacy-no-personal-data-in-the-log' });
    // A file of the spec's fourteen opens under its section id, from a guide one folder down.
    expect(docLinkTarget('../api.md#data-subjects-and-erasure', section('formats-rego'))).toEqual({ section: 'api', heading: 'data-subjects-and-erasure' });
    expect(docLinkTarget('../policy-semantics.md', section('formats-rego'))).toEqual({ section: 'policy-semantics', heading: null });
    for (const outside of ['https://example.com/a.md', '/docs', '/booking', 'mailto:team@example.com', 'missing.md']) expect(docLinkTarget(outside, api), outside).toBeNull();
  });

  it('writes targets into the address and reads them back', () => {
    expect(docTargetHash({ section: 'api', heading: null })).toBe('#api');
    expect(docTargetHash({ section: 'api', heading: 'post-apiv1decide' })).toBe('#api/post-apiv1decide');
    expect(docTargetOfHash('#api/post-apiv1decide')).toEqual({ section: 'api', heading: 'post-apiv1decide' });
    expect(docTargetOfHash('#agent-hook')).toEqual({ section: 'agent-hook', heading: null });
    expect(docTargetOfHash('#nothing-here')).toEqual({ section: 'overview', heading: null });
    expect(docTargetOfHash('')).toEqual({ section: 'overview', heading: null });
  });

  it('has no dead link: every relative link opens a section, and a heading it names is in that section', () => {
    const headings = new Map(DOC_SECTIONS.map((s) => [s.id, new Set(parseMarkdown(s.markdown).flatMap((b) => (b.kind === 'heading' ? [b.slug] : [])))]));
    let checked = 0;
    for (const from of DOC_SECTIONS) {
      for (const href of linksOf(parseMarkdown(from.markdown))) {
        if (/^(https?:|mailto:|\/)/.test(href)) continue;
        const target = docLinkTarget(href, from);
        expect(target, `${from.file}: ${href}`).not.toBeNull();
        if (target!.heading !== null) expect([...headings.get(target!.section)!], `${from.file}: ${href}`).toContain(target!.heading);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
