// /support: support channels and service levels.
import { PageIntro } from '../components/page-intro.tsx';

export function SupportRoute() {
  return <PageIntro title="Support" lead="How to reach us, and how quickly we respond at each severity level." />;
}
