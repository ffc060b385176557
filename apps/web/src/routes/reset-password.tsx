// /auth/reset-password?token=...: where the emailed reset link leads.
import { PageIntro } from '../components/page-intro.tsx';

export function ResetPasswordRoute() {
  return <PageIntro title="Reset Your Password" lead="Choose a new password for your account." />;
}
