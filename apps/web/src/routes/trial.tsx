// /trial: the free one-month enterprise pilot (sales-led, not the self-serve trial): the request,
// then the kick-off call's slot, then what happens next.
import { useState } from 'react';
import { PageIntro } from '../components/page-intro.tsx';
import { ENTERPRISE_DEMO_MINUTES } from '../config/constants.ts';
import { BookingFlow } from '../features/booking/components/booking-flow.tsx';
import type { PilotCreated } from '../features/leads/api/leads-api.ts';
import { PilotRequestForm } from '../features/leads/components/pilot-request-form.tsx';
import type { PilotValues } from '../features/leads/lib/pilot-validation.ts';

export function TrialRoute() {
  const [request, setRequest] = useState<{ created: PilotCreated; values: PilotValues } | null>(null);
  return (
    <>
      <PageIntro title="Start Your Free Enterprise Pilot" lead="A one-month pilot of Bytebound in your environment, set up with our team." />
      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        {request === null ? (
          <PilotRequestForm onCreated={(created, values) => setRequest({ created, values })} />
        ) : (
          <div className="space-y-8">
            <p role="status" className="rounded-xl border border-brand-400/40 bg-ink-900 p-4 text-slate-200">
              Thank you, {request.values.name}. Your pilot request is in: we sent a copy to {request.values.email}.
            </p>
            {/* The request form is gone: focus moves to the next step's heading. */}
            <h2 ref={(heading) => heading?.focus()} tabIndex={-1} className="text-2xl font-bold text-white outline-none">
              Choose your {ENTERPRISE_DEMO_MINUTES}-minute kick-off call
            </h2>
            <BookingFlow
              contact={{
                name: request.values.name,
                email: request.values.email,
                company: request.values.company,
                interest: `Enterprise pilot: ${request.values.regulations.join(', ')}`,
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
        )}
      </div>
    </>
  );
}
