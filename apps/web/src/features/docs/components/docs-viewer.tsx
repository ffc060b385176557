// The documentation viewer: a sidebar with 'Search docs...' and the sections, the selected section
// rendered from its Markdown, deep links (/docs#api), and the header navigation of spec section 2
// (home, documentation = top, security section, pricing).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { DEFAULT_SECTION_ID, DOC_SECTIONS, searchSections } from '../lib/doc-sections.ts';
import { MarkdownView } from './markdown-view.tsx';

const SECTION_IDS = new Set(DOC_SECTIONS.map((s) => s.id));

function sectionFromHash(hash: string): string {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return SECTION_IDS.has(id) ? id : DEFAULT_SECTION_ID;
}

export function DocsViewer() {
  const [query, setQuery] = useState('');
  // The prerendered page shows the overview; the client then follows the address's hash.
  const [selected, setSelected] = useState(DEFAULT_SECTION_ID);

  useEffect(() => {
    const follow = () => setSelected(sectionFromHash(window.location.hash));
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  const select = useCallback((id: string) => {
    setSelected(id);
    history.pushState(null, '', `#${id}`);
    window.scrollTo({ top: 0 });
  }, []);

  const found = useMemo(() => searchSections(DOC_SECTIONS, query), [query]);
  const section = DOC_SECTIONS.find((s) => s.id === selected) ?? DOC_SECTIONS[0]!;
  const navLink = 'rounded-md px-3 py-1.5 text-sm text-slate-200 hover:bg-ink-800';

  return (
    <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
      <nav aria-label="Documentation header" className="flex flex-wrap gap-1 border-b border-ink-800 py-3">
        <Link to={paths.home} className={navLink}>
          Home
        </Link>
        <button type="button" className={navLink} onClick={() => window.scrollTo({ top: 0 })}>
          Documentation
        </button>
        <button type="button" className={navLink} onClick={() => select('security')}>
          Security
        </button>
        <Link to={paths.pricing} className={navLink}>
          Pricing
        </Link>
      </nav>
      <h1 className="mt-8 text-4xl font-bold tracking-tight text-white">Documentation</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Documentation sections">
          <label htmlFor="docs-search" className="sr-only">
            Search docs
          </label>
          <input
            id="docs-search"
            type="search"
            placeholder="Search docs..."
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            className="w-full rounded-md border border-ink-700 bg-ink-900 px-3 py-2 text-slate-100 placeholder:text-slate-400"
          />
          <p className="sr-only" aria-live="polite">
            {found.length} sections found
          </p>
          <ul className="mt-4 space-y-0.5" data-testid="docs-sections">
            {found.map((s, n) => (
              <li key={s.id}>
                {s.group === 'more' && found[n - 1]?.group !== 'more' && <p className="mt-4 mb-1 px-3 text-xs font-semibold tracking-wide text-slate-300 uppercase">More guides</p>}
                <a
                  href={`#${s.id}`}
                  aria-current={s.id === section.id ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    select(s.id);
                  }}
                  className={`block rounded-md px-3 py-1.5 text-sm ${s.id === section.id ? 'bg-ink-800 font-semibold text-brand-300' : 'text-slate-200 hover:bg-ink-800'}`}
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
          {found.length === 0 && <p className="mt-4 px-3 text-sm text-slate-300">No section mentions “{query}”.</p>}
        </aside>
        <article id={section.id} data-section={section.id} className="min-w-0" aria-label={section.title}>
          <MarkdownView markdown={section.markdown} onSectionLink={select} sectionIds={SECTION_IDS} />
        </article>
      </div>
    </div>
  );
}
