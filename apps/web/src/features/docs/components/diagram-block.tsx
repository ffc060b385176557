// A fenced diagram block drawn as SVG by the diagram module, loaded on demand; the diagram's source
// stays readable as a fallback until then and for anything the renderer does not understand.
import { useEffect, useState } from 'react';
import type { Diagram } from '../lib/diagram.ts';

export function DiagramBlock({ source }: { source: string }) {
  const [diagram, setDiagram] = useState<Diagram | null | undefined>(undefined);
  const [size, setSize] = useState({ width: 150, height: 44 });

  useEffect(() => {
    let cancelled = false;
    void import('../lib/diagram.ts').then(({ layoutDiagram, DIAGRAM_NODE }) => {
      if (cancelled) return;
      setSize(DIAGRAM_NODE);
      setDiagram(layoutDiagram(source));
    });
    return () => {
      cancelled = true;
    };
  }, [source]);

  if (!diagram) {
    return (
      <pre className="my-5 overflow-x-auto rounded-lg border border-ink-700 bg-ink-950 p-4 font-mono text-sm text-slate-200" data-testid="diagram-source">
        {source}
      </pre>
    );
  }
  return (
    <figure className="my-5 overflow-x-auto rounded-lg border border-ink-700 bg-ink-950 p-4" data-testid="diagram">
      <svg role="img" aria-label={diagram.label} viewBox={`0 0 ${diagram.width} ${diagram.height}`} width={diagram.width} height={diagram.height} className="max-w-none">
        <defs>
          <marker id="diagram-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
            <path d="M0 0 L10 5 L0 10 z" fill="#67e8f9" />
          </marker>
        </defs>
        {diagram.edges.map(({ from, to }, n) => {
          const sameRow = from.y === to.y;
          const x1 = sameRow ? (to.x > from.x ? from.x + size.width : from.x) : from.x + size.width / 2;
          const y1 = sameRow ? from.y + size.height / 2 : from.y + size.height;
          const x2 = sameRow ? (to.x > from.x ? to.x : to.x + size.width) : to.x + size.width / 2;
          const y2 = sameRow ? to.y + size.height / 2 : to.y;
          return <line key={n} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#67e8f9" strokeWidth="1.5" markerEnd="url(#diagram-arrow)" />;
        })}
        {diagram.nodes.map((node) => (
          <g key={node.id}>
            <rect x={node.x} y={node.y} width={size.width} height={size.height} rx="8" fill="#131c35" stroke="#1f2a4a" />
            <text x={node.x + size.width / 2} y={node.y + size.height / 2 + 5} textAnchor="middle" fill="#e2e8f0" fontSize="13">
              {node.label}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
