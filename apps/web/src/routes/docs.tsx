// /docs: the documentation viewer (its sections are the Markdown files of docs/).
import { DocsViewer } from '../features/docs/components/docs-viewer.tsx';

export function DocsRoute() {
  return <DocsViewer />;
}
