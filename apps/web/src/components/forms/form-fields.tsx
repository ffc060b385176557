// Labelled inputs for the site's lead forms (booking, pilot, contact): each error message is tied
// to its field with aria-describedby and the field is marked aria-invalid while it has one.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-white placeholder:text-slate-400 focus:border-brand-400 aria-[invalid=true]:border-red-400';
export const labelClass = 'block text-sm font-medium text-slate-200';
export const errorClass = 'mt-1 text-sm text-red-300';
export const hintClass = 'mt-1 text-xs text-slate-300';
export const primaryButtonClass =
  'rounded-lg bg-brand-400 px-5 py-2.5 font-semibold text-ink-950 hover:bg-brand-300 disabled:cursor-not-allowed disabled:bg-slate-600 disabled:text-slate-200';
export const secondaryButtonClass = 'rounded-lg border border-ink-600 px-4 py-2 font-medium text-slate-100 hover:border-brand-400 hover:text-white';
export const linkClass = 'font-medium text-brand-300 underline underline-offset-2 hover:text-brand-200';
export const alertClass = 'rounded-lg border border-red-400/60 bg-red-950/60 px-3 py-2 text-sm text-red-200';

type Common = { id: string; label: string; error?: string | null; hint?: ReactNode };

function describedBy(id: string, error: string | null | undefined, hint: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Messages({ id, error, hint }: { id: string; error?: string | null; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      )}
    </>
  );
}

export function TextField({ id, label, error, hint, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} name={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...input} />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({ id, label, error, hint, ...input }: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea id={id} name={id} rows={4} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...input} />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({ id, label, error, hint, children, ...select }: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...select}>
        {children}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}
