// Booking assist: 'Schedule a call' asks the server for a message personalised from the visitor's
// recent compilations in the demo (kept in this browser) and a real free slot, and links to the
// booking page with both; on failure a fallback message with the plain booking link.
import { useState } from 'react';
import { paths } from '../../../config/paths.ts';
import { bookingAssist } from '../api/receptionist-api.ts';
import { type ChatMessage, messageId } from '../lib/chat-log.ts';
import { BOOKING_ASSIST_FALLBACK_TEXT } from '../lib/receptionist-config.ts';
import { bookingAssistContext } from '../lib/recent-activity.ts';

type Props = { onResult: (message: ChatMessage) => void; onActivity: () => void };

export function BookingAssist({ onResult, onActivity }: Props) {
  const [busy, setBusy] = useState(false);

  const schedule = async () => {
    setBusy(true);
    onActivity();
    let message: ChatMessage;
    try {
      const answer = await bookingAssist(bookingAssistContext());
      if (answer.status !== 'success' || !answer.data?.message) throw new Error(answer.error ?? 'no suggestion');
      const query = new URLSearchParams({ from: 'chat', message: answer.data.message, suggested: answer.data.suggestedTime });
      message = {
        id: messageId('ai'),
        sender: 'ai',
        text: answer.data.message,
        timestamp: Date.now(),
        complianceStatus: 'allowed',
        actions: [{ type: 'link', href: `${paths.booking}?${query.toString()}`, label: 'Book this time' }],
      };
    } catch {
      message = {
        id: messageId('ai'),
        sender: 'ai',
        text: BOOKING_ASSIST_FALLBACK_TEXT,
        timestamp: Date.now(),
        complianceStatus: 'pending',
        actions: [{ type: 'link', href: `${paths.booking}?from=chat`, label: 'Open the booking page' }],
      };
    }
    setBusy(false);
    onResult(message);
  };

  return (
    <button type="button" onClick={() => void schedule()} disabled={busy} aria-busy={busy} className="rounded-md border border-ink-700 px-3 py-1.5 text-sm text-slate-100 hover:bg-ink-800 disabled:opacity-60">
      {busy ? 'Finding a time...' : 'Schedule a call'}
    </button>
  );
}
