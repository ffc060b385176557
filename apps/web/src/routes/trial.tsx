// /trial: the free enterprise pilot request.
import { PageIntro } from '../components/page-intro.tsx';

export function TrialRoute() {
  return <PageIntro title="Start Your Free Enterprise Pilot" lead="A one-month pilot of Bytebound in your environment, set up with our team." />;
}
