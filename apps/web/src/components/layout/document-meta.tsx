// Keeps document.title and the meta description in step with the client router.
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { metaForMatches, type PageMeta } from '../../lib/page-meta.ts';

export function DocumentMeta({ override }: { override?: PageMeta | undefined }) {
  const matches = useMatches();
  const meta = override ?? metaForMatches(matches);

  useEffect(() => {
    document.title = meta.title;
    let description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!description) {
      description = document.createElement('meta');
      description.name = 'description';
      document.head.append(description);
    }
    description.content = meta.description;
  }, [meta.title, meta.description]);

  return null;
}
