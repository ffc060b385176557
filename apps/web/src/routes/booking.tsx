// /booking: enterprise demo booking (/book-demo, /enterprise and /enterprise-contact lead here).
import { ENTERPRISE_DEMO_MINUTES } from '../config/constants.ts';
import { PageIntro } from '../components/page-intro.tsx';

export function BookingRoute() {
  return <PageIntro title="Book an Enterprise Demo" lead={`A ${ENTERPRISE_DEMO_MINUTES}-minute call with our team about enforcing your regulations in your AI systems.`} />;
}
