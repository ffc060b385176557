// /operator/leads: the team's leads view (operator accounts only).
import { PageIntro } from '../components/page-intro.tsx';
import { paths } from '../config/paths.ts';
import { OperatorLeadsPage } from '../features/leads/components/operator-leads-page.tsx';

export function OperatorLeadsRoute() {
  return (
    <>
      <PageIntro title="Leads" lead="Demo bookings, pilot requests, contact messages, newsletter subscribers and the demo's A/B counts." />
      <div className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <OperatorLeadsPage signInPath={`${paths.signIn}?next=${encodeURIComponent(paths.operatorLeads)}`} />
      </div>
    </>
  );
}
