// 'Create Your Account': the spec's fields, the strength meter, the terms checkbox that enables
// the button, and the updates checkbox. Success (200/201 with success and a token) stores the
// credentials and replaces the history entry with the account.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { TRIAL_DAYS } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { register, storeCredentials, TERMS_VERSION } from '../api/auth-api.ts';
import { type Errors, MESSAGES, messageOf, passwordStrength, type RegisterField, type RegisterValues, validateRegister } from '../validation.ts';
import { AuthCard, errorClass, linkClass, primaryButtonClass } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { TextField } from './text-field.tsx';

const empty: RegisterValues = { firstName: '', lastName: '', companyName: '', email: '', password: '', confirmPassword: '', acceptTerms: false, subscribeNewsletter: false };
const meterColours = ['bg-red-400', 'bg-orange-400', 'bg-yellow-300', 'bg-lime-300', 'bg-emerald-400'];

export function RegisterForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors<RegisterField>>({});
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const strength = passwordStrength(values.password);

  // Editing a field clears its error.
  function update<K extends keyof RegisterValues>(field: K, value: RegisterValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFailure(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const found = validateRegister(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setLoading(true);
    try {
      const response = await register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        companyName: values.companyName.trim(),
        password: values.password,
        subscribeNewsletter: values.subscribeNewsletter,
        acceptTerms: values.acceptTerms,
        termsVersion: TERMS_VERSION,
      });
      if (response.success && response.token && response.customerId) {
        storeCredentials(response.token, response.customerId);
        void navigate(paths.account, { replace: true });
        return;
      }
      setFailure(response.error || MESSAGES.registerFailed);
    } catch (error) {
      setFailure(messageOf(error, MESSAGES.registerFailed));
    }
    setLoading(false);
  }

  const field = (id: RegisterField & keyof RegisterValues) => ({ id, value: values[id] as string, error: errors[id], onChange: (e: { target: { value: string } }) => update(id, e.target.value) });

  return (
    <AuthCard
      title="Create Your Account"
      lead={`Start your ${TRIAL_DAYS}-day free trial. No credit card required.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.signIn} className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure && (
          <p role="alert" className="rounded-lg border border-red-400/60 bg-red-950/60 px-3 py-2 text-sm text-red-200">
            {failure}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" required {...field('lastName')} />
        </div>
        <TextField label="Company Name" autoComplete="organization" required {...field('companyName')} />
        <TextField label="Work Email" type="email" autoComplete="email" required {...field('email')} />
        <div>
          <PasswordField label="Password" autoComplete="new-password" required {...field('password')} />
          {values.password && (
            <div className="mt-2" aria-live="polite">
              <div className="flex gap-1" aria-hidden="true">
                {[0, 1, 2, 3].map((i) => (
                  <span key={i} className={`h-1.5 flex-1 rounded ${i < strength.score ? meterColours[strength.score] : 'bg-ink-700'}`} />
                ))}
              </div>
              <p className="mt-1 text-xs text-slate-300">
                Password strength: <span className="font-semibold text-slate-100">{strength.label}</span>
              </p>
            </div>
          )}
        </div>
        <PasswordField label="Confirm Password" autoComplete="new-password" required {...field('confirmPassword')} />
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-200">
            <input
              type="checkbox"
              name="acceptTerms"
              required
              checked={values.acceptTerms}
              onChange={(e) => update('acceptTerms', e.target.checked)}
              aria-describedby={errors.acceptTerms ? 'acceptTerms-error' : undefined}
              className="mt-0.5 size-4 accent-brand-400"
            />
            <span>
              I agree to the{' '}
              <Link to={paths.terms} className={linkClass}>
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to={paths.privacy} className={linkClass}>
                Privacy Policy
              </Link>
            </span>
          </label>
          {errors.acceptTerms && (
            <p id="acceptTerms-error" className={errorClass}>
              {errors.acceptTerms}
            </p>
          )}
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            name="subscribeNewsletter"
            checked={values.subscribeNewsletter}
            onChange={(e) => update('subscribeNewsletter', e.target.checked)}
            className="mt-0.5 size-4 accent-brand-400"
          />
          Send me product updates and security alerts
        </label>
        <button type="submit" className={primaryButtonClass} disabled={!values.acceptTerms || loading}>
          {loading ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <SocialButtons providers={['Google', 'GitHub']} />
    </AuthCard>
  );
}
