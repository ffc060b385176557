// The animated backdrop behind its children: one canvas on the shared frame loop, running only
// while on screen, the tab is visible and the visitor has not paused it; a single static frame
// under prefers-reduced-motion.
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import { onFrame } from '../lib/frame-loop.ts';
import { Scene } from '../lib/scene.ts';

const noSubscription = () => () => {};
/** The canvas is a soft background: more pixels than this per CSS pixel only cost frame time. */
const BACKDROP_MAX_PIXEL_RATIO = 1;
/** The visitor's first input of any kind starts the motion (the first frame shows at once). */
const START_EVENTS = ['pointermove', 'pointerdown', 'wheel', 'scroll', 'keydown', 'touchstart'] as const;

export function Backdrop({ children }: { children: ReactNode }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  /** Whether motion has begun (it then resumes at once after a pause). */
  const startedRef = useRef(false);
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
    const fit = (width: number, height: number) => {
      const ratio = Math.min(window.devicePixelRatio || 1, BACKDROP_MAX_PIXEL_RATIO);
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      scene.resize(width, height, navigator.hardwareConcurrency || 2);
      scene.draw(performance.now());
    };
    // Sized by the browser's own report after layout (and again on every change of size), so the
    // canvas never forces a layout inside hydration.
    const sizeObserver = new ResizeObserver(([entry]) => {
      if (entry) fit(entry.contentRect.width, entry.contentRect.height);
    });
    sizeObserver.observe(canvas);
    if (reduced || paused) return () => sizeObserver.disconnect();

    let stop: (() => void) | null = null;
    let onScreen = false;
    // Motion starts at the visitor's first input (a pointer move, a touch, a key, a scroll), so it
    // never competes with loading and hydration, and a page nobody looks at does not animate.
    const update = () => {
      const started = startedRef.current;
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
    function begin() {
      stopWaiting();
      startedRef.current = true;
      update();
    }
    function stopWaiting() {
      for (const type of START_EVENTS) window.removeEventListener(type, begin);
    }
    if (!startedRef.current) for (const type of START_EVENTS) window.addEventListener(type, begin, { once: true, passive: true });
    const parent = canvas.parentElement!;
    const onPointer = (event: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      scene.addTrail(event.clientX - rect.left, event.clientY - rect.top, performance.now());
    };
    parent.addEventListener('pointermove', onPointer, { passive: true });
    return () => {
      sizeObserver.disconnect();
      observer.disconnect();
      stopWaiting();
      stop?.();
      parent.removeEventListener('pointermove', onPointer);
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
