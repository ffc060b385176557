// A labelled input with its error message tied to it (aria-describedby).
import type { InputHTMLAttributes, ReactNode } from 'react';
import { errorClass, inputClass, labelClass } from './auth-card.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { id: string; label: string; error?: string | null; trailing?: ReactNode };

export function TextField({ id, label, error, trailing, ...input }: Props) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <input id={id} name={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
