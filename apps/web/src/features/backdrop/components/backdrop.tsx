// The animated backdrop behind its children: one canvas on the shared frame loop, running only
// while on screen, the tab is visible and the visitor has not paused it; a single static frame
// under prefers-reduced-motion.
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import { onFrame } from '../lib/frame-loop.ts';
import { Scene } from '../lib/scene.ts';

const noSubscription = () => () => {};
/** How long after hydration the backdrop starts moving (it shows its first frame at once). */
const BACKDROP_START_DELAY_MS = 1_500;

export function Backdrop({ children }: { children: ReactNode }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  // False in the prerendered page, true once the client runs: the pause control needs script.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const scene = new Scene(ctx);
    const fit = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const { width, height } = canvas.getBoundingClientRect();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      scene.resize(width, height, navigator.hardwareConcurrency || 2);
      scene.draw(performance.now());
    };
    fit();
    if (reduced || paused) return;

    let stop: (() => void) | null = null;
    let onScreen = false;
    // Motion starts once the page has loaded and settled, so it never competes with hydration.
    let started = false;
    const update = () => {
      if (started && onScreen && !stop) stop = onFrame((now) => scene.step(now));
      else if ((!started || !onScreen) && stop) {
        stop();
        stop = null;
      }
    };
    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? false;
      update();
    });
    observer.observe(canvas);
    const begin = () => {
      started = true;
      update();
    };
    const startTimer = window.setTimeout(begin, document.readyState === 'complete' ? BACKDROP_START_DELAY_MS : BACKDROP_START_DELAY_MS * 2);
    const parent = canvas.parentElement!;
    const onPointer = (event: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      scene.addTrail(event.clientX - rect.left, event.clientY - rect.top, performance.now());
    };
    parent.addEventListener('pointermove', onPointer, { passive: true });
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.clearTimeout(startTimer);
      stop?.();
      parent.removeEventListener('pointermove', onPointer);
      window.removeEventListener('resize', fit);
    };
  }, [reduced, paused]);

  return (
    <div className="relative overflow-hidden">
      <canvas ref={canvasRef} aria-hidden="true" data-testid="backdrop" data-running={hydrated && !reduced && !paused ? 'true' : 'false'} className="pointer-events-none absolute inset-0 h-full w-full" />
      <div className="relative">{children}</div>
      <div className="absolute right-4 bottom-4 h-8">
        {hydrated && !reduced && (
          <button
            type="button"
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
            className="rounded-md border border-ink-700 bg-ink-900/80 px-3 py-1.5 text-xs font-medium text-slate-200 hover:bg-ink-800"
          >
            {paused ? 'Resume background animation' : 'Pause background animation'}
          </button>
        )}
      </div>
    </div>
  );
}
