// The layout of the trust pages (terms, privacy, security, support): a heading, when it was last
// updated, and titled sections of plain text and lists.
import type { ReactNode } from 'react';

export type LegalSection = { title: string; body: ReactNode };

export function LegalPage({ title, lead, updated, sections }: { title: string; lead: ReactNode; updated: string; sections: readonly LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 pt-20 pb-20 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-white">{title}</h1>
      <p className="mt-3 text-sm text-slate-300">Last updated {updated}</p>
      <p className="mt-6 text-lg text-slate-300">{lead}</p>
      {sections.map((section) => (
        <section key={section.title} className="mt-10">
          <h2 className="text-2xl font-semibold text-white">{section.title}</h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-300 [&_a]:text-brand-300 [&_a]:underline [&_li]:ml-5 [&_li]:list-disc">{section.body}</div>
        </section>
      ))}
    </article>
  );
}
