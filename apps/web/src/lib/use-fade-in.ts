// Sections that fade in when they first come into view (spec section 2). The prerendered page
// shows everything (no script needed); only a section below the fold at hydration fades, and
// never under reduced motion. The element carries `data-fade` ('none', 'hidden', 'shown') and
// FADE_IN_CLASSES, which animate opacity and translation only.
import { useEffect, useRef, useState, type RefObject } from 'react';

/** Utility classes, so that these rules arrive with the page's one stylesheet. */
export const FADE_IN_CLASSES = [
  'data-[fade=hidden]:translate-y-6 data-[fade=hidden]:opacity-0',
  'data-[fade=shown]:transition-[opacity,translate] data-[fade=shown]:duration-[600ms] data-[fade=shown]:ease-out',
].join(' ');

export type Fade = 'none' | 'hidden' | 'shown';

export function useFadeIn<T extends HTMLElement>(): { ref: RefObject<T | null>; fade: Fade } {
  const ref = useRef<T>(null);
  const [fade, setFade] = useState<Fade>('none');

  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    // The observer's first report says where the section is without forcing a layout during
    // hydration: in view or above it, it stays as prerendered; below, it hides until it arrives.
    let first = true;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (first) {
          first = false;
          if (entry.isIntersecting || entry.boundingClientRect.top < (entry.rootBounds?.height ?? window.innerHeight)) observer.disconnect();
          else setFade('hidden');
          return;
        }
        if (entry.isIntersecting) {
          setFade('shown');
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { ref, fade };
}
