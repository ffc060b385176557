// The homepage's contact section (#contact, where /contact leads): write to sales, book a demo,
// or subscribe to the newsletter.
import { Link } from 'react-router';
import { ENTERPRISE_DEMO_MINUTES, SALES_EMAIL } from '../../../config/constants.ts';
import { CONTACT_SECTION_ID, paths } from '../../../config/paths.ts';
import { FADE_IN_CLASSES, useFadeIn } from '../../../lib/use-fade-in.ts';
import { ContactForm } from './contact-form.tsx';
import { NewsletterSignup } from './newsletter-signup.tsx';

export function ContactSection() {
  const { ref, fade } = useFadeIn<HTMLElement>();
  return (
    <section ref={ref} id={CONTACT_SECTION_ID} aria-labelledby="contact-title" data-fade={fade} className={`border-t border-ink-700 bg-ink-900 ${FADE_IN_CLASSES}`}>
      <div className="mx-auto max-w-4xl px-4 py-20 sm:px-6">
        <h2 id="contact-title" className="text-center text-3xl font-bold text-white">
          Contact
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-slate-300">
          Tell us what your AI agents must never do and we reply within one business day. Or book a {ENTERPRISE_DEMO_MINUTES}-minute enterprise demo, or write to{' '}
          <a href={`mailto:${SALES_EMAIL}`} className="text-brand-300 underline underline-offset-2 hover:text-brand-200">
            {SALES_EMAIL}
          </a>
          .
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.booking} className="rounded-lg bg-brand-400 px-5 py-3 font-semibold text-ink-950 hover:bg-brand-300">
            Book Enterprise Demo
          </Link>
        </div>
        <div className="mt-10 grid gap-10 md:grid-cols-[3fr_2fr]">
          <ContactForm />
          <NewsletterSignup />
        </div>
      </div>
    </section>
  );
}
