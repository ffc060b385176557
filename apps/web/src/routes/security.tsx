// /security: the security page.
import { SecurityPage } from '../features/legal-pages/components/pages.tsx';

export function SecurityRoute() {
  return <SecurityPage />;
}
