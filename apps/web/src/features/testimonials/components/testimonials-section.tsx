// #testimonials: a carousel of the entries in data/testimonials.json, shown only when there are
// any, labelled as AI-model commentary. Previous, next, dots, pause/resume; auto-advance every 8 s
// (or `intervalMs`) unless paused or under reduced motion.
import { useEffect, useState } from 'react';
import { CAROUSEL_INTERVAL_MS } from '../../../config/constants.ts';
import { FADE_IN_CLASSES, useFadeIn } from '../../../lib/use-fade-in.ts';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import content from '../data/testimonials.json';

export type Testimonial = (typeof content.entries)[number];

export type TestimonialsSectionProps = {
  entries?: readonly Testimonial[];
  /** How long each entry shows before the next one, while not paused. */
  intervalMs?: number;
};

export function TestimonialsSection({ entries = content.entries, intervalMs = CAROUSEL_INTERVAL_MS }: TestimonialsSectionProps) {
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = entries.length;
  const { ref, fade } = useFadeIn<HTMLElement>();

  useEffect(() => {
    if (reduced || paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [reduced, paused, count, index, intervalMs]);

  if (count === 0) return null;
  const current = entries[index]!;
  const button = 'rounded-md border border-ink-700 px-3 py-2 text-sm font-medium text-slate-100 hover:bg-ink-800';

  return (
    <section
      ref={ref}
      id="testimonials"
      aria-labelledby="testimonials-title"
      aria-roledescription="carousel"
      data-fade={fade}
      className={`border-t border-ink-800 ${FADE_IN_CLASSES}`}
    >
      <div className="mx-auto max-w-4xl px-4 py-20 sm:px-6">
        <p className="text-sm font-semibold tracking-wide text-brand-300 uppercase">AI-model commentary</p>
        <h2 id="testimonials-title" className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          What an AI model made of it
        </h2>
        <p className="mt-4 text-slate-300">{content.note}</p>
        <figure
          className="mt-8 rounded-xl border border-ink-700 bg-ink-900 p-6"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
          data-testid="testimonial"
          data-index={index}
        >
          <blockquote className="text-lg text-slate-100">{current.content}</blockquote>
          <figcaption className="mt-4 flex items-center gap-3 text-sm text-slate-300">
            <span aria-hidden="true" className={`flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-br font-bold text-ink-950 ${current.avatarGradient}`}>
              {current.avatar}
            </span>
            <span>
              {current.author}, {current.role} ({current.company}) — AI-model commentary, not a customer
            </span>
          </figcaption>
        </figure>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <button type="button" className={button} onClick={() => setIndex((index - 1 + count) % count)}>
            Previous
          </button>
          <button type="button" className={button} onClick={() => setIndex((index + 1) % count)}>
            Next
          </button>
          <button type="button" className={button} aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
            {paused ? 'Resume' : 'Pause'}
          </button>
          <ul className="flex gap-1">
            {entries.map((entry, i) => (
              <li key={entry.id}>
                <button
                  type="button"
                  aria-label={`Show commentary ${i + 1}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                  className="flex h-6 w-6 items-center justify-center"
                >
                  <span aria-hidden="true" className={`block h-2.5 w-2.5 rounded-full ${i === index ? 'bg-brand-300' : 'bg-slate-500'}`} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
