// /auth/payment: plan selection and the start of checkout.
import { PlanSelection } from '../features/payment/components/plan-selection.tsx';

export function PaymentRoute() {
  return <PlanSelection />;
}
