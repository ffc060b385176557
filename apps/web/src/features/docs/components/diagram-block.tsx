// A fenced ```mermaid block: drawn by Mermaid, which loads on demand when a diagram is shown. The
// diagram keeps a text alternative (an accessible name and a visible description) and its source
// stays readable: as the block itself before Mermaid has drawn it (and without script), and behind
// a disclosure afterwards. A source Mermaid cannot parse stays shown as source.
import { useEffect, useId, useState } from 'react';
import { diagramText } from '../lib/diagram-text.ts';

/** What Mermaid made of which source (a block whose source changes is loading again). */
type Result = { source: string; svg: string | null };

export function DiagramBlock({ source }: { source: string }) {
  const [result, setResult] = useState<Result | null>(null);
  const reactId = useId();
  // Mermaid uses the id in CSS selectors: letters, digits, '-' and '_' only.
  const id = `mermaid-${reactId.replace(/[^\w-]/g, '')}`;
  const text = diagramText(source);

  useEffect(() => {
    let cancelled = false;
    import('../lib/mermaid-render.ts')
      .then(({ renderMermaid }) => renderMermaid(`${id}-svg`, source))
      .then(
        (svg) => !cancelled && setResult({ source, svg }),
        () => !cancelled && setResult({ source, svg: null }),
      );
    return () => {
      cancelled = true;
    };
  }, [id, source]);

  const state = result?.source !== source ? 'loading' : result.svg === null ? 'failed' : 'drawn';
  const sourceBlock = (
    <pre className="overflow-x-auto rounded-lg border border-ink-700 bg-ink-950 p-4 font-mono text-sm text-slate-200" data-testid="diagram-source">
      {source}
    </pre>
  );
  if (state !== 'drawn') {
    return (
      <div className="my-5" data-testid="diagram-pending" data-state={state}>
        {sourceBlock}
        {state === 'failed' && <p className="mt-2 text-sm text-slate-300">This diagram could not be drawn; its source is shown above.</p>}
      </div>
    );
  }
  return (
    <figure className="my-5 rounded-lg border border-ink-700 bg-ink-950 p-4" data-testid="diagram">
      {/* A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${text.title}, scrolls sideways`}>
        <div role="img" aria-label={text.title} aria-describedby={`${id}-description`} className="w-max" dangerouslySetInnerHTML={{ __html: result!.svg! }} />
      </div>
      <figcaption id={`${id}-description`} className="mt-3 text-sm text-slate-300">
        {text.description}
      </figcaption>
      <details className="mt-2 text-sm text-slate-300">
        <summary className="cursor-pointer text-brand-300">Diagram source</summary>
        <div className="mt-2">{sourceBlock}</div>
      </details>
    </figure>
  );
}
