// 'Forgot Your Password?': after any completed request the 'Check Your Email' view (the server
// answers alike for every address); only a network failure shows an error.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { RESET_LINK_EXPIRY_HOURS } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { forgotPassword } from '../api/auth-api.ts';
import { isNetworkError, MESSAGES, validateForgotPassword } from '../validation.ts';
import { AuthCard, linkClass, primaryButtonClass } from './auth-card.tsx';
import { TextField } from './text-field.tsx';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const problem = validateForgotPassword(email);
    setError(problem);
    if (problem) return;
    setLoading(true);
    try {
      await forgotPassword(email.trim());
      setSentTo(email.trim());
    } catch (failure) {
      if (isNetworkError(failure)) setError(MESSAGES.forgotNetwork);
      else setSentTo(email.trim());
    }
    setLoading(false);
  }

  const back = (
    <Link to={paths.signIn} className={linkClass}>
      Back to Login
    </Link>
  );

  if (sentTo !== null) {
    return (
      <AuthCard title="Check Your Email" footer={back}>
        <div className="space-y-4 text-center text-slate-200" role="status">
          <p>
            We sent a password reset link to <strong className="text-white">{sentTo}</strong>.
          </p>
          <p>Click the link in the email to choose a new password.</p>
          <p className="text-sm text-slate-300">The link will expire in {RESET_LINK_EXPIRY_HOURS} hour for security reasons.</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot Your Password?"
      lead="Enter the email of your account and we will send you a link to reset your password."
      footer={
        <div className="space-y-2">
          <p>{back}</p>
          <p>
            Need help?{' '}
            <Link to={paths.support} className={linkClass}>
              Contact Support
            </Link>
          </p>
        </div>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className={primaryButtonClass} disabled={loading}>
          {loading ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
    </AuthCard>
  );
}
