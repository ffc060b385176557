// One homepage section: its anchor id, an h2 and content that fades in when it first comes into
// view (use-fade-in.ts).
import type { ReactNode } from 'react';
import { FADE_IN_CLASSES, useFadeIn } from '../../../lib/use-fade-in.ts';

/**
 * Sections far below the fold skip rendering work until they come near (their last size is
 * remembered); the first section after the hero renders at once: it may be partly in view at load.
 */
const SECTION_CLASSES = `${FADE_IN_CLASSES} [#value-proposition~&]:[content-visibility:auto] [#value-proposition~&]:[contain-intrinsic-size:auto_900px]`;

type Props = { id: string; eyebrow?: string; title: ReactNode; lead?: ReactNode; children?: ReactNode; className?: string };

export function HomeSection({ id, eyebrow, title, lead, children, className = '' }: Props) {
  const { ref, fade } = useFadeIn<HTMLElement>();

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
