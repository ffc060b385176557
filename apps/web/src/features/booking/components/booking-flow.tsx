// Booking a 30-minute demo (or a pilot's kick-off call): pick a free slot in your own time zone,
// say who you are, book. A slot someone else took first answers 409 with the nearest free slots,
// offered here as one-click alternatives. The confirmation replaces the form.
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { alertClass, primaryButtonClass, secondaryButtonClass, TextAreaField, TextField } from '../../../components/forms/form-fields.tsx';
import { emailProblem, failureMessage, type FieldErrors, LEAD_TEXT_MAX_CHARS, LEAD_NAME_MAX_CHARS, LEAD_COMPANY_MAX_CHARS, LEAD_INTEREST_MAX_CHARS } from '../../../lib/lead-validation.ts';
import { bookSlot, type BookingCreated, type BookingRequest, isSlotTaken } from '../api/booking-api.ts';
import { useFreeSlots } from '../hooks/use-free-slots.ts';
import { useVisitorTimeZone } from '../hooks/use-visitor-time-zone.ts';
import { type BookingField, type BookingValues, validateBooking } from '../lib/booking-validation.ts';
import type { ChatHandoff } from '../lib/personalisation.ts';
import { sameInstant, type Slot, slotLabel, timeZoneOptions } from '../lib/time-zones.ts';
import { BookingConfirmation } from './booking-confirmation.tsx';
import { SlotPicker } from './slot-picker.tsx';

const SLOT_GROUP_ID = 'booking-slots';
const FIELD_LABELS: Record<BookingField, string> = {
  slot: 'Time',
  name: 'Name',
  email: 'Work email',
  company: 'Company',
  interest: 'Interest',
  notes: 'Notes',
};
const FIELD_ORDER: BookingField[] = ['slot', 'name', 'email', 'company', 'interest', 'notes'];
const fieldId = (field: BookingField) => (field === 'slot' ? SLOT_GROUP_ID : `booking-${field}`);

type Props = {
  /** The receptionist's hand-off (message and suggested slot), when the visitor came from the chat. */
  handoff?: ChatHandoff;
  /** Reads a pre-filled interest in the browser (e.g. from the demo's recent compilations). */
  interestHint?: () => string;
  /** Who books, when a previous step already asked (the pilot request): the form then asks only the time. */
  contact?: Pick<BookingValues, 'name' | 'email' | 'company' | 'interest'>;
  source?: BookingRequest['source'];
  pilotRequestId?: string;
  submitLabel?: string;
  confirmationTitle?: string;
  nextSteps?: ReactNode;
};

const noSubscription = () => () => {};
const noHint = () => '';

const emptyValues: BookingValues = { name: '', email: '', company: '', interest: '', notes: '' };

