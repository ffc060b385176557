// The homepage's contact form: stored as a lead, emailed to sales, confirmed to the visitor. An
// optional tick also asks for the newsletter (double opt-in: the visitor confirms by email).
import { useRef, useState, type FormEvent } from 'react';
import { alertClass, primaryButtonClass, TextAreaField, TextField } from '../../../components/forms/form-fields.tsx';
import { emailProblem, failureMessage, type FieldErrors, LEAD_TEXT_MAX_CHARS, LEAD_NAME_MAX_CHARS, LEAD_COMPANY_MAX_CHARS, LEAD_INTEREST_MAX_CHARS } from '../../../lib/lead-validation.ts';
import { sendContact, subscribeNewsletter } from '../api/contact-api.ts';
import { type ContactField, type ContactValues, validateContact } from '../lib/contact-validation.ts';

const FIELD_ORDER: ContactField[] = ['name', 'email', 'company', 'interest', 'message'];
const empty: ContactValues = { name: '', email: '', company: '', interest: '', message: '' };

export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(empty);
  const [newsletter, setNewsletter] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string[] | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  // A mistyped address is pointed out as soon as the visitor leaves the field, not only on submit.
  const checkEmailOnBlur = (email: string) => {
    if (email.trim()) setErrors((previous) => ({ ...previous, email: emailProblem(email) }));
  };

  const update = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validateContact(values);
    setErrors(found);
    setFailure(null);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      formRef.current?.ownerDocument.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const message = values.message.trim();
      const answer = await sendContact({
        name: values.name.trim(),
        email: values.email.trim(),
        company: values.company.trim(),
        interest: values.interest.trim(),
        ...(message ? { message } : {}),
      });
      const messages = [answer.message];
      if (newsletter) {
        const subscribed = await subscribeNewsletter(values.email.trim()).catch((error: unknown) => ({ message: failureMessage(error, 'The newsletter subscription failed; please try again below.') }));
        messages.push(subscribed.message);
      }
      setSent(messages);
      setValues(empty);
      setNewsletter(false);
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (error) {
      setFailure(failureMessage(error, 'Your message could not be sent. Please try again.'));
    }
    setSubmitting(false);
  }

  const problems = FIELD_ORDER.filter((field) => errors[field]).length;

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label="Contact sales" className="space-y-4 text-left">
      <div role="status" className="empty:m-0">
        {sent && (
          <p ref={doneRef} tabIndex={-1} className="rounded-lg border border-brand-400/50 bg-ink-950 px-3 py-2 text-brand-100 outline-none">
            {sent.join(' ')}
          </p>
        )}
      </div>
      <div role="alert" className="empty:m-0">
        {failure && <p className={alertClass}>{failure}</p>}
        {!failure && problems > 0 && <p className={alertClass}>Please check the {problems === 1 ? 'highlighted field' : `${problems} highlighted fields`}.</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="contact-name" label="Name" autoComplete="name" maxLength={LEAD_NAME_MAX_CHARS} required value={values.name} error={errors.name} onChange={(e) => update('name', e.target.value)} />
        <TextField id="contact-email" label="Work email" type="email" autoComplete="email" required value={values.email} error={errors.email} onBlur={() => checkEmailOnBlur(values.email)} onChange={(e) => update('email', e.target.value)} />
        <TextField id="contact-company" label="Company" autoComplete="organization" maxLength={LEAD_COMPANY_MAX_CHARS} required value={values.company} error={errors.company} onChange={(e) => update('company', e.target.value)} />
        <TextField id="contact-interest" label="Interest" maxLength={LEAD_INTEREST_MAX_CHARS} required placeholder="e.g. HIPAA for our support agents" value={values.interest} error={errors.interest} onChange={(e) => update('interest', e.target.value)} />
      </div>
      <TextAreaField
        id="contact-message"
        label="Message (optional)"
        value={values.message}
        error={errors.message}
        hint={`Up to ${LEAD_TEXT_MAX_CHARS.toLocaleString('en-US')} characters.`}
        onChange={(e) => update('message', e.target.value)}
      />
      <label className="flex items-start gap-2 text-sm text-slate-200">
        <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-400" checked={newsletter} onChange={(e) => setNewsletter(e.target.checked)} />
        Also send me the Bytebound newsletter (you confirm by email; every issue has an unsubscribe link)
      </label>
      <button type="submit" className={primaryButtonClass} disabled={submitting}>
        {submitting ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
