// The heading block at the top of a page: the page's one h1 and its lead sentence.
import type { ReactNode } from 'react';

type Props = { eyebrow?: string; title: string; lead?: ReactNode; children?: ReactNode };

export function PageIntro({ eyebrow, title, lead, children }: Props) {
  return (
    <section className="mx-auto max-w-4xl px-4 pt-20 pb-12 text-center sm:px-6">
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-300 uppercase">{eyebrow}</p>}
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
      {lead && <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">{lead}</p>}
      {children}
    </section>
  );
}
