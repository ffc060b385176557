// /auth/forget-password: request a reset link.
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordRoute() {
  return <ForgotPasswordForm />;
}
