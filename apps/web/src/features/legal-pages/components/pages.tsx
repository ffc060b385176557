// The content of the terms, privacy, security and support pages: how this product handles data,
// in the words of DESIGN sections 5 to 8. Contact addresses come from the site's constants.
import { Link } from 'react-router';
import { RESET_LINK_EXPIRY_HOURS, SALES_EMAIL, SUPPORT_SLA_TIERS, TRIAL_DAYS } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { LEGAL_PAGES_UPDATED } from '../lib/updated.ts';
import { LegalPage } from './legal-page.tsx';

const SUPPORT_EMAIL = 'support@bytebound.dev';
const PRIVACY_EMAIL = 'privacy@bytebound.dev';
const SECURITY_EMAIL = 'security@bytebound.dev';

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated={LEGAL_PAGES_UPDATED}
      lead="These terms govern your use of the Bytebound website, the free demo compiler and the hosted Bytebound service. The open-source compiler and engine are licensed separately under Apache-2.0."
      sections={[
        { title: 'The service', body: <p>Bytebound compiles legal text into policy and returns allow or block decisions for requests your systems send, with a signed proof of each decision. You decide what your agents do with those decisions.</p> },
        {
          title: 'Not legal advice',
          body: <p>Compiled policies and decisions are technical tools, not legal advice. Output of the free demo is labelled a simulation. Review policies with your counsel before you rely on them in production.</p>,
        },
        {
          title: 'Accounts and trials',
          body: (
            <ul>
              <li>You must give accurate registration details and keep your password and API keys secret.</li>
              <li>Self-serve accounts start with a {TRIAL_DAYS}-day trial without a payment card.</li>
              <li>When you accept these terms we record the version you accepted and when.</li>
            </ul>
          ),
        },
        {
          title: 'Plans, quotas and payment',
          body: <p>Paid plans are billed monthly or annually through our card payment provider. Over your monthly quota the decision API answers HTTP 429 rather than deciding. Enterprise tiers, SLAs and support levels are agreed in a separate contract.</p>,
        },
        {
          title: 'Acceptable use',
          body: <p>Do not use the service to break the law, to attack it or other users, or to overload the public demo. We rate-limit public endpoints and may suspend accounts that abuse them.</p>,
        },
        {
          title: 'Liability',
          body: <p>The service is provided with reasonable care. Except where the law does not allow it, our liability is limited to the fees you paid in the twelve months before a claim. Enterprise contracts may set other terms.</p>,
        },
        { title: 'Contact', body: <p>Questions about these terms: <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>.</p> },
      ]}
    />
  );
}

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated={LEGAL_PAGES_UPDATED}
      lead="What personal data Bytebound processes, why, for how long, and how you exercise your rights under the GDPR and similar laws."
      sections={[
        {
          title: 'What we collect and why',
          body: (
            <ul>
              <li>Account data (name, company, work email, password hash) to run your account — contract, GDPR Art. 6(1)(b).</li>
              <li>Booking and contact details you give us to arrange a demo — at your request, Art. 6(1)(b).</li>
              <li>Product updates and follow-up only with your consent (Art. 6(1)(a), Art. 7), which you can withdraw at any time.</li>
              <li>Messages to the receptionist: each is checked by our own engine first; special-category data about you (health, religion, ...) is never stored, and the reply says so.</li>
            </ul>
          ),
        },
        {
          title: 'What we do not keep',
          body: (
            <p>
              Decisions made through the API are logged without the request&apos;s personal data — not even a plain hash of it. The audit log holds a keyed commitment whose key we can
              delete, so erasing you leaves the log verifiable but no longer linkable to you. The demo compiler does not keep the text you paste unless you choose to save it.
            </p>
          ),
        },
        {
          title: 'Retention',
          body: <p>Proof-bundle payloads are kept as your plan says (90 days, 7 years or unlimited; 7 years by default). Password-reset links expire after {RESET_LINK_EXPIRY_HOURS} hour. Account, lead and booking data are kept while useful and deleted on request.</p>,
        },
        {
          title: 'Your rights',
          body: (
            <p>
              You can access, rectify, erase and port your data, and withdraw consent. Signed-in customers do this from their account; anyone else can ask at{' '}
              <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> and confirm through a link sent to their email. You may also complain to your data protection authority.
            </p>
          ),
        },
        { title: 'Processors', body: <p>Our card payment provider processes payments; our email provider sends account emails. When an operator configures an outside language model for the receptionist, messages go to it only after the compliance check.</p> },
        { title: 'Cookies and storage', body: <p>We set one HttpOnly session cookie when you sign in or talk to the receptionist, and keep your sign-in token and preferred demo format in your browser&apos;s local storage. No advertising or analytics trackers.</p> },
      ]}
    />
  );
}

