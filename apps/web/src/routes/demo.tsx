// /demo: the free legal-to-code compiler demo.
import { PageIntro } from '../components/page-intro.tsx';

export function DemoRoute() {
  return <PageIntro title="Free Legal-to-Code Demo" lead="Paste legal text and compile it into policy code in the output format you choose. No signup needed." />;
}
