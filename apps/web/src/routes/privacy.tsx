// /privacy: the privacy policy.
import { PageIntro } from '../components/page-intro.tsx';

export function PrivacyRoute() {
  return <PageIntro title="Privacy Policy" lead="What personal data Bytebound processes, why, for how long, and how you exercise your rights." />;
}
