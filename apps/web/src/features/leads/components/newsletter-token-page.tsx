// /newsletter/confirm and /newsletter/unsubscribe: the emailed link's token is read from the URL
// and sent once the page runs in the browser; the server's answer is the page's message.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { failureMessage } from '../../../lib/lead-validation.ts';
import { confirmSubscription, unsubscribe } from '../api/leads-api.ts';

type Props = { action: 'confirm' | 'unsubscribe' };

const noSubscription = () => () => {};
const NO_TOKEN = 'This page needs the link from your email.';
const FALLBACK: Record<Props['action'], string> = {
  confirm: 'This confirmation link is not valid. Please subscribe again.',
  unsubscribe: 'This unsubscribe link is not valid.',
};

export function NewsletterTokenPage({ action }: Props) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ message: string } | null>(null);
  const sent = useRef(false);
  // The prerendered page has no query string: decide "no token" only once hydrated.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  useEffect(() => {
    // Sent once: a token is single-use, so a second request (React's development re-run) would fail.
    if (sent.current || !token) return;
    sent.current = true;
    (action === 'confirm' ? confirmSubscription(token) : unsubscribe(token)).then(
      ({ message }) => setResult({ message }),
      (error: unknown) => setResult({ message: failureMessage(error, FALLBACK[action]) }),
    );
  }, [action, token]);

  return (
    <div className="text-center text-lg text-slate-200" role="status" data-testid="newsletter-result">
      {hydrated && !token ? NO_TOKEN : result ? result.message : action === 'confirm' ? 'Confirming your subscription…' : 'Unsubscribing…'}
    </div>
  );
}
