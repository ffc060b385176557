// /auth/sign-in: the sign-in form.
import { PageIntro } from '../components/page-intro.tsx';

export function SignInRoute() {
  return <PageIntro title="Welcome Back" lead="Sign in to your Bytebound account." />;
}
