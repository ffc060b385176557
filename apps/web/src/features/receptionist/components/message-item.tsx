// One chat message: who sent it, when, and its compliance status in words (not colour alone);
// a visitor's message also lists the personal data found and whether it was stored. Actions the
// receptionist offers (consent, demo slots, links) render as buttons and links.
import { Link } from 'react-router';
import type { Slot } from '../api/receptionist-api.ts';
import type { ChatMessage } from '../lib/chat-log.ts';

type Props = {
  message: ChatMessage;
  answered: Set<string>;
  onConsent: (key: string, purpose: 'follow_up' | 'newsletter', granted: boolean) => void;
  onSlot: (slot: Slot) => void;
  onNavigate: () => void;
  disabled: boolean;
};

const STATUS = {
  allowed: { label: 'allowed', className: 'border-emerald-500/60 text-emerald-200' },
  blocked: { label: 'blocked', className: 'border-rose-500/70 text-rose-200' },
  pending: { label: 'pending', className: 'border-amber-500/60 text-amber-100' },
} as const;

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
/** A slot in the visitor's own time zone, named: the reply beside it gives the same slots in UTC. */
const slotFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });

export function MessageItem({ message, answered, onConsent, onSlot, onNavigate, disabled }: Props) {
  if (message.kind === 'notice') {
    return (
      <aside aria-label="How we handle your data (GDPR Art. 13)" className="rounded-xl border border-brand-500/40 bg-ink-900 px-3 py-2 text-sm text-slate-200">
        <p className="font-semibold text-brand-200">How we handle your data (GDPR Art. 13)</p>
        <p className="mt-1 whitespace-pre-line">{message.text}</p>
      </aside>
    );
  }
  const mine = message.sender === 'user';
  const status = STATUS[message.complianceStatus];
  const stored = message.validation?.personalData ?? [];
  return (
    <article aria-label={`${mine ? 'You' : 'Receptionist'}, ${status.label}`} className={`max-w-[85%] rounded-xl border px-3 py-2 text-sm ${mine ? 'ml-auto border-brand-500/40 bg-ink-800' : 'border-ink-700 bg-ink-900'}`}>
      <header className="flex flex-wrap items-center gap-2 text-xs text-slate-300">
        <span className="font-semibold text-slate-100">{mine ? 'You' : 'Receptionist'}</span>
        <time dateTime={new Date(message.timestamp).toISOString()}>{timeFormat.format(message.timestamp)}</time>
        <span className={`rounded-full border px-2 py-0.5 ${status.className}`} data-status={message.complianceStatus}>
          {status.label}
          {message.article && mine ? ` · ${message.article}` : ''}
        </span>
      </header>
      <p className="mt-1 whitespace-pre-line break-words text-slate-100">{message.text}</p>
      {mine && stored.length > 0 ? (
        <ul aria-label="Personal data found" className="mt-2 space-y-0.5 text-xs text-slate-300">
          {stored.map((p, i) => (
            <li key={`${p.category}-${i}`}>
              {p.category}: {p.stored ? 'stored' : 'not stored'}
            </li>
          ))}
        </ul>
      ) : null}
      {mine && message.validation?.notice ? <p className="mt-1 text-xs text-slate-300">{message.validation.notice}</p> : null}
      {message.actions?.map((action, i) => {
        const key = `${message.id}-${i}`;
        switch (action.type) {
          case 'consent_request':
            return (
              <div key={key} role="group" aria-label="Your consent" className="mt-2 rounded-lg border border-ink-700 p-2">
                <p className="text-slate-200">{action.text}</p>
                <div className="mt-2 flex gap-2">
                  <button type="button" disabled={answered.has(key)} onClick={() => onConsent(key, action.purpose, true)} className="rounded-md bg-brand-400 px-3 py-1 font-semibold text-ink-950 hover:bg-brand-300 disabled:opacity-60">
                    Yes, I agree
                  </button>
                  <button type="button" disabled={answered.has(key)} onClick={() => onConsent(key, action.purpose, false)} className="rounded-md border border-ink-700 px-3 py-1 text-slate-100 hover:bg-ink-800 disabled:opacity-60">
                    No, thanks
                  </button>
                </div>
              </div>
            );
          case 'booking_offer':
            return (
              <div key={key} role="group" aria-label="Free demo slots" className="mt-2 flex flex-wrap gap-2">
                {action.slots.map((slot) => (
                  <button key={slot.start} type="button" disabled={disabled} onClick={() => onSlot(slot)} className="rounded-md border border-brand-500/60 px-2.5 py-1 text-brand-200 hover:bg-ink-800 disabled:opacity-60">
                    {slotFormat.format(new Date(slot.start))}
                  </button>
                ))}
              </div>
            );
          case 'booking_confirmed':
            return action.icsUrl ? (
              <a key={key} href={action.icsUrl} className="mt-2 inline-block text-brand-300 underline underline-offset-2">
                Add the demo to your calendar
              </a>
            ) : null;
          case 'link':
            return action.href.startsWith('/') ? (
              <Link key={key} to={action.href} onClick={onNavigate} className="mt-2 inline-block font-semibold text-brand-300 underline underline-offset-2">
                {action.label}
              </Link>
            ) : (
              <a key={key} href={action.href} className="mt-2 inline-block font-semibold text-brand-300 underline underline-offset-2">
                {action.label}
              </a>
            );
          default:
            return null;
        }
      })}
    </article>
  );
}
