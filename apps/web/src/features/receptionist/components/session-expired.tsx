// The expired-session screen (spec sections 2 and 4): Start New Session reloads the page.
import { useEffect, useRef } from 'react';
import { SESSION_EXPIRED_TEXT } from '../lib/receptionist-config.ts';

export function SessionExpired() {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div role="alert" className="m-auto max-w-md p-8 text-center">
      <h3 className="text-xl font-bold text-white">Session Expired</h3>
      <p className="mt-3 text-slate-300">{SESSION_EXPIRED_TEXT}</p>
      <button ref={button} type="button" onClick={() => window.location.reload()} className="mt-6 rounded-lg bg-brand-400 px-5 py-2.5 font-semibold text-ink-950 hover:bg-brand-300">
        Start New Session
      </button>
    </div>
  );
}
