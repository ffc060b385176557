// Every path of the site in one typed table: links, the router and the prerender all read it, so a
// route is renamed here and nowhere else.

export const paths = {
  home: '/',
  docs: '/docs',
  pricing: '/pricing',
  signIn: '/auth/sign-in',
  register: '/auth/register',
  forgotPassword: '/auth/forget-password',
  resetPassword: '/auth/reset-password',
  payment: '/auth/payment',
  demo: '/demo',
  booking: '/booking',
  /** Where the booking email's cancellation link leads (?token=). */
  bookingCancel: '/booking/cancel',
  trial: '/trial',
  /** The newsletter's double opt-in confirmation link (?token=). */
  newsletterConfirm: '/newsletter/confirm',
  /** The unsubscribe link every newsletter message carries (?token=). */
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  /** The team's leads view (operator accounts only). */
  operatorLeads: '/operator/leads',
  account: '/account',
  terms: '/terms',
  privacy: '/privacy',
  security: '/security',
  support: '/support',
  /** The homepage's contact section (the target of /contact). */
  contactSection: '/#contact',
} as const;

export type PathKey = keyof typeof paths;
export type SitePath = (typeof paths)[PathKey];

/** Linked targets without a screen of their own, and where they lead. */
export const redirects = {
  '/book-demo': paths.booking,
  '/signup': paths.register,
  '/contact': paths.contactSection,
  '/enterprise': paths.booking,
  '/enterprise-contact': paths.booking,
} as const satisfies Record<string, SitePath>;

/**
 * Paths whose sub-paths are client routes served by that path's prerendered page
 * (e.g. /account/keys is answered with /account's page and the client router takes over).
 */
export const clientRoutePrefixes = [paths.account] as const;

/** The id of the homepage section that /contact leads to. */
export const CONTACT_SECTION_ID = 'contact';

/** The id of the main landmark, the target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/** Anything a link may point to: a page of the site or one of the redirecting paths. */
export type LinkTarget = SitePath | keyof typeof redirects;
