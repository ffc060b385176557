// /auth/register: the registration form.
import { RegisterForm } from '../features/auth/components/register-form.tsx';

export function RegisterRoute() {
  return <RegisterForm />;
}
