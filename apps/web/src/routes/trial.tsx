// /trial: the free one-month enterprise pilot (sales-led, not the self-serve trial): the request,
// then the kick-off call's slot, then what happens next. The request email's link comes back here
// with ?pilotRequestId= and goes straight to the kick-off call.
import { useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { PageIntro } from '../components/page-intro.tsx';
import { ENTERPRISE_DEMO_MINUTES } from '../config/constants.ts';
import { BookingFlow } from '../features/booking/components/booking-flow.tsx';
import type { PilotCreated } from '../features/leads/api/leads-api.ts';
import { PilotRequestForm } from '../features/leads/components/pilot-request-form.tsx';
import type { PilotValues } from '../features/leads/lib/pilot-validation.ts';

const noSubscription = () => () => {};
const KICKOFF_INTEREST = 'Enterprise pilot kick-off';
const kickoffInterest = () => KICKOFF_INTEREST;

function KickoffHeading({ takeFocus }: { takeFocus: boolean }) {
  // After the request the form is gone: focus moves to this step's heading (not on a page load).
  return (
    <h2 ref={takeFocus ? (heading) => heading?.focus() : undefined} tabIndex={-1} className="text-2xl font-bold text-white outline-none">
      Choose your {ENTERPRISE_DEMO_MINUTES}-minute kick-off call
    </h2>
  );
}

export function TrialRoute() {
  const [request, setRequest] = useState<{ created: PilotCreated; values: PilotValues } | null>(null);
  const [params] = useSearchParams();
  // The prerendered page has no query string: the emailed link's step shows once hydrated.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const emailedRequestId = hydrated ? params.get('pilotRequestId') : null;

  let body;
  if (request !== null) {
    body = (
      <div className="space-y-8">
        <p role="status" className="rounded-xl border border-brand-400/40 bg-ink-900 p-4 text-slate-200">
          Thank you, {request.values.name}. Your pilot request is in: we sent a copy to {request.values.email}.
        </p>
        <KickoffHeading takeFocus />
        <BookingFlow
          contact={{
            name: request.values.name,
            email: request.values.email,
            company: request.values.company,
            interest: `${KICKOFF_INTEREST}: ${request.values.regulations.join(', ')}`,
          }}
          source="pilot"
          pilotRequestId={request.created.pilotRequestId}
          submitLabel="Book kick-off call"
          confirmationTitle="Your kick-off call is booked"
          nextSteps={request.created.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        />
      </div>
    );
  } else if (emailedRequestId) {
    body = (
      <div className="space-y-8">
        <KickoffHeading takeFocus={false} />
        <BookingFlow
          interestHint={kickoffInterest}
          source="pilot"
          pilotRequestId={emailedRequestId}
          submitLabel="Book kick-off call"
          confirmationTitle="Your kick-off call is booked"
        />
      </div>
    );
  } else {
    body = <PilotRequestForm onCreated={(created, values) => setRequest({ created, values })} />;
  }

  return (
    <>
      <PageIntro title="Start Your Free Enterprise Pilot" lead="A one-month pilot of Bytebound in your environment, set up with our team." />
      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">{body}</div>
    </>
  );
}
