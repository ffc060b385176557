// The documentation viewer: a sidebar with 'Search docs...' and the sections, the selected section
// rendered from its Markdown, deep links (/docs#api), and the header navigation of spec section 2
// (home, documentation = top, security section, pricing).
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { DEFAULT_SECTION_ID, DOC_SECTIONS, type DocTarget, docLinkTarget, docTargetHash, docTargetOfHash, searchSections } from '../lib/doc-sections.ts';
import { MarkdownView } from './markdown-view.tsx';

export function DocsViewer() {
  const [query, setQuery] = useState('');
  // The prerendered page shows the overview; the client then follows the address's hash.
  // `scroll` says whether to bring the target into view once shown (not on the first render);
  // `focus`, whether keyboard focus follows it (after a link in the content, which the new content replaces).
  const [target, setTarget] = useState<DocTarget & { scroll: boolean; focus: boolean }>({ section: DEFAULT_SECTION_ID, heading: null, scroll: false, focus: false });

  useEffect(() => {
    const follow = (scroll: boolean) => {
      const to = docTargetOfHash(window.location.hash);
      setTarget({ ...to, scroll: scroll || to.heading !== null, focus: false });
    };
    // On arrival the page stays where the browser put it, unless the address names a heading.
    if (window.location.hash !== '') follow(false);
    const onHashChange = () => follow(true);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  // A heading is scrolled to once its section is on the page; a section opens at its top.
  useLayoutEffect(() => {
    if (!target.scroll) return;
    const heading = target.heading === null ? null : document.getElementById(target.heading);
    if (heading) heading.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0 });
    if (target.focus) (heading ?? document.getElementById(target.section))?.focus({ preventScroll: true });
  }, [target]);

  const go = useCallback((to: DocTarget, focus: boolean) => {
    setTarget({ ...to, scroll: true, focus });
    history.pushState(null, '', docTargetHash(to));
  }, []);
  const navigate = useCallback((to: DocTarget) => go(to, true), [go]);
  const select = useCallback((id: string) => go({ section: id, heading: null }, false), [go]);

  const found = useMemo(() => searchSections(DOC_SECTIONS, query), [query]);
  const section = DOC_SECTIONS.find((s) => s.id === target.section) ?? DOC_SECTIONS[0]!;
  const linkTarget = useCallback((href: string) => docLinkTarget(href, section), [section]);
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
        <article id={section.id} data-section={section.id} className="min-w-0 outline-none" aria-label={section.title} tabIndex={-1}>
          <MarkdownView markdown={section.markdown} linkTarget={linkTarget} onNavigate={navigate} />
        </article>
      </div>
    </div>
  );
}
