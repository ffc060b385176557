// /pricing: the enterprise tiers, comparison, FAQ and the pilot.
import { PricingPage } from '../features/pricing/components/pricing-page.tsx';

export function PricingRoute() {
  return <PricingPage />;
}