export function BookingFlow({ handoff: handoffFromUrl, interestHint, contact, source, pilotRequestId, submitLabel = 'Book demo', confirmationTitle = 'Your demo is booked', nextSteps }: Props) {
  const { state, reload } = useFreeSlots();
  // The prerendered page has no query string: the hand-off shows once hydrated, so hydration matches.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const handoff = hydrated ? handoffFromUrl : undefined;
  const salesZone = state.kind === 'ready' ? state.data.salesTimeZone : null;
  const { zone, detected, setZone } = useVisitorTimeZone(salesZone ?? 'UTC');
  // undefined until the visitor picks: until then the receptionist's suggestion, when still free.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const [values, setValues] = useState<BookingValues>(contact ? { ...emptyValues, ...contact } : emptyValues);
  const [interestEdited, setInterestEdited] = useState(Boolean(contact));
  const [errors, setErrors] = useState<FieldErrors<BookingField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [nearest, setNearest] = useState<Slot[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState<BookingCreated | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  // A failure is shown above the form, out of sight of the Book button that caused it: bring it into
  // view, and after a lost slot put focus on the first alternative so a keyboard user can take it.
  useEffect(() => {
    if (!failure) return;
    const offer = failureRef.current?.querySelector('button');
    if (offer) offer.focus();
    else failureRef.current?.scrollIntoView({ block: 'center' });
  }, [failure]);

  // The pre-filled interest is read in the browser only; what the visitor types replaces it.
  const hint = useSyncExternalStore(noSubscription, interestHint ?? noHint, noHint);
  const interest = interestEdited ? values.interest : values.interest || hint;

  const suggested = handoff?.suggested ?? null;
  const suggestedFree = state.kind === 'ready' && suggested ? (state.data.slots.find((slot) => sameInstant(slot.start, suggested)) ?? null) : null;
  const suggestionGone = state.kind === 'ready' && suggested !== null && suggestedFree === null;
  const selected = chosen !== undefined ? chosen : (suggestedFree?.start ?? null);
  const setSelected = setChosen;
  const current: BookingValues = { ...values, interest };

  // A mistyped address is pointed out as soon as the visitor leaves the field, not only on submit.
  const checkEmailOnBlur = (email: string) => {
    if (email.trim()) setErrors((previous) => ({ ...previous, email: emailProblem(email) }));
  };

  const update = (field: keyof BookingValues, value: string) => {
    if (field === 'interest') setInterestEdited(true);
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  function focusField(field: BookingField) {
    const element = formRef.current?.ownerDocument.getElementById(fieldId(field));
    element?.focus();
  }

  async function book(slotStart: string) {
    setSubmitting(true);
    setFailure(null);
    setNearest([]);
    try {
      const result = await bookSlot({
        slotStart,
        name: current.name.trim(),
        email: current.email.trim(),
        company: current.company.trim(),
        interest: current.interest.trim(),
        ...(current.notes.trim() ? { notes: current.notes.trim() } : {}),
        timeZone: zone,
        source: source ?? (handoff?.message || handoff?.suggested ? 'chat' : 'site'),
        ...(pilotRequestId ? { pilotRequestId } : {}),
      });
      setCreated(result);
    } catch (error) {
      if (isSlotTaken(error)) {
        setFailure(error.error);
        setNearest(error.nearest);
        setSelected(null);
        void reload();
      } else {
        setFailure(failureMessage(error, 'The booking could not be made. Please try again.'));
      }
    }
    setSubmitting(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validateBooking(current, selected !== null);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      setFailure(null);
      focusField(first);
      return;
    }
    await book(selected!);
  }

  function chooseNearest(slot: Slot) {
    setSelected(slot.start);
    void book(slot.start);
  }

  if (created) return <BookingConfirmation created={created} title={confirmationTitle} nextSteps={nextSteps} />;

  const problems = FIELD_ORDER.filter((field) => errors[field]);
  const zones = timeZoneOptions(detected, salesZone, zone);

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Book a time" className="space-y-8">
      {handoff?.message && (
        <aside aria-label="From our receptionist" className="rounded-xl border border-brand-400/40 bg-ink-900 p-4 text-slate-200">
          <p className="text-sm font-semibold text-brand-200">From our receptionist</p>
          <p className="mt-1">{handoff.message}</p>
          {suggestionGone && <p className="mt-2 text-sm text-slate-300">The suggested time is no longer free; please choose another.</p>}
        </aside>
      )}

      <div role="alert" className="empty:m-0">
        {failure && (
          <div ref={failureRef} className={alertClass}>
            <p className="font-semibold">{failure}</p>
            {nearest.length > 0 && (
              <>
                <p className="mt-2">The nearest free times:</p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {nearest.map((slot) => (
                    <li key={slot.start}>
                      <button type="button" className={secondaryButtonClass} disabled={submitting} onClick={() => chooseNearest(slot)}>
                        Book {slotLabel(slot, zone)}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        {!failure && problems.length > 0 && (
          <div className={alertClass}>
            <p className="font-semibold">Please check {problems.length === 1 ? 'this field' : `these ${problems.length} fields`}:</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((field) => (
                <li key={field}>
                  <a href={`#${fieldId(field)}`} className="inline-block py-1 underline" onClick={(event) => (event.preventDefault(), focusField(field))}>
                    {FIELD_LABELS[field]}: {errors[field]}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <section aria-labelledby="booking-step-time" className="space-y-4">
        <h2 id="booking-step-time" className="text-xl font-semibold text-white">
          {contact ? 'Pick a time' : '1. Pick a time'}
        </h2>
        {state.kind === 'loading' && <p className="text-slate-300">Loading free times…</p>}
        {state.kind === 'failed' && (
          <p className={alertClass}>
            The free times could not be loaded.{' '}
            <button type="button" className="underline" onClick={() => void reload()}>
              Try again
            </button>
          </p>
        )}
        {state.kind === 'ready' && (
          <SlotPicker
            id={SLOT_GROUP_ID}
            slots={state.data.slots}
            zone={zone}
            zones={zones}
            detectedZone={detected}
            onZoneChange={setZone}
            selected={selected}
            onSelect={(start) => {
              setSelected(start);
              setErrors((previous) => ({ ...previous, slot: undefined }));
            }}
            error={errors.slot}
          />
        )}
      </section>

      {!contact && (
        <section aria-labelledby="booking-step-details" className="space-y-4">
          <h2 id="booking-step-details" className="text-xl font-semibold text-white">
            2. Your details
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="booking-name" label="Name" autoComplete="name" maxLength={LEAD_NAME_MAX_CHARS} required value={values.name} error={errors.name} onChange={(e) => update('name', e.target.value)} />
            <TextField id="booking-email" label="Work email" type="email" autoComplete="email" required value={values.email} error={errors.email} onBlur={() => checkEmailOnBlur(values.email)} onChange={(e) => update('email', e.target.value)} />
            <TextField id="booking-company" label="Company" autoComplete="organization" maxLength={LEAD_COMPANY_MAX_CHARS} required value={values.company} error={errors.company} onChange={(e) => update('company', e.target.value)} />
            <TextField
              id="booking-interest"
              label="Interest"
              maxLength={LEAD_INTEREST_MAX_CHARS}
              required
              placeholder="e.g. GDPR compliance enforcement"
              value={interest}
              error={errors.interest}
              onChange={(e) => update('interest', e.target.value)}
            />
          </div>
          <TextAreaField
            id="booking-notes"
            label="Notes (optional)"
            value={values.notes}
            error={errors.notes}
            hint={`Anything we should prepare, up to ${LEAD_TEXT_MAX_CHARS.toLocaleString('en-US')} characters.`}
            onChange={(e) => update('notes', e.target.value)}
          />
        </section>
      )}

      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={primaryButtonClass} disabled={submitting || state.kind !== 'ready'}>
          {submitting ? 'Booking…' : submitLabel}
        </button>
        {selected && state.kind === 'ready' && (
          <p className="text-sm text-slate-300" aria-live="polite">
            Selected: {slotLabel({ start: selected, end: new Date(Date.parse(selected) + state.data.slotMinutes * 60_000).toISOString() }, zone)}
          </p>
        )}
      </div>
    </form>
  );
}
