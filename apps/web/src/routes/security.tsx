// /security: security practices.
import { PageIntro } from '../components/page-intro.tsx';

export function SecurityRoute() {
  return <PageIntro title="Security" lead="How Bytebound protects your data and proves every decision it makes." />;
}
