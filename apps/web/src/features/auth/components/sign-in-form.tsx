// 'Welcome Back': email, password (show/hide), 'Remember me for 30 days', 'Sign In'. On success
// the token and customer id are stored and the browser goes to the account (or back to ?next=).
// Submission is blocked while the email is invalid or a field is empty: 'Sign In' says so
// (aria-disabled, so that it stays focusable), and an attempt shows what is missing under the
// fields and focuses the first one; editing a field clears its message.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { REMEMBER_ME_DAYS } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { signIn, storeCredentials } from '../api/auth-api.ts';
import { canSubmitSignIn, type Errors, MESSAGES, messageOf, safeNext, signInEmailHint, validateSignIn } from '../validation.ts';
import { AuthCard, linkClass, primaryButtonClass } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { TextField } from './text-field.tsx';

export function SignInForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState({ email: '', password: '', rememberMe: false });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emailTouched, setEmailTouched] = useState(false);
  const [missing, setMissing] = useState<Errors<'email' | 'password'>>({});

  const emailHint = emailTouched ? signInEmailHint(values.email) : null;
  const update = (change: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...change }));
    setMissing(({ email, password }) => ({ email: 'email' in change ? undefined : email, password: 'password' in change ? undefined : password }));
    setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    if (!canSubmitSignIn(values, loading)) {
      const found = validateSignIn(values);
      setMissing(found);
      document.getElementById(found.email ? 'email' : 'password')?.focus();
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const response = await signIn({ email: values.email.trim(), password: values.password, rememberMe: values.rememberMe });
      if (response.success && response.token && response.customerId) {
        storeCredentials(response.token, response.customerId);
        void navigate(safeNext(params.get('next')) ?? paths.account, { replace: true });
        return;
      }
      setError(response.error || MESSAGES.signInFailed);
    } catch (failure) {
      setError(messageOf(failure, MESSAGES.signInFailed));
    }
    setLoading(false);
  }

  return (
    <AuthCard
      title="Welcome Back"
      lead="Sign in to your Bytebound account."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.register} className={linkClass}>
            Sign up for free
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5" aria-describedby={error ? 'sign-in-error' : undefined}>
        {error && (
          <p id="sign-in-error" role="alert" className="rounded-lg border border-red-400/60 bg-red-950/60 px-3 py-2 text-sm text-red-200">
            {error}
          </p>
        )}
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={missing.email ?? emailHint}
          onBlur={() => setEmailTouched(true)}
          onChange={(e) => update({ email: e.target.value })}
        />
        <PasswordField
          id="password"
          label="Password"
          autoComplete="current-password"
          required
          value={values.password}
          error={missing.password}
          onChange={(e) => update({ password: e.target.value })}
        />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2 text-slate-200">
            <input type="checkbox" name="rememberMe" checked={values.rememberMe} onChange={(e) => update({ rememberMe: e.target.checked })} className="size-4 accent-brand-400" />
            Remember me for {REMEMBER_ME_DAYS} days
          </label>
          <Link to={paths.forgotPassword} className={linkClass}>
            Forgot password?
          </Link>
        </div>
        <button type="submit" className={primaryButtonClass} aria-disabled={canSubmitSignIn(values, loading) ? undefined : true}>
          {loading ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <SocialButtons providers={['Google', 'GitHub', 'Microsoft']} />
      <p className="mt-6 text-center text-xs text-slate-300">Secured with 256-bit encryption</p>
    </AuthCard>
  );
}
