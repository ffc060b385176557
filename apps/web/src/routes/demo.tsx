// /demo: the free legal-to-code compiler demo, full page. The compiler itself is the demo feature's
// lazily loaded component, the same one the homepage's #demo section mounts.
import { PageIntro } from '../components/page-intro.tsx';
import { DemoSlot } from '../features/demo/components/demo-slot.tsx';

export function DemoRoute() {
  return (
    <>
      <PageIntro title="Free Legal-to-Code Demo" lead="Paste legal text and compile it into policy code in the output format you choose. No signup needed." />
      <section aria-label="Demo compiler" className="mx-auto max-w-7xl px-4 pb-24 sm:px-6">
        <DemoSlot eager />
      </section>
    </>
  );
}
