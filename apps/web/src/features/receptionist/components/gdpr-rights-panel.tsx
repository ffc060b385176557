// The visitor's GDPR rights over what this session stored: access (shows it), rectification (a
// small form), erasure (after a confirmation), portability (downloads JSON), and delete, export
// and withdraw (DESIGN section 8), each with its own progress label while it runs.
import { type Dispatch, type FormEvent, type SetStateAction, useEffect, useRef, useState } from 'react';
import { type ContactDetails, type GdprResponse, type ReceptionistSession, requestGdprRight } from '../api/receptionist-api.ts';
import { type ChatMessage, appendMessages, messageId } from '../lib/chat-log.ts';
import { GDPR_ACTIONS, GDPR_UNMAPPED_LABEL, type GdprAction, PORTABILITY_FILE_NAME } from '../lib/receptionist-config.ts';
import { isSessionExpired } from '../lib/session-errors.ts';
import type { OwnBundle } from '../lib/verify-checkpoint.ts';

type Props = {
  session: ReceptionistSession;
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>;
  onActivity: () => void;
  onExpired: () => void;
  onBundle: (bundle: OwnBundle) => void;
};

const CONFIRMED: ReadonlySet<GdprAction> = new Set(['erasure', 'delete']);
const DOWNLOADS: ReadonlySet<GdprAction> = new Set(['portability', 'export']);
const FIELDS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'company', label: 'Company', type: 'text', autoComplete: 'organization' },
  { name: 'interest', label: 'Interest', type: 'text', autoComplete: 'off' },
] as const;

export function progressLabel(action: string): string {
  return GDPR_ACTIONS.find((a) => a.action === action)?.label ?? GDPR_UNMAPPED_LABEL;
}

function download(data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = PORTABILITY_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function GdprRightsPanel({ session, setMessages, onActivity, onExpired, onBundle }: Props) {
  const [running, setRunning] = useState<GdprAction | null>(null);
  const [confirming, setConfirming] = useState<GdprAction | null>(null);
  const [editing, setEditing] = useState(false);
  const [details, setDetails] = useState<ContactDetails>({});
  const [stored, setStored] = useState<Record<string, unknown> | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const run = async (action: GdprAction, extra?: ContactDetails) => {
    setConfirming(null);
    setRunning(action);
    setResult(null);
    onActivity();
    let answer: GdprResponse;
    try {
      answer = await requestGdprRight(session, action, extra);
    } catch (error) {
      setRunning(null);
      if (isSessionExpired(error)) return onExpired();
      const text = typeof error === 'object' && error && 'error' in error ? String((error as { error: unknown }).error) : 'The request could not be completed. Please try again.';
      setResult(text);
      return;
    }
    setRunning(null);
    if (answer.proofBundle?.id) onBundle({ id: answer.proofBundle.id, auditIndex: answer.proofBundle.auditIndex });
    setResult(answer.response);
    if (action === 'access' && answer.data) setStored(answer.data);
    if (DOWNLOADS.has(action) && answer.data) download(answer.data);
    if (CONFIRMED.has(action)) setStored(null);
    if (action === 'rectification') setEditing(false);
    setMessages((history) => appendMessages(history, { id: messageId('ai'), sender: 'ai', text: answer.response, timestamp: Date.now(), complianceStatus: 'allowed' }));
  };

  const startEditing = () => {
    const lead = (stored?.lead ?? {}) as ContactDetails;
    setDetails({ name: lead.name ?? '', email: lead.email ?? '', company: lead.company ?? '', interest: lead.interest ?? '' });
    setEditing(true);
  };

  const onRectify = (event: FormEvent) => {
    event.preventDefault();
    const changed = Object.fromEntries(Object.entries(details).map(([k, v]) => [k, (v ?? '').trim()]).filter(([, v]) => v !== '')) as ContactDetails;
    void run('rectification', changed);
  };

  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-100">Your GDPR rights</h4>
      <div className="mt-1 flex flex-wrap gap-1.5">
        {GDPR_ACTIONS.map(({ action, button }) => (
          <button
            key={action}
            type="button"
            disabled={running !== null}
            onClick={() => {
              if (action === 'rectification') startEditing();
              else if (CONFIRMED.has(action)) setConfirming(action);
              else void run(action);
            }}
            className="rounded-md border border-ink-700 px-2.5 py-1 text-xs text-slate-100 hover:bg-ink-800 disabled:opacity-60"
          >
            {button}
          </button>
        ))}
      </div>

      {confirming ? (
        <div role="alertdialog" aria-labelledby="gdpr-confirm-text" className="mt-2 rounded-md border border-rose-500/60 bg-ink-900 p-2 text-sm">
          <p id="gdpr-confirm-text" className="text-slate-100">
            Erase everything this session stored (the conversation, your personal data and contact details, your consents)? This cannot be undone.
          </p>
          <div className="mt-2 flex gap-2">
            <button ref={confirmButton} type="button" onClick={() => void run(confirming)} className="rounded-md bg-rose-300 px-3 py-1 font-semibold text-ink-950 hover:bg-rose-200">
              Erase everything
            </button>
            <button type="button" onClick={() => setConfirming(null)} className="rounded-md border border-ink-700 px-3 py-1 text-slate-100 hover:bg-ink-800">
              Cancel
            </button>
          </div>
        </div>
      ) : null}

      {editing ? (
        <form onSubmit={onRectify} aria-label="Correct your details" className="mt-2 grid grid-cols-2 gap-2 rounded-md border border-ink-700 bg-ink-900 p-2 text-xs">
          {FIELDS.map((f) => (
            <label key={f.name} className="flex flex-col gap-1 text-slate-200">
              {f.label}
              <input
                type={f.type}
                autoComplete={f.autoComplete}
                maxLength={200}
                value={details[f.name] ?? ''}
                onChange={(event) => setDetails((d) => ({ ...d, [f.name]: event.target.value }))}
                className="rounded border border-ink-700 bg-ink-950 px-2 py-1 text-sm text-slate-100"
              />
            </label>
          ))}
          <div className="col-span-2 flex gap-2">
            <button type="submit" className="rounded-md bg-brand-400 px-3 py-1 font-semibold text-ink-950 hover:bg-brand-300">
              Save my details
            </button>
            <button type="button" onClick={() => setEditing(false)} className="rounded-md border border-ink-700 px-3 py-1 text-slate-100 hover:bg-ink-800">
              Cancel
            </button>
          </div>
        </form>
      ) : null}

      <div role="status" className="mt-2 text-xs text-slate-200">
        {running ? progressLabel(running) : result}
      </div>

      {stored ? (
        <details open className="mt-2 rounded-md border border-ink-700 bg-ink-900 p-2 text-xs">
          <summary className="cursor-pointer font-semibold text-slate-100">What we store about this session</summary>
          <pre aria-label="Stored data" className="mt-1 whitespace-pre-wrap break-words text-slate-200">
            {JSON.stringify(stored, null, 2)}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
