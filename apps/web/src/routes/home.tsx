// /: the homepage. Its sections arrive with the homepage issue; the hero heading and the contact
// section (where /contact leads) are here from the start.
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import { ContactSection } from '../features/contact/components/contact-section.tsx';
import { DemoSlot } from '../features/demo/components/demo-slot.tsx';

export function HomeRoute() {
  return (
    <>
      <section aria-labelledby="hero-title" className="mx-auto max-w-5xl px-4 pt-24 pb-20 text-center sm:px-6">
        <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-white sm:text-6xl">
          Bytebound, the first <span className="text-brand-300">legal-to-code</span> compiler
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
          Compile GDPR, CCPA, HIPAA, PCI DSS and the EU AI Act into machine-enforceable policy. Before an AI agent acts,
          Bytebound answers allow or block, with the article that decided and a signed proof.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to={paths.demo} className="rounded-lg bg-brand-400 px-5 py-3 font-semibold text-ink-950 hover:bg-brand-300">
            Try Legal Compiler
          </Link>
          <Link to={paths.contactSection} className="rounded-lg border border-ink-700 px-5 py-3 font-semibold text-slate-100 hover:bg-ink-800">
            Book Enterprise Demo
          </Link>
        </div>
      </section>
      <section id="demo" aria-labelledby="demo-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <div id="transpiler-demo">
          <h2 id="demo-title" className="text-3xl font-bold tracking-tight text-white">
            Free demo compiler
          </h2>
          <p className="mt-3 max-w-3xl text-slate-300">
            Paste legal text, choose one of seven output formats and compile it through the real compiler. No signup.
          </p>
          <div className="mt-8">
            <DemoSlot />
          </div>
        </div>
      </section>
      <ContactSection />
    </>
  );
}
