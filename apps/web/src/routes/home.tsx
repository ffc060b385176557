// /: the homepage, every section of spec section 2 in order. The demo compiler (#demo) belongs to
// the demo feature; the receptionist opens through its event. Sections are tracked for the dot
// navigation and the top bar.
//
// Hydration: the prerendered page is complete, so only the top of the page (the backdrop and the
// hero) hydrates at once; the dot navigation and every section below the hero sit in their own
// Suspense boundary, which React hydrates afterwards at its lowest priority in small, interruptible slices
// (or at once when the visitor interacts with it). The first view becomes interactive sooner and
// no single task holds the main thread for the whole page.
import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Backdrop } from '../features/backdrop/components/backdrop.tsx';
import { ContactSection } from '../features/contact/components/contact-section.tsx';
import { DemoSlot } from '../features/demo/components/demo-slot.tsx';
import { AiDemoSection } from '../features/home/components/ai-demo-section.tsx';
import { DotNav } from '../features/home/components/dot-nav.tsx';
import { Hero } from '../features/home/components/hero.tsx';
import { HomeSection } from '../features/home/components/home-section.tsx';
import { MetricsSection } from '../features/home/components/metrics-section.tsx';
import {
  Advantage,
  CodebaseAnatomy,
  EnterpriseDemo,
  Founder,
  IndustrySolutions,
  InvestorQuest,
  Investors,
  Market,
  Pipeline,
  PretoolHook,
  Timeline,
  ValueProposition,
} from '../features/home/components/story-sections.tsx';
import { HOME_SECTIONS } from '../features/home/lib/home-sections.ts';
import { holdSectionLanding } from '../features/home/lib/scroll-to-section.ts';
import { PodcastPlayer } from '../features/podcast/components/podcast-section.tsx';
import { TestimonialsSection } from '../features/testimonials/components/testimonials-section.tsx';
import { FADE_IN_CLASSES, useFadeIn } from '../lib/use-fade-in.ts';

const SECTION_IDS = HOME_SECTIONS.map((section) => section.id);

/** A section hydrated after the first view (see above); it renders nothing else of its own. */
function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

export function HomeRoute() {
  // A link to a section (/#contact from another page, #demo in the hero) lands on it and stays
  // there while the sections above it settle.
  const { hash, key } = useLocation();
  useEffect(() => {
    const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    return target ? holdSectionLanding(target) : undefined;
  }, [hash, key]);

  return (
    <>
      <Later>
        <DotNav sections={HOME_SECTIONS} ids={SECTION_IDS} />
      </Later>
      <Backdrop>
        <Hero />
      </Backdrop>
      <Later>
        <ValueProposition />
      </Later>
      <Later>
        <Market />
      </Later>
      <Later>
        <Advantage />
      </Later>
      <Later>
        <IndustrySolutions />
      </Later>
      <Later>
        <AiDemoSection />
      </Later>
      {/* Slot of the demo issue: the free demo compiler (#demo, also #transpiler-demo). */}
      <Later>
        <DemoSection />
      </Later>
      <Later>
        <HomeSection id="podcast" eyebrow="Podcast" title="Listen: how Bytebound compiles the law" lead="Under three minutes on what the compiler reads, how the engine decides and what the proof is for.">
          <PodcastPlayer />
        </HomeSection>
      </Later>
      <Later>
        <MetricsSection />
      </Later>
      <Later>
        <Investors />
      </Later>
      <Later>
        <Timeline />
      </Later>
      <Later>
        <Pipeline />
      </Later>
      <Later>
        <Founder />
      </Later>
      <Later>
        <CodebaseAnatomy />
      </Later>
      <Later>
        <PretoolHook />
      </Later>
      <Later>
        <EnterpriseDemo />
      </Later>
      <Later>
        <InvestorQuest />
      </Later>
      <Later>
        <TestimonialsSection />
      </Later>
      <Later>
        <ContactSection />
      </Later>
    </>
  );
}

/** The free demo compiler (#demo, also #transpiler-demo), fading in like the other sections. */
function DemoSection() {
  const { ref, fade } = useFadeIn<HTMLElement>();
  return (
    <section ref={ref} id="demo" aria-labelledby="demo-title" data-fade={fade} className={`mx-auto max-w-7xl px-4 py-20 sm:px-6 ${FADE_IN_CLASSES}`}>
      <div id="transpiler-demo">
        <h2 id="demo-title" className="text-3xl font-bold tracking-tight text-white">
          Free demo compiler
        </h2>
        <p className="mt-3 max-w-3xl text-slate-300">Paste legal text, choose one of seven output formats and compile it through the real compiler. No signup.</p>
        <div className="mt-8">
          <DemoSlot />
        </div>
      </div>
    </section>
  );
}
