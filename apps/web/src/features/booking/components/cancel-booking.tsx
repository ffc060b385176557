// /booking/cancel?token=...: the emailed link shows the booking and cancels it on request; the
// slot is free again for everyone and the visitor gets a calendar update.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { alertClass, linkClass, primaryButtonClass } from '../../../components/forms/form-fields.tsx';
import { failureMessage } from '../../../lib/lead-validation.ts';
import { type Booking, cancelBooking, loadManagedBooking } from '../api/booking-api.ts';
import { detectTimeZone, slotLabel } from '../lib/time-zones.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'found'; booking: Booking; justCancelled: boolean };

const noSubscription = () => () => {};
const INVALID_LINK = 'This booking link is not valid.';

export function CancelBooking({ bookingPath }: { bookingPath: string }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // The prerendered page has no query string: decide "no token" only once hydrated.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    loadManagedBooking(token).then(
      ({ booking }) => live && setState({ kind: 'found', booking, justCancelled: false }),
      (error: unknown) => live && setState({ kind: 'invalid', message: failureMessage(error, INVALID_LINK) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const justCancelled = state.kind === 'found' && state.justCancelled;
  useEffect(() => {
    if (justCancelled) heading.current?.focus();
  }, [justCancelled]);

  async function cancel() {
    setBusy(true);
    setFailure(null);
    try {
      const { booking } = await cancelBooking(token);
      setState({ kind: 'found', booking, justCancelled: true });
    } catch (error) {
      setFailure(failureMessage(error, 'The booking could not be cancelled. Please try again.'));
    }
    setBusy(false);
  }

  const bookAgain = (
    <Link to={bookingPath} className={linkClass}>
      Book another time
    </Link>
  );

  if (hydrated && !token) {
    return (
      <div className="space-y-4 text-center text-slate-200">
        <p role="alert">This page needs the cancellation link from your booking email.</p>
        <p>{bookAgain}</p>
      </div>
    );
  }
  if (state.kind === 'loading') return <p className="text-center text-slate-300">Loading your booking…</p>;
  if (state.kind === 'invalid') {
    return (
      <div className="space-y-4 text-center text-slate-200">
        <p role="alert">{state.message}</p>
        <p>{bookAgain}</p>
      </div>
    );
  }

  const { booking } = state;
  const cancelled = booking.status === 'cancelled';
  const visitorZone = detectTimeZone();
  return (
    <section aria-labelledby="cancel-title" className="rounded-2xl border border-ink-700 bg-ink-900 p-6 sm:p-8">
      <h2 id="cancel-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-white outline-none">
        {cancelled ? 'Your booking is cancelled' : 'Your enterprise demo'}
      </h2>
      <dl className="mt-6 space-y-4 text-slate-200">
        <div>
          <dt className="text-sm text-slate-300">When ({visitorZone.replace(/_/g, ' ')})</dt>
          <dd className="text-lg font-semibold text-white" data-testid="managed-booking-time">
            {slotLabel(booking, visitorZone)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-300">Booked by</dt>
          <dd>
            {booking.name}, {booking.company} ({booking.email})
          </dd>
        </div>
      </dl>
      {cancelled ? (
        <div className="mt-6 space-y-3 text-slate-200" role={justCancelled ? 'status' : undefined}>
          <p>The time is free again and we sent a calendar update to {booking.email}.</p>
          <p>{bookAgain}</p>
        </div>
      ) : (
        <div className="mt-6 space-y-3">
          {failure && (
            <p role="alert" className={alertClass}>
              {failure}
            </p>
          )}
          <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => void cancel()}>
            {busy ? 'Cancelling…' : 'Cancel this booking'}
          </button>
        </div>
      )}
    </section>
  );
}
