// /auth/forget-password: asks for a reset link.
import { PageIntro } from '../components/page-intro.tsx';

export function ForgotPasswordRoute() {
  return <PageIntro title="Forgot Your Password?" lead="Enter the email address of your account and we will send you a link to reset your password." />;
}
