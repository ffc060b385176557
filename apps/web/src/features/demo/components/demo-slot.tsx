// Where the demo compiler mounts (homepage #demo and /demo): a light placeholder in the prerendered
// page, replaced by the compiler's own chunk once the page is hydrated — at once on /demo, and on
// the homepage when the section comes near the viewport — so the homepage's first load stays light.
import { useEffect, useRef, useState, type ComponentType } from 'react';

export function DemoSlot({ eager = false }: { eager?: boolean }) {
  const [Compiler, setCompiler] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    const load = () =>
      import('./demo-compiler.tsx').then(
        (m) => !cancelled && setCompiler(() => m.DemoCompiler),
        () => !cancelled && setFailed(true),
      );
    if (eager || typeof IntersectionObserver === 'undefined' || !anchor.current) {
      void load();
      return () => {
        cancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void load();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(anchor.current);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [eager]);

  if (Compiler) return <Compiler />;
  return (
    <div ref={anchor} className="rounded-xl border border-ink-700 bg-ink-900 p-8 text-center text-slate-300" data-testid="demo-placeholder">
      {failed ? 'The demo compiler could not load. Please refresh the page.' : 'Loading the demo compiler…'}
      <noscript>
        <p className="mt-2">The demo compiler runs in your browser: please enable JavaScript to use it.</p>
      </noscript>
    </div>
  );
}
