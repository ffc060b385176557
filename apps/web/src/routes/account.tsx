// /account and everything under it: the customer account (its sub-pages are client routes).
import { PageIntro } from '../components/page-intro.tsx';

export function AccountRoute() {
  return <PageIntro title="Your Account" lead="Your plan, API keys, usage and audit log." />;
}
