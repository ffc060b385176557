// The vertical dot navigation at the right edge: one dot per section, highlighted while its section
// is in view; a click scrolls smoothly there (instantly under reduced motion).
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import { useSectionTracking } from '../hooks/use-section-tracking.ts';
import type { HomeSection } from '../lib/home-sections.ts';
import { scrollToSection } from '../lib/scroll-to-section.ts';

type Props = { sections: readonly HomeSection[]; ids: readonly string[] };

// The tracking lives here, so a change of the section in view re-renders the dots, not the page.
export function DotNav({ sections, ids }: Props) {
  const reduced = useReducedMotion();
  const inView = useSectionTracking(ids);
  // Centred in the band between the top bar and the bottom-right corner, where the receptionist's
  // floating button sits, so that no dot is ever covered; hidden on screens too short for the band.
  return (
    <nav aria-label="Sections" className="fixed top-16 right-3 bottom-24 z-30 hidden flex-col justify-center lg:flex [@media(max-height:639px)]:hidden">
      <ul className="flex flex-col gap-1">
        {sections.map((section) => {
          const active = inView.has(section.id);
          return (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                aria-label={section.label}
                title={section.label}
                data-in-view={active ? 'true' : 'false'}
                aria-current={active ? 'location' : undefined}
                onClick={(event) => {
                  const target = document.getElementById(section.id);
                  if (!target) return;
                  event.preventDefault();
                  scrollToSection(target, reduced);
                  history.replaceState(null, '', `#${section.id}`);
                }}
                className="group flex h-6 w-6 items-center justify-center"
              >
                <span
                  aria-hidden="true"
                  className={`block rounded-full transition-transform ${active ? 'h-3 w-3 scale-110 bg-brand-300' : 'h-2 w-2 bg-slate-500 group-hover:bg-slate-300'}`}
                />
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
