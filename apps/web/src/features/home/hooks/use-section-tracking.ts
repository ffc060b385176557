// Tracks which homepage sections are in view (spec section 9's observer thresholds and margins):
// the set in view for the dot navigation, and the one crossing the middle of the viewport for the
// top bar. Sections that arrive later (the demo, testimonials) are picked up by re-observing.
import { useEffect, useState } from 'react';
import { NAV_OBSERVER_ROOT_MARGIN, NAV_OBSERVER_THRESHOLDS, NAV_REOBSERVE_DELAY_MS } from '../../../config/constants.ts';
import { setActiveSection } from '../../../components/layout/active-section.ts';

export function useSectionTracking(ids: readonly string[]): ReadonlySet<string> {
  const [inView, setInView] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    const visible = new Set<string>();
    // The section under the middle of the viewport, checked on scroll (one read per frame at most).
    let frame = 0;
    const track = () => {
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      const middle = window.innerHeight / 2;
      let current: string | null = null;
      for (const id of ids) {
        const rect = document.getElementById(id)?.getBoundingClientRect();
        if (rect && rect.top <= middle && rect.bottom > middle) current = id;
      }
      setActiveSection(current);
    };
    const trackSoon = () => {
      if (!frame) frame = requestAnimationFrame(track);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        setInView(new Set(visible));
        // Sections also move without a scroll (one above renders late and changes its height):
        // the observer sees that, so the section at the middle is read again, here (its callback
        // comes after layout) rather than in an animation frame, which reduced motion never asks for.
        track();
      },
      { rootMargin: NAV_OBSERVER_ROOT_MARGIN, threshold: [...NAV_OBSERVER_THRESHOLDS] },
    );
    const observeAll = () => {
      for (const id of ids) {
        const element = document.getElementById(id);
        if (element) observer.observe(element);
      }
    };
    observeAll();
    const reobserve = window.setTimeout(observeAll, NAV_REOBSERVE_DELAY_MS);

    // The first reading runs in a task of its own: reading layout now, while the page hydrates,
    // would force a layout of the whole page inside the hydration task.
    const firstTrack = window.setTimeout(track, 0);
    window.addEventListener('scroll', trackSoon, { passive: true });
    window.addEventListener('resize', trackSoon, { passive: true });
    return () => {
      observer.disconnect();
      window.clearTimeout(reobserve);
      window.clearTimeout(firstTrack);
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', trackSoon);
      window.removeEventListener('resize', trackSoon);
      setActiveSection(null);
    };
  }, [ids]);

  return inView;
}
