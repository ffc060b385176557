// /docs: the documentation viewer (its sections come from docs/).
import { PageIntro } from '../components/page-intro.tsx';

export function DocsRoute() {
  return <PageIntro title="Documentation" lead="How Bytebound compiles legal text into policy, how the engine decides, and how to integrate it." />;
}
