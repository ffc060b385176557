// Every page of the site and the heading a visitor sees on it.

export const sitePages: ReadonlyArray<{ path: string; heading: string | RegExp }> = [
  { path: '/', heading: /first legal-to-code compiler/i },
  { path: '/docs', heading: 'Documentation' },
  { path: '/pricing', heading: 'Real-Time AI Compliance API for Enterprise' },
  { path: '/auth/sign-in', heading: 'Welcome Back' },
  { path: '/auth/register', heading: 'Create Your Account' },
  { path: '/auth/forget-password', heading: 'Forgot Your Password?' },
  { path: '/auth/reset-password', heading: 'Reset Your Password' },
  { path: '/auth/payment', heading: 'Choose Your Plan' },
  { path: '/demo', heading: /legal-to-code demo/i },
  { path: '/booking', heading: /enterprise demo/i },
  { path: '/trial', heading: /enterprise pilot/i },
  { path: '/account', heading: 'Your Account' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/security', heading: 'Security' },
  { path: '/support', heading: 'Support' },
];

/** Linked paths without a screen of their own, and where the visitor ends up. */
export const redirectPaths: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/book-demo', to: '/booking' },
  { from: '/signup', to: '/auth/register' },
  { from: '/contact', to: '/#contact' },
  { from: '/enterprise', to: '/booking' },
  { from: '/enterprise-contact', to: '/booking' },
];
