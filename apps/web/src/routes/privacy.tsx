// /privacy: the privacy page.
import { PrivacyPage } from '../features/legal-pages/components/pages.tsx';

export function PrivacyRoute() {
  return <PrivacyPage />;
}
