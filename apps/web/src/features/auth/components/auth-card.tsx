// The frame of every auth screen: a centred card with the page's one h1.
import type { ReactNode } from 'react';

type Props = { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode };

export function AuthCard({ title, lead, children, footer }: Props) {
  return (
    <section className="mx-auto w-full max-w-md px-4 pt-24 pb-16 sm:px-0">
      <div className="rounded-2xl border border-ink-700 bg-ink-900 p-6 shadow-xl sm:p-8">
        <h1 className="text-center text-3xl font-bold tracking-tight text-white">{title}</h1>
        {lead && <p className="mt-3 text-center text-slate-300">{lead}</p>}
        <div className="mt-8">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-slate-300">{footer}</div>}
    </section>
  );
}

export const inputClass =
  'mt-1 block w-full rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-white placeholder:text-slate-400 focus:border-brand-400 aria-[invalid=true]:border-red-400';
export const labelClass = 'block text-sm font-medium text-slate-200';
export const errorClass = 'mt-1 text-sm text-red-300';
export const primaryButtonClass =
  'w-full rounded-lg bg-brand-400 px-4 py-2.5 font-semibold text-ink-950 hover:bg-brand-300 disabled:cursor-not-allowed disabled:bg-slate-600 disabled:text-slate-200 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-600 aria-disabled:text-slate-200';
export const linkClass = 'font-medium text-brand-300 underline-offset-2 hover:underline';
