// /newsletter/unsubscribe?token=...: the link every newsletter message carries.
import { PageIntro } from '../components/page-intro.tsx';
import { NewsletterTokenPage } from '../features/leads/components/newsletter-token-page.tsx';

export function NewsletterUnsubscribeRoute() {
  return (
    <>
      <PageIntro title="Unsubscribe from the Newsletter" />
      <div className="mx-auto max-w-2xl px-4 pb-20 sm:px-6">
        <NewsletterTokenPage action="unsubscribe" />
      </div>
    </>
  );
}
