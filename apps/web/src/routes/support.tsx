// /support: the support page.
import { SupportPage } from '../features/legal-pages/components/pages.tsx';

export function SupportRoute() {
  return <SupportPage />;
}
