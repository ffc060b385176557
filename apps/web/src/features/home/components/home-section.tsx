// One homepage section: its anchor id, an h2 and content that fades in when it first comes into
// view. The prerendered page shows everything (no script needed); only sections below the fold
// at hydration fade, and never under reduced motion.
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Fading in once (opacity and translation only), and, for sections far below the fold, skipping
 * rendering work until they come near (their last size is remembered). The first section after
 * the hero renders at once: it may be partly in view at load. Utility classes, so
 * that these rules arrive with the page's one stylesheet.
 */
const SECTION_CLASSES = [
  'data-[fade=hidden]:translate-y-6 data-[fade=hidden]:opacity-0',
  'data-[fade=shown]:transition-[opacity,translate] data-[fade=shown]:duration-[600ms] data-[fade=shown]:ease-out',
  '[#value-proposition~&]:[content-visibility:auto] [#value-proposition~&]:[contain-intrinsic-size:auto_900px]',
].join(' ');

type Props = { id: string; eyebrow?: string; title: ReactNode; lead?: ReactNode; children?: ReactNode; className?: string };

export function HomeSection({ id, eyebrow, title, lead, children, className = '' }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [fade, setFade] = useState<'none' | 'hidden' | 'shown'>('none');

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

  return (
    <section ref={ref} id={id} aria-labelledby={`${id}-title`} data-fade={fade} className={`home-section border-t border-ink-800 ${SECTION_CLASSES} ${className}`}>
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-300 uppercase">{eyebrow}</p>}
        <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {title}
        </h2>
        {lead && <p className="mt-4 max-w-3xl text-lg text-slate-300">{lead}</p>}
        {children && <div className="mt-10">{children}</div>}
      </div>
    </section>
  );
}
