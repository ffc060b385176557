// A password input with a show/hide toggle.
import { useState, type InputHTMLAttributes } from 'react';
import { TextField } from './text-field.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { id: string; label: string; error?: string | null };

export function PasswordField(props: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      className="mt-1 block w-full rounded-lg border border-ink-700 bg-ink-950 py-2 pr-16 pl-3 text-white focus:border-brand-400 aria-[invalid=true]:border-red-400"
      trailing={
        <button
          type="button"
          className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-300"
          aria-pressed={visible}
          aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
