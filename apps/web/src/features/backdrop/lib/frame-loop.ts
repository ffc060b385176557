// The one requestAnimationFrame loop every canvas effect shares (Excalidraw's habit): it runs only
// while some effect is subscribed and the tab is visible, so a hidden tab costs nothing.
type FrameCallback = (now: number) => void;

const callbacks = new Set<FrameCallback>();
let handle = 0;

function frame(now: number) {
  handle = 0;
  for (const callback of callbacks) callback(now);
  schedule();
}

function schedule() {
  if (handle || callbacks.size === 0 || document.hidden) return;
  handle = requestAnimationFrame(frame);
}

function onVisibility() {
  if (document.hidden && handle) {
    cancelAnimationFrame(handle);
    handle = 0;
  } else schedule();
}

/** Runs `callback` on every frame until the returned function is called. */
export function onFrame(callback: FrameCallback): () => void {
  if (callbacks.size === 0) document.addEventListener('visibilitychange', onVisibility);
  callbacks.add(callback);
  schedule();
  return () => {
    callbacks.delete(callback);
    if (callbacks.size === 0) {
      document.removeEventListener('visibilitychange', onVisibility);
      if (handle) cancelAnimationFrame(handle);
      handle = 0;
    }
  };
}
