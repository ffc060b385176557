// The free enterprise pilot request (/trial): who you are, what your agents do and which
// regulations matter. The server stores it as a lead and emails sales and the requester.
import { useRef, useState, type FormEvent } from 'react';
import { alertClass, errorClass, primaryButtonClass, TextAreaField, TextField } from '../../../components/forms/form-fields.tsx';
import { emailProblem, failureMessage, type FieldErrors, LEAD_TEXT_MAX_CHARS, LEAD_NAME_MAX_CHARS, LEAD_COMPANY_MAX_CHARS } from '../../../lib/lead-validation.ts';
import { PILOT_REGULATIONS, type PilotCreated, type PilotRegulation, requestPilot } from '../api/leads-api.ts';
import { type PilotField, type PilotValues, validatePilot } from '../lib/pilot-validation.ts';

const FIELD_ORDER: PilotField[] = ['name', 'email', 'company', 'useCase', 'regulations'];
const fieldId = (field: PilotField) => (field === 'regulations' ? 'pilot-regulations' : `pilot-${field}`);

type Props = { onCreated: (created: PilotCreated, values: PilotValues) => void };

export function PilotRequestForm({ onCreated }: Props) {
  const [values, setValues] = useState<PilotValues>({ name: '', email: '', company: '', useCase: '', regulations: [] });
  const [errors, setErrors] = useState<FieldErrors<PilotField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // A mistyped address is pointed out as soon as the visitor leaves the field, not only on submit.
  const checkEmailOnBlur = (email: string) => {
    if (email.trim()) setErrors((previous) => ({ ...previous, email: emailProblem(email) }));
  };

  const update = <K extends PilotField>(field: K, value: PilotValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function toggle(regulation: PilotRegulation, on: boolean) {
    update('regulations', on ? [...values.regulations, regulation] : values.regulations.filter((r) => r !== regulation));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validatePilot(values);
    setErrors(found);
    setFailure(null);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      const target = formRef.current?.ownerDocument.getElementById(fieldId(first));
      (first === 'regulations' ? target?.querySelector('input') : target)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const trimmed = { ...values, name: values.name.trim(), email: values.email.trim(), company: values.company.trim(), useCase: values.useCase.trim() };
      const created = await requestPilot(trimmed);
      onCreated(created, trimmed);
    } catch (error) {
      setFailure(failureMessage(error, 'Your request could not be sent. Please try again.'));
    }
    setSubmitting(false);
  }

  const problems = FIELD_ORDER.filter((field) => errors[field]).length;
  const regulationsErrorId = 'pilot-regulations-error';

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Request a free enterprise pilot" className="space-y-5">
      <div role="alert" className="empty:m-0">
        {failure && <p className={alertClass}>{failure}</p>}
        {!failure && problems > 0 && <p className={alertClass}>Please check the {problems === 1 ? 'highlighted field' : `${problems} highlighted fields`}.</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="pilot-name" label="Name" autoComplete="name" maxLength={LEAD_NAME_MAX_CHARS} required value={values.name} error={errors.name} onChange={(e) => update('name', e.target.value)} />
        <TextField id="pilot-email" label="Work email" type="email" autoComplete="email" required value={values.email} error={errors.email} onBlur={() => checkEmailOnBlur(values.email)} onChange={(e) => update('email', e.target.value)} />
        <TextField id="pilot-company" label="Company" autoComplete="organization" maxLength={LEAD_COMPANY_MAX_CHARS} required value={values.company} error={errors.company} onChange={(e) => update('company', e.target.value)} />
      </div>
      <TextAreaField
        id="pilot-useCase"
        label="Use case"
        required
        value={values.useCase}
        error={errors.useCase}
        hint={`What your AI agents do and what must never happen, up to ${LEAD_TEXT_MAX_CHARS.toLocaleString('en-US')} characters.`}
        onChange={(e) => update('useCase', e.target.value)}
      />
      <fieldset id="pilot-regulations" aria-describedby={errors.regulations ? regulationsErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-200">Regulations of interest</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {PILOT_REGULATIONS.map((regulation) => (
            <label key={regulation} className="flex items-center gap-2 text-slate-100">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-400"
                checked={values.regulations.includes(regulation)}
                onChange={(e) => toggle(regulation, e.target.checked)}
                aria-invalid={errors.regulations ? true : undefined}
              />
              {regulation === 'other' ? 'Other' : regulation}
            </label>
          ))}
        </div>
        {errors.regulations && (
          <p id={regulationsErrorId} className={errorClass}>
            {errors.regulations}
          </p>
        )}
      </fieldset>
      <button type="submit" className={primaryButtonClass} disabled={submitting}>
        {submitting ? 'Sending…' : 'Request my pilot'}
      </button>
    </form>
  );
}
