// /auth/reset-password?token=...: choose a new password with the emailed single-use link. The
// server refuses common passwords and used or expired links with a clear message.
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { resetPassword } from '../api/auth-api.ts';
import { type Errors, messageOf, passwordStrength, validateReset } from '../validation.ts';
import { AuthCard, linkClass, primaryButtonClass } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';

const noSubscription = () => () => {};

export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors<'password' | 'confirmPassword'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  // The prerendered page has no query string: decide "no token" only once hydrated.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const found = validateReset(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setLoading(true);
    try {
      await resetPassword(token, values.password);
      setDone(true);
    } catch (error) {
      setFailure(messageOf(error, 'The password could not be changed. Please try again.'));
    }
    setLoading(false);
  }

  const update = (field: 'password' | 'confirmPassword', value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFailure(null);
  };

  if (done) {
    return (
      <AuthCard title="Reset Your Password">
        <div role="status" className="space-y-4 text-center text-slate-200">
          <p>Your password has been changed and every device has been signed out.</p>
          <Link to={paths.signIn} className={linkClass}>
            Sign in with your new password
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Your Password" lead="Choose a new password for your account.">
      {hydrated && !token ? (
        <p className="text-center text-slate-200">
          This page needs the link from your reset email.{' '}
          <Link to={paths.forgotPassword} className={linkClass}>
            Request a new link
          </Link>
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-5">
          {failure && (
            <p role="alert" className="rounded-lg border border-red-400/60 bg-red-950/60 px-3 py-2 text-sm text-red-200">
              {failure}{' '}
              <Link to={paths.forgotPassword} className={linkClass}>
                Request a new link
              </Link>
            </p>
          )}
          <PasswordField id="password" label="New Password" autoComplete="new-password" required value={values.password} error={errors.password} onChange={(e) => update('password', e.target.value)} />
          {values.password && <p className="text-xs text-slate-300">Password strength: {passwordStrength(values.password).label}</p>}
          <PasswordField id="confirmPassword" label="Confirm New Password" autoComplete="new-password" required value={values.confirmPassword} error={errors.confirmPassword} onChange={(e) => update('confirmPassword', e.target.value)} />
          <button type="submit" className={primaryButtonClass} disabled={loading}>
            {loading ? 'Saving...' : 'Set New Password'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
