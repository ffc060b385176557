// The homepage's contact section (#contact, where /contact leads): book a demo or write to sales.
import { Link } from 'react-router';
import { ENTERPRISE_DEMO_MINUTES, SALES_EMAIL } from '../../../config/constants.ts';
import { CONTACT_SECTION_ID, paths } from '../../../config/paths.ts';

export function ContactSection() {
  return (
    <section id={CONTACT_SECTION_ID} aria-labelledby="contact-title" className="border-t border-ink-700 bg-ink-900">
      <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        <h2 id="contact-title" className="text-3xl font-bold text-white">
          Contact
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-slate-300">
          Book a {ENTERPRISE_DEMO_MINUTES}-minute enterprise demo, write to{' '}
          <a href={`mailto:${SALES_EMAIL}`} className="text-brand-300 underline underline-offset-2 hover:text-brand-200">
            {SALES_EMAIL}
          </a>
          .
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={paths.booking} className="rounded-lg bg-brand-400 px-5 py-3 font-semibold text-ink-950 hover:bg-brand-300">
            Book Enterprise Demo
          </Link>
        </div>
      </div>
    </section>
  );
}
