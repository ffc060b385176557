// /auth/sign-in: the sign-in form.
import { SignInForm } from '../features/auth/components/sign-in-form.tsx';

export function SignInRoute() {
  return <SignInForm />;
}
