// /terms: the terms page.
import { TermsPage } from '../features/legal-pages/components/pages.tsx';

export function TermsRoute() {
  return <TermsPage />;
}
