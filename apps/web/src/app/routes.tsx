// The route table of the site: every route of spec section 2, code-split by route `lazy`, with its
// title and description in `handle`. The prerender and the client router both use this table.
import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '../components/errors/route-error-screen.tsx';
import { AppShell } from '../components/layout/app-shell.tsx';
import { paths, redirects } from '../config/paths.ts';
import { pageHandle, type RouteHandle } from '../lib/page-meta.ts';

type Page = {
  id: string;
  path: string;
  /** The route module's source file, so the prerender can preload its chunk. */
  module: string;
  load: () => Promise<ComponentType>;
  handle: RouteHandle;
};

// Each `load` names its own import so that Vite splits one chunk per route.
const pages: Page[] = [
  {
    id: 'home',
    path: paths.home,
    module: 'src/routes/home.tsx',
    load: () => import('../routes/home.tsx').then((m) => m.HomeRoute),
    handle: {
      meta: {
        title: 'Bytebound — the first legal-to-code compiler',
        description:
          'Bytebound compiles GDPR, CCPA, HIPAA, PCI DSS and EU AI Act text into machine-enforceable policy and answers allow or block before an AI agent acts, with a signed proof.',
      },
    },
  },
  {
    id: 'docs',
    path: paths.docs,
    module: 'src/routes/docs.tsx',
    load: () => import('../routes/docs.tsx').then((m) => m.DocsRoute),
    handle: pageHandle('Documentation', 'Quickstart, architecture, the 168-pattern framework, the API, deployment, compliance coverage, security and support of Bytebound.'),
  },
  {
    id: 'pricing',
    path: paths.pricing,
    module: 'src/routes/pricing.tsx',
    load: () => import('../routes/pricing.tsx').then((m) => m.PricingRoute),
    handle: pageHandle('Pricing', 'Real-time AI compliance API for enterprise: tiers, custom arbiters and a one-month free enterprise pilot.'),
  },
  {
    id: 'sign-in',
    path: paths.signIn,
    module: 'src/routes/sign-in.tsx',
    load: () => import('../routes/sign-in.tsx').then((m) => m.SignInRoute),
    handle: pageHandle('Sign In', 'Sign in to your Bytebound account.'),
  },
  {
    id: 'register',
    path: paths.register,
    module: 'src/routes/register.tsx',
    load: () => import('../routes/register.tsx').then((m) => m.RegisterRoute),
    handle: pageHandle('Create Your Account', 'Create a Bytebound account and start a free trial, no credit card required.'),
  },
  {
    id: 'forgot-password',
    path: paths.forgotPassword,
    module: 'src/routes/forgot-password.tsx',
    load: () => import('../routes/forgot-password.tsx').then((m) => m.ForgotPasswordRoute),
    handle: pageHandle('Forgot Your Password?', 'Request a link to reset the password of your Bytebound account.'),
  },
  {
    id: 'reset-password',
    path: paths.resetPassword,
    module: 'src/routes/reset-password.tsx',
    load: () => import('../routes/reset-password.tsx').then((m) => m.ResetPasswordRoute),
    handle: pageHandle('Reset Your Password', 'Choose a new password for your Bytebound account.'),
  },
  {
    id: 'payment',
    path: paths.payment,
    module: 'src/routes/payment.tsx',
    load: () => import('../routes/payment.tsx').then((m) => m.PaymentRoute),
    handle: pageHandle('Choose Your Plan', 'Choose a Bytebound plan, monthly or annual, and continue to secure checkout.'),
  },
  {
    id: 'demo',
    path: paths.demo,
    module: 'src/routes/demo.tsx',
    load: () => import('../routes/demo.tsx').then((m) => m.DemoRoute),
    handle: pageHandle('Free Legal-to-Code Demo', 'Compile legal text into Rego, Cedar, Rust, JavaScript, SQL, WebAssembly or the bytebound format, free and without signup.'),
  },
  {
    id: 'booking',
    path: paths.booking,
    module: 'src/routes/booking.tsx',
    load: () => import('../routes/booking.tsx').then((m) => m.BookingRoute),
    handle: pageHandle('Book an Enterprise Demo', 'Book a 30-minute enterprise demo of Bytebound with our team.'),
  },
  {
    id: 'trial',
    path: paths.trial,
    module: 'src/routes/trial.tsx',
    load: () => import('../routes/trial.tsx').then((m) => m.TrialRoute),
    handle: pageHandle('Free Enterprise Pilot', 'Request a one-month free enterprise pilot of Bytebound.'),
  },
  {
    id: 'booking-cancel',
    path: paths.bookingCancel,
    module: 'src/routes/booking-cancel.tsx',
    load: () => import('../routes/booking-cancel.tsx').then((m) => m.BookingCancelRoute),
    handle: pageHandle('Manage Your Booking', 'See or cancel your Bytebound enterprise demo booking.'),
  },
  {
    id: 'newsletter-confirm',
    path: paths.newsletterConfirm,
    module: 'src/routes/newsletter-confirm.tsx',
    load: () => import('../routes/newsletter-confirm.tsx').then((m) => m.NewsletterConfirmRoute),
    handle: pageHandle('Newsletter Subscription', 'Confirm your subscription to the Bytebound newsletter.'),
  },
  {
    id: 'newsletter-unsubscribe',
    path: paths.newsletterUnsubscribe,
    module: 'src/routes/newsletter-unsubscribe.tsx',
    load: () => import('../routes/newsletter-unsubscribe.tsx').then((m) => m.NewsletterUnsubscribeRoute),
    handle: pageHandle('Unsubscribe', 'Unsubscribe from the Bytebound newsletter.'),
  },
  {
    id: 'operator-leads',
    path: paths.operatorLeads,
    module: 'src/routes/operator-leads.tsx',
    load: () => import('../routes/operator-leads.tsx').then((m) => m.OperatorLeadsRoute),
    handle: pageHandle('Leads', 'Demo bookings, pilot requests, contacts and subscribers, for the Bytebound team.'),
  },
  {
    id: 'account',
    // Everything under /account is a client route of the account page.
    path: `${paths.account}/*`,
    module: 'src/routes/account.tsx',
    load: () => import('../routes/account.tsx').then((m) => m.AccountRoute),
    handle: pageHandle('Your Account', 'Your Bytebound plan, API keys, usage and audit log.'),
  },
  {
    id: 'terms',
    path: paths.terms,
    module: 'src/routes/terms.tsx',
    load: () => import('../routes/terms.tsx').then((m) => m.TermsRoute),
    handle: pageHandle('Terms of Service', 'The terms of service of Bytebound.'),
  },
  {
    id: 'privacy',
    path: paths.privacy,
    module: 'src/routes/privacy.tsx',
    load: () => import('../routes/privacy.tsx').then((m) => m.PrivacyRoute),
    handle: pageHandle('Privacy Policy', 'How Bytebound processes personal data and how you exercise your rights.'),
  },
  {
    id: 'security',
    path: paths.security,
    module: 'src/routes/security.tsx',
    load: () => import('../routes/security.tsx').then((m) => m.SecurityRoute),
    handle: pageHandle('Security', 'How Bytebound protects data and proves every decision it makes.'),
  },
  {
    id: 'support',
    path: paths.support,
    module: 'src/routes/support.tsx',
    load: () => import('../routes/support.tsx').then((m) => m.SupportRoute),
    handle: pageHandle('Support', 'Support channels and response times for Bytebound customers.'),
  },
];

export const ROOT_ROUTE_ID = 'root';

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: paths.home,
    Component: AppShell,
    ErrorBoundary: RouteErrorScreen,
    children: [
      ...pages.map(
        (page): RouteObject => ({
          id: page.id,
          ...(page.path === paths.home ? { index: true } : { path: page.path }),
          handle: page.handle,
          lazy: async () => ({ Component: await page.load() }),
        }),
      ),
      ...Object.entries(redirects).map(
        ([from, to]): RouteObject => ({ id: `redirect:${from}`, path: from, loader: () => redirect(to) }),
      ),
    ],
  },
];

/** The source module of each page route, by route id (for preloading its chunk). */
export const routeModules: Readonly<Record<string, string>> = Object.fromEntries(pages.map((page) => [page.id, page.module]));

/** Every path the prerender writes a page for. */
export const prerenderPaths: readonly string[] = pages.map((page) => page.path.replace(/\/\*$/, ''));
