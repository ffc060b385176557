// After a booking: the time in the visitor's zone and in ours, the calendar invite, the way to
// cancel and what happens next. Focus moves to the heading so a screen reader starts here.
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { linkClass, primaryButtonClass } from '../../../components/forms/form-fields.tsx';
import type { BookingCreated } from '../api/booking-api.ts';
import { slotLabel } from '../lib/time-zones.ts';

type Props = { created: BookingCreated; title: string; nextSteps?: ReactNode };

/** The path and query of an absolute link, so the link stays on this site's own origin. */
function localPath(url: string): string {
  try {
    const parsed = new URL(url, 'http://site');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

export function BookingConfirmation({ created, title, nextSteps }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { booking } = created;
  const sameZone = booking.timeZone === booking.salesTimeZone;
  return (
    <section aria-labelledby="booking-confirmed-title" className="rounded-2xl border border-ink-700 bg-ink-900 p-6 sm:p-8">
      <h2 id="booking-confirmed-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-white outline-none">
        {title}
      </h2>
      <dl className="mt-6 space-y-4 text-slate-200">
        <div>
          <dt className="text-sm text-slate-300">Your time ({booking.timeZone.replace(/_/g, ' ')})</dt>
          <dd className="text-lg font-semibold text-white" data-testid="booking-time-visitor">
            {slotLabel(booking, booking.timeZone)}
          </dd>
        </div>
        {!sameZone && (
          <div>
            <dt className="text-sm text-slate-300">Our time ({booking.salesTimeZone.replace(/_/g, ' ')})</dt>
            <dd className="text-lg font-semibold text-white" data-testid="booking-time-sales">
              {slotLabel(booking, booking.salesTimeZone)}
            </dd>
          </div>
        )}
      </dl>
      <p className="mt-6">
        <a href={created.icsUrl} download={`bytebound-demo-${booking.id}.ics`} className={`${primaryButtonClass} inline-block`}>
          Download calendar invite (.ics)
        </a>
      </p>
      <h3 className="mt-8 text-lg font-semibold text-white">What happens next</h3>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-200">
        <li>
          A confirmation with the calendar invite is on its way to <strong className="text-white">{booking.email}</strong>.
        </li>
        <li>Our team prepares the call around your interest: {booking.interest}.</li>
        {nextSteps}
      </ol>
      <p className="mt-6 text-sm text-slate-300">
        Cannot make it? Use the cancellation link in the email, or{' '}
        <Link to={localPath(created.cancelUrl)} className={linkClass}>
          cancel this booking
        </Link>{' '}
        and choose another time.
      </p>
    </section>
  );
}
