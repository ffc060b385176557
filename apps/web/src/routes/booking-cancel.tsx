// /booking/cancel?token=...: where the booking email's cancellation link leads.
import { PageIntro } from '../components/page-intro.tsx';
import { paths } from '../config/paths.ts';
import { CancelBooking } from '../features/booking/components/cancel-booking.tsx';

export function BookingCancelRoute() {
  return (
    <>
      <PageIntro title="Manage Your Booking" />
      <div className="mx-auto max-w-2xl px-4 pb-20 sm:px-6">
        <CancelBooking bookingPath={paths.booking} />
      </div>
    </>
  );
}