export function SecurityPage() {
  return (
    <LegalPage
      title="Security"
      updated={LEGAL_PAGES_UPDATED}
      lead="How Bytebound protects data and proves every decision it makes."
      sections={[
        {
          title: 'Every decision is signed and logged',
          body: <p>Each decision is a DSSE envelope signed with Ed25519, appended to an RFC 6962 Merkle tree with signed checkpoints. Anyone with our public keys can verify a decision, its inclusion and the log&apos;s consistency offline with bytebound verify.</p>,
        },
        { title: 'Fail secure', body: <p>A malformed request, an unknown action, a policy that does not load, an error or a timeout is a block, with a reason that says which.</p> },
        {
          title: 'Protecting accounts and keys',
          body: (
            <ul>
              <li>Passwords hashed with argon2id; session and reset tokens from a CSPRNG, stored hashed.</li>
              <li>API-key secrets hashed for bearer use and encrypted at rest for HMAC signatures.</li>
              <li>Sessions bound to an HttpOnly, SameSite cookie, so a token copied from the browser alone is useless.</li>
              <li>Sign-in attempts throttled; public endpoints rate-limited.</li>
            </ul>
          ),
        },
        { title: 'The web application', body: <p>Every request body is validated at the edge; pages carry a strict Content-Security-Policy with no inline script, framing is denied, and code compiled in the demo runs only in a sandboxed worker.</p> },
        {
          title: 'Reporting a vulnerability',
          body: (
            <p>
              Write to <a href={`mailto:${SECURITY_EMAIL}`}>{SECURITY_EMAIL}</a>. Read the technical details in the <Link to={`${paths.docs}#security`}>security documentation</Link>.
            </p>
          ),
        },
      ]}
    />
  );
}

export function SupportPage() {
  return (
    <LegalPage
      title="Support"
      updated={LEGAL_PAGES_UPDATED}
      lead="Where to get help with Bytebound, and how fast we answer."
      sections={[
        {
          title: 'Channels',
          body: (
            <ul>
              <li>
                <Link to={paths.docs}>Documentation</Link>: the quickstart, the API, deployment and the FAQ.
              </li>
              <li>
                Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> for account, billing and technical questions.
              </li>
              <li>
                Email <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a> or <Link to={paths.booking}>book a call</Link> for plans and pilots.
              </li>
            </ul>
          ),
        },
        {
          title: 'Enterprise response times',
          body: (
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className="border-b border-ink-700 py-2 text-white">
                    Severity
                  </th>
                  <th scope="col" className="border-b border-ink-700 py-2 text-white">
                    First response
                  </th>
                  <th scope="col" className="border-b border-ink-700 py-2 text-white">
                    Resolution
                  </th>
                </tr>
              </thead>
              <tbody>
                {SUPPORT_SLA_TIERS.map((tier) => (
                  <tr key={tier.level} className="border-b border-ink-800">
                    <th scope="row" className="py-2 font-medium text-slate-100">
                      {tier.level}
                    </th>
                    <td className="py-2">{tier.response}</td>
                    <td className="py-2">{tier.resolution}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ),
        },
        { title: 'Self-serve plans', body: <p>Trial accounts get community support, Starter email support and Growth priority support, as the plan page says.</p> },
      ]}
    />
  );
}
