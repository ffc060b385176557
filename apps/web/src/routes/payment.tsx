// /auth/payment: plan selection and the start of checkout.
import { TRIAL_DAYS } from '../config/constants.ts';
import { PageIntro } from '../components/page-intro.tsx';

export function PaymentRoute() {
  return <PageIntro title="Choose Your Plan" lead={`Start with ${TRIAL_DAYS} days free. Upgrade, downgrade, or cancel anytime.`} />;
}
