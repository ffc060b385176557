// Landing on a homepage section and staying there. Sections on the way may render for the first
// time, and some grow when their content arrives (the demo compiler, the feature list, the
// metrics), so a landing computed before the scroll can end up far from the section.

function scrollPaddingTop(): number {
  return parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
}

function isAligned(target: HTMLElement): boolean {
  return Math.abs(target.getBoundingClientRect().top - scrollPaddingTop()) <= 2;
}

/**
 * Scrolls a section to the top, then holds the landing as a navigation's (holdSectionLanding):
 * corrected when the scroll ends and while the page above settles, until the visitor scrolls.
 */
export function scrollToSection(target: HTMLElement, reduced: boolean): void {
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  holdSectionLanding(target);
}

/** How long a landing is held while the page above it settles. */
const HOLD_MS = 3_000;
/** If no scroll is under way, the landing is checked after this long. */
const NO_SCROLL_FALLBACK_MS = 1_000;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * After a navigation to a section (a link to /#contact, the browser's own scroll to a fragment),
 * waits for that scroll to end, then keeps the section at the top while content above it changes
 * size, for HOLD_MS or until the visitor scrolls. Returns a function that stops holding.
 */
export function holdSectionLanding(target: HTMLElement): () => void {
  let observer: ResizeObserver | null = null;
  let holdTimer = 0;
  const align = () => {
    if (!isAligned(target)) target.scrollIntoView({ behavior: 'auto', block: 'start' });
  };
  const hold = () => {
    window.clearTimeout(fallbackTimer);
    window.removeEventListener('scrollend', hold);
    if (observer) return;
    align();
    observer = new ResizeObserver(align);
    observer.observe(target.parentElement ?? document.body);
    holdTimer = window.setTimeout(stop, HOLD_MS);
  };
  function stop() {
    window.clearTimeout(fallbackTimer);
    window.clearTimeout(holdTimer);
    window.removeEventListener('scrollend', hold);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
    observer?.disconnect();
  }
  window.addEventListener('scrollend', hold);
  const fallbackTimer = window.setTimeout(hold, NO_SCROLL_FALLBACK_MS);
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  return stop;
}
