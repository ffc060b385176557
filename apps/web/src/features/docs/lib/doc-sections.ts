// The documentation's sections: the fourteen of spec section 2, each a Markdown file in docs/, and
// the further guides other parts of the product keep there (formats, hook, proofs, MCP, ...),
// which the viewer shows the same way. Content is bundled so search covers every section.
export type DocSection = { id: string; title: string; markdown: string; group: 'main' | 'more'; /** Its file in docs/, such as `formats/rego.md`. */ file: string };

/** Where a link in the docs leads: a section, and a heading in it (its anchor) or its top. */
export type DocTarget = { section: string; heading: string | null };

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
    sections.push({ id, title: titleOf(markdown, id), markdown, group: 'main', file });
    byFile.delete(file);
  }
  for (const [file, markdown] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const id = file.replace(/\.md$/, '').replace(/\//g, '-');
    sections.push({ id, title: titleOf(markdown, id), markdown, group: 'more', file });
  }
  return sections;
}

export const DOC_SECTIONS: readonly DocSection[] = build();
export const DEFAULT_SECTION_ID = 'overview';

/**
 * Where a link written in section `from` leads on the site, or null for an address outside the
 * docs (another page, another site). The docs link as they would in the repository: to a section
 * (`#api`), to a heading of the same file (`#post-apiv1decide`), or to another file and a heading
 * in it (`proofs-and-audit.md`, `../policy-semantics.md`, `api.md#data-subjects-and-erasure`).
 */
export function docLinkTarget(href: string, from: DocSection, sections: readonly DocSection[] = DOC_SECTIONS): DocTarget | null {
  if (href.startsWith('#')) {
    const anchor = decodeURIComponent(href.slice(1));
    return sections.some((s) => s.id === anchor) ? { section: anchor, heading: null } : { section: from.id, heading: anchor };
  }
  const file = /^([^:/?#][^:?#]*\.md)(?:#(.*))?$/.exec(href);
  if (!file) return null;
  const path = new URL(file[1]!, `https://docs.invalid/${from.file}`).pathname.slice(1);
  const section = sections.find((s) => s.file === path);
  return section ? { section: section.id, heading: file[2] ? decodeURIComponent(file[2]) : null } : null;
}

/** The address of a target on the docs page: `#api`, or `#api/post-apiv1decide` for a heading. */
export function docTargetHash(target: DocTarget): string {
  return `#${target.section}${target.heading === null ? '' : `/${target.heading}`}`;
}

/** The target an address's hash names; the default section for any other. */
export function docTargetOfHash(hash: string, sections: readonly DocSection[] = DOC_SECTIONS): DocTarget {
  const [section = '', heading = null] = decodeURIComponent(hash.replace(/^#/, '')).split(/\/(.*)/s);
  return sections.some((s) => s.id === section) ? { section, heading: heading || null } : { section: DEFAULT_SECTION_ID, heading: null };
}

/** Sections whose title or content contains the query, case-insensitively (spec section 2). */
export function searchSections(sections: readonly DocSection[], query: string): DocSection[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...sections];
  return sections.filter((s) => s.title.toLowerCase().includes(needle) || s.markdown.toLowerCase().includes(needle));
}
