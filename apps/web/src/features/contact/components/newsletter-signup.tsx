// The newsletter sign-up (double opt-in): the server answers alike for every address and emails a
// confirmation link; nothing is sent before the visitor confirms.
import { useState, type FormEvent } from 'react';
import { errorClass, inputClass, secondaryButtonClass } from '../../../components/forms/form-fields.tsx';
import { emailProblem, failureMessage } from '../../../lib/lead-validation.ts';
import { subscribeNewsletter } from '../api/contact-api.ts';

export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const problem = emailProblem(email) ?? null;
    setError(problem);
    setDone(null);
    if (problem) return;
    setSubmitting(true);
    try {
      setDone((await subscribeNewsletter(email.trim())).message);
      setEmail('');
    } catch (failure) {
      setError(failureMessage(failure, 'The subscription failed. Please try again.'));
    }
    setSubmitting(false);
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="newsletter-title" className="text-left">
      <h3 id="newsletter-title" className="text-lg font-semibold text-white">
        Newsletter
      </h3>
      <p className="mt-1 text-sm text-slate-300">New regulations we compile and what changed in the engine, about once a month.</p>
      <label htmlFor="newsletter-email" className="mt-3 block text-sm font-medium text-slate-200">
        Email for the newsletter
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          className={`${inputClass} min-w-0 flex-1`}
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className={`${secondaryButtonClass} mt-1`} disabled={submitting}>
          {submitting ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      <div role="alert" className="empty:m-0">
        {error && (
          <p id="newsletter-email-error" className={errorClass}>
            {error}
          </p>
        )}
      </div>
      <p role="status" className="mt-2 text-sm text-brand-100 empty:m-0">
        {done}
      </p>
    </form>
  );
}
