// /booking: enterprise demo booking (/book-demo, /enterprise and /enterprise-contact lead here).
// Composes the booking flow with what the site already knows of the visitor: the receptionist's
// hand-off in the query and the regulations the demo detected in their recent compilations.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageIntro } from '../components/page-intro.tsx';
import { ENTERPRISE_DEMO_MINUTES } from '../config/constants.ts';
import { BookingFlow } from '../features/booking/components/booking-flow.tsx';
import { chatHandoff, interestFromRegulations } from '../features/booking/lib/personalisation.ts';
import { readHistory } from '../features/demo/lib/demo-storage.ts';

const interestFromDemoHistory = () => interestFromRegulations(readHistory().map((entry) => entry.regulation));

export function BookingRoute() {
  const [params] = useSearchParams();
  const handoff = useMemo(() => chatHandoff(params), [params]);
  return (
    <>
      <PageIntro title="Book an Enterprise Demo" lead={`A ${ENTERPRISE_DEMO_MINUTES}-minute call with our team about enforcing your regulations in your AI systems.`} />
      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <BookingFlow handoff={handoff} interestHint={interestFromDemoHistory} />
      </div>
    </>
  );
}
