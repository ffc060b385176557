// /terms: the terms of service.
import { PageIntro } from '../components/page-intro.tsx';

export function TermsRoute() {
  return <PageIntro title="Terms of Service" lead="The terms under which Bytebound provides the site, the API and the account." />;
}
