// The chat panel: the transcript as an ARIA log (sender, time, compliance status of each message),
// the pending placeholder with rotating progress phrases, and the input (1,000 characters, Enter
// sends, blank ignored, trimmed and cut). Consent requests and booking offers come as buttons.
import { type Dispatch, type FormEvent, type SetStateAction, useEffect, useRef, useState } from 'react';
import { CHAT_INPUT_MAX_CHARS } from '../../../config/constants.ts';
import { type ReceptionistSession, answerConsent } from '../api/receptionist-api.ts';
import { useProgressPhrase } from '../hooks/use-progress-phrase.ts';
import { type ChatMessage, type ChatReply, appendMessages, messageId, messageToSend, panelReply } from '../lib/chat-log.ts';
import { BookingAssist } from './booking-assist.tsx';
import { MessageItem } from './message-item.tsx';
import { isSessionExpired } from '../lib/session-errors.ts';
import type { OwnBundle } from '../lib/verify-checkpoint.ts';

type Props = {
  session: ReceptionistSession;
  messages: ChatMessage[];
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>;
  send: (text: string) => Promise<ChatReply>;
  onActivity: () => void;
  onExpired: () => void;
  onNavigate: () => void;
  onBundle: (bundle: OwnBundle) => void;
};

export function ChatPanel({ session, messages, setMessages, send, onActivity, onExpired, onNavigate, onBundle }: Props) {
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);
  const [answered, setAnswered] = useState<Set<string>>(() => new Set());
  const phrase = useProgressPhrase(pending);
  const log = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    // Focus moves from the dialog's first control to the input once the chat is ready.
    if (document.activeElement?.closest('header')) field.current?.focus();
  }, []);

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages, pending]);

  const submit = async (text: string) => {
    const sent = messageToSend(text);
    if (sent === null || pending) return;
    setInput('');
    const user: ChatMessage = { id: messageId('user'), sender: 'user', text: sent, timestamp: Date.now(), complianceStatus: 'pending', metadata: { sessionId: session.sessionId } };
    setMessages((history) => appendMessages(history, user));
    setPending(true);
    const reply = await panelReply(() => send(sent));
    setPending(false);
    setMessages((history) =>
      appendMessages(
        history.map((m) => (m.id === user.id ? { ...m, complianceStatus: reply.userStatus ?? m.complianceStatus, article: reply.article, validation: reply.validation, metadata: { ...m.metadata, executionTime: reply.executionTime, regulation: reply.article?.split(' ')[0] } } : m)),
        { id: messageId('ai'), sender: 'ai', text: reply.text, timestamp: Date.now(), complianceStatus: reply.status, actions: reply.actions, metadata: { sessionId: session.sessionId } },
      ),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(input);
  };

  const consent = async (key: string, purpose: 'follow_up' | 'newsletter', granted: boolean) => {
    setAnswered((set) => new Set(set).add(key));
    onActivity();
    const what = purpose === 'follow_up' ? 'follow-up about your enquiry' : 'the newsletter';
    let text: string;
    let status: ChatMessage['complianceStatus'] = 'allowed';
    try {
      const answer = await answerConsent(purpose, granted);
      if (answer.proofBundle?.id) onBundle({ id: answer.proofBundle.id, auditIndex: answer.proofBundle.auditIndex });
      text = granted
        ? `Thank you. Your consent to ${what} is recorded with the time and the wording you saw (GDPR Art. 7). You can withdraw it at any time.`
        : `Understood: no consent to ${what}. Nothing is sent to you for it (GDPR Art. 7).`;
    } catch (error) {
      if (isSessionExpired(error)) return onExpired();
      text = 'Your answer could not be recorded. Please try again.';
      status = 'blocked';
      setAnswered((set) => {
        const next = new Set(set);
        next.delete(key);
        return next;
      });
    }
    setMessages((history) => appendMessages(history, { id: messageId('ai'), sender: 'ai', text, timestamp: Date.now(), complianceStatus: status, article: 'GDPR Art. 7' }));
  };

  return (
    <section aria-labelledby="receptionist-chat-title" className="flex h-[75vh] flex-col border-b border-ink-700 lg:h-auto lg:min-h-0 lg:border-r lg:border-b-0">
      <h3 id="receptionist-chat-title" className="sr-only">
        Chat with the receptionist
      </h3>
      {/* The log scrolls, so it takes focus: keyboard users can scroll it (axe scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={log} role="log" aria-live="polite" aria-label="Conversation" tabIndex={0} className="flex-1 space-y-3 overflow-y-auto px-4 py-4">
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            answered={answered}
            onConsent={consent}
            onSlot={(slot) => void submit(`Book ${slot.start}`)}
            onNavigate={onNavigate}
            disabled={pending}
          />
        ))}
        {pending ? (
          <div className="max-w-[85%] rounded-xl border border-ink-700 bg-ink-900 px-3 py-2 text-sm text-slate-300">
            <span className="font-semibold text-slate-200">{session.name}</span> <span className="text-slate-300">· pending</span>
            <p className="mt-1 italic">{phrase}</p>
          </div>
        ) : null}
      </div>
      <form onSubmit={onSubmit} className="border-t border-ink-700 p-3">
        <label htmlFor="receptionist-input" className="sr-only">
          Your message
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id="receptionist-input"
            ref={field}
            value={input}
            maxLength={CHAT_INPUT_MAX_CHARS}
            rows={2}
            onChange={(event) => setInput(event.target.value.slice(0, CHAT_INPUT_MAX_CHARS))}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void submit(input);
              }
            }}
            aria-describedby="receptionist-input-count"
            placeholder="Ask about the product, pricing or a demo..."
            className="min-h-[3rem] flex-1 resize-none rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-slate-100 placeholder:text-slate-400"
          />
          <button type="submit" disabled={pending || messageToSend(input) === null} className="rounded-lg bg-brand-400 px-4 py-2.5 font-semibold text-ink-950 hover:bg-brand-300 disabled:cursor-not-allowed disabled:opacity-60">
            Send
          </button>
        </div>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p id="receptionist-input-count" className="text-xs text-slate-300">
            {input.length} / {CHAT_INPUT_MAX_CHARS} characters
          </p>
          <BookingAssist onResult={(message) => setMessages((history) => appendMessages(history, message))} onActivity={onActivity} />
        </div>
      </form>
    </section>
  );
}
