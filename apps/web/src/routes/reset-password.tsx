// /auth/reset-password?token=...: where the emailed reset link leads.
import { ResetPasswordForm } from '../features/auth/components/reset-password-form.tsx';

export function ResetPasswordRoute() {
  return <ResetPasswordForm />;
}
