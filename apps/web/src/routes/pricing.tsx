// /pricing: the enterprise tiers of the pricing page.
import { PageIntro } from '../components/page-intro.tsx';

export function PricingRoute() {
  return <PageIntro title="Real-Time AI Compliance API for Enterprise" lead="Enterprise tiers for real-time allow-or-block decisions with signed proof, and a one-month free pilot." />;
}
