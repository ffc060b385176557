// The receptionist modal (a lazily loaded chunk): a real modal dialog holding the chat and the live
// compliance stream. It opens the visitor's session (the server sets the HttpOnly cookie), keeps
// the transcript and the MCP badge, and turns an expired session into the Session Expired screen.
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type ReceptionistSession, fetchSession, sendChatMessage } from '../api/receptionist-api.ts';
import { useComplianceStream } from '../hooks/use-compliance-stream.ts';
import { type ChatMessage, type ChatReply, messageId, modalFailure, modalReply } from '../lib/chat-log.ts';
import type { OwnBundle } from '../lib/verify-checkpoint.ts';
import { INITIALIZING_TEXT, MODAL_TITLE, MODAL_UNREACHABLE_TEXT } from '../lib/receptionist-config.ts';
import { ChatPanel } from './chat-panel.tsx';
import { isSessionExpired } from '../lib/session-errors.ts';
import { SessionExpired } from './session-expired.tsx';
import { StreamPanel } from './stream-panel.tsx';

type Props = { onClose: () => void };

type SessionState = { kind: 'loading' } | { kind: 'ready'; session: ReceptionistSession } | { kind: 'expired' } | { kind: 'unreachable' };

export type McpStatus = { state: 'initializing' } | { state: 'active'; protocol: 'MCP' | 'HTTP' };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export default function ReceptionistModal({ onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [session, setSession] = useState<SessionState>({ kind: 'loading' });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [mcp, setMcp] = useState<McpStatus>({ state: 'initializing' });
  const [ownBundles, setOwnBundles] = useState<OwnBundle[]>([]);
  const addBundle = useCallback((bundle: OwnBundle) => setOwnBundles((list) => [...list.filter((b) => b.id !== bundle.id), bundle]), []);
  const [lastActivity, setLastActivity] = useState(() => Date.now());
  const ready = session.kind === 'ready' ? session.session : null;
  const expire = useCallback(() => setSession({ kind: 'expired' }), []);
  const stream = useComplianceStream(ready !== null, expire);
  const [userLabel] = useState(() => `visitor-${crypto.randomUUID().slice(0, 8)}`);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    closeButton.current?.focus();
    return () => element.close();
  }, []);

  const load = useCallback(() => {
    void fetchSession()
      .then((s) => {
        setSession({ kind: 'ready', session: s });
        setLastActivity(Date.now());
        setMessages((history) =>
          history.length > 0
            ? history
            : [
                { id: messageId('notice'), sender: 'ai', kind: 'notice', text: s.transparency, timestamp: Date.now(), complianceStatus: 'allowed', article: 'GDPR Art. 13' },
                { id: messageId('ai'), sender: 'ai', text: s.greeting, timestamp: Date.now(), complianceStatus: 'allowed' },
              ],
        );
      })
      .catch((error: unknown) => setSession(isSessionExpired(error) ? { kind: 'expired' } : { kind: 'unreachable' }));
  }, []);
  useEffect(load, [load]);
  const retry = () => {
    setSession({ kind: 'loading' });
    load();
  };

  // The server is the authority on expiry; this timer only shows the screen without waiting for a call.
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setSession({ kind: 'expired' }), Math.max(0, lastActivity + ready.inactivityTimeoutMs - Date.now()));
    return () => clearTimeout(timer);
  }, [ready, lastActivity]);

  const touch = useCallback(() => setLastActivity(Date.now()), []);

  const send = useCallback(
    async (text: string): Promise<ChatReply> => {
      if (!ready) return { text: MODAL_UNREACHABLE_TEXT, status: 'pending' };
      touch();
      let result;
      try {
        result = await sendChatMessage(ready, text, userLabel);
      } catch (error) {
        if (isSessionExpired(error)) {
          expire();
          return { text: '', status: 'pending' };
        }
        return modalFailure(error);
      }
      if (result?.proofBundle?.id) addBundle({ id: result.proofBundle.id, auditIndex: result.proofBundle.auditIndex });
      if (result?.complianceValidation) setMcp({ state: 'active', protocol: result.complianceValidation.protocol === 'MCP' ? 'MCP' : 'HTTP' });
      // The Art. 13 notice is already shown at the top of this conversation.
      if (result?.complianceValidation?.notice === ready.transparency) delete result.complianceValidation.notice;
      return modalReply(result);
    },
    [ready, touch, expire, userLabel, addBundle],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-modal="true"
      aria-labelledby="receptionist-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      className="m-auto flex h-[min(92vh,900px)] w-[min(96vw,1200px)] max-w-none flex-col overflow-hidden rounded-2xl border border-ink-700 bg-ink-950 p-0 text-slate-200 shadow-2xl backdrop:bg-black/70 opacity-100 starting:opacity-0 motion-safe:transition-opacity motion-safe:duration-150"
    >
      <header className="flex flex-wrap items-center gap-3 border-b border-ink-700 px-4 py-3">
        <h2 id="receptionist-title" className="mr-auto text-lg font-bold text-white">
          {MODAL_TITLE}
        </h2>
        <Badge label="Connection" value={ready ? stream.status : 'connecting'} good={ready !== null && stream.status === 'connected'} />
        {/* DESIGN section 8: active only when the check ran through the MCP endpoint. */}
        <Badge
          label="MCP"
          value={mcp.state !== 'active' ? 'initializing' : mcp.protocol === 'MCP' ? 'active (protocol MCP)' : 'not used (checked in-process)'}
          good={mcp.state === 'active' && mcp.protocol === 'MCP'}
        />
        <button ref={closeButton} type="button" onClick={onClose} className="rounded-lg border border-ink-700 px-3 py-1.5 text-sm text-slate-200 hover:bg-ink-800">
          Close<span className="sr-only"> the receptionist</span>
        </button>
      </header>
      {session.kind === 'loading' ? (
        <p role="status" className="m-auto p-8 text-slate-300">
          {INITIALIZING_TEXT}
        </p>
      ) : session.kind === 'unreachable' ? (
        <div className="m-auto p-8 text-center">
          <p role="alert" className="text-slate-200">
            {MODAL_UNREACHABLE_TEXT}
          </p>
          <button type="button" onClick={retry} className="mt-4 rounded-lg bg-brand-400 px-4 py-2 font-semibold text-ink-950 hover:bg-brand-300">
            Try again
          </button>
        </div>
      ) : session.kind === 'expired' ? (
        <SessionExpired />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[minmax(0,1fr)] lg:overflow-hidden">
          <ChatPanel session={session.session} messages={messages} setMessages={setMessages} send={send} onActivity={touch} onExpired={expire} onNavigate={onClose} onBundle={addBundle} />
          <StreamPanel session={session.session} stream={stream.state} ownBundles={ownBundles} onBundle={addBundle} setMessages={setMessages} onActivity={touch} onExpired={expire} />
        </div>
      )}
    </dialog>
  );
}

function Badge({ label, value, good }: { label: string; value: string; good: boolean }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs ${good ? 'border-emerald-500/60 text-emerald-200' : 'border-amber-500/60 text-amber-100'}`}>
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${good ? 'bg-emerald-400' : 'bg-amber-400'}`} />
      {label}: {value}
    </span>
  );
}
