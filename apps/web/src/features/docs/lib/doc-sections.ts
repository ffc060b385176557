// The documentation's sections: the fourteen of spec section 2, each a Markdown file in docs/, and
// the further guides other parts of the product keep there (formats, hook, proofs, MCP, ...),
// which the viewer shows the same way. Content is bundled so search covers every section.
export type DocSection = { id: string; title: string; markdown: string; group: 'main' | 'more' };

const files = import.meta.glob<string>(['../../../../../../docs/*.md', '../../../../../../docs/formats/*.md'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The spec's fourteen section ids and the file each one reads. */
const MAIN: ReadonlyArray<[id: string, file: string]> = [
  ['overview', 'overview.md'],
  ['quickstart', 'quickstart.md'],
  ['architecture', 'architecture.md'],
  ['scope', 'scope.md'],
  ['aiGovernance', 'ai-governance.md'],
  ['framework168', 'framework-168.md'],
  ['developmentStandards', 'development-standards.md'],
  ['api', 'api.md'],
  ['deployment', 'deployment.md'],
  ['compliance', 'compliance.md'],
  ['security', 'security.md'],
  ['support', 'support.md'],
  ['faq', 'faq.md'],
  ['performance', 'performance.md'],
];

function titleOf(markdown: string, fallback: string): string {
  return /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? fallback;
}

function fileKey(path: string): string {
  return path.slice(path.lastIndexOf('/docs/') + '/docs/'.length);
}

function build(): DocSection[] {
  const byFile = new Map(Object.entries(files).map(([path, text]) => [fileKey(path), text]));
  const sections: DocSection[] = [];
  for (const [id, file] of MAIN) {
    const markdown = byFile.get(file);
    if (markdown === undefined) continue;
    sections.push({ id, title: titleOf(markdown, id), markdown, group: 'main' });
    byFile.delete(file);
  }
  for (const [file, markdown] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const id = file.replace(/\.md$/, '').replace(/\//g, '-');
    sections.push({ id, title: titleOf(markdown, id), markdown, group: 'more' });
  }
  return sections;
}

export const DOC_SECTIONS: readonly DocSection[] = build();
export const DEFAULT_SECTION_ID = 'overview';

/** Sections whose title or content contains the query, case-insensitively (spec section 2). */
export function searchSections(sections: readonly DocSection[], query: string): DocSection[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...sections];
  return sections.filter((s) => s.title.toLowerCase().includes(needle) || s.markdown.toLowerCase().includes(needle));
}
