// /auth/register: the registration form.
import { TRIAL_DAYS } from '../config/constants.ts';
import { PageIntro } from '../components/page-intro.tsx';

export function RegisterRoute() {
  return <PageIntro title="Create Your Account" lead={`Start your ${TRIAL_DAYS}-day free trial. No credit card required.`} />;
}
