// /newsletter/confirm?token=...: the double opt-in's confirmation link.
import { PageIntro } from '../components/page-intro.tsx';
import { NewsletterTokenPage } from '../features/leads/components/newsletter-token-page.tsx';

export function NewsletterConfirmRoute() {
  return (
    <>
      <PageIntro title="Newsletter Subscription" />
      <div className="mx-auto max-w-2xl px-4 pb-20 sm:px-6">
        <NewsletterTokenPage action="confirm" />
      </div>
    </>
  );
}
