// What the top bar and the footer link to. Every href comes from the paths table.
import { paths, type LinkTarget } from '../../config/paths.ts';

export type NavItem = { id: string; label: string; href: LinkTarget };

/** The top bar's page links; Contact is a button that opens the receptionist, not a link. */
export const primaryNav: readonly NavItem[] = [
  { id: 'home', label: 'Home', href: paths.home },
  { id: 'docs', label: 'Documentation', href: paths.docs },
  { id: 'pricing', label: 'Pricing', href: paths.pricing },
];

export const footerNav: ReadonlyArray<{ heading: string; items: readonly NavItem[] }> = [
  {
    heading: 'Product',
    items: [
      { id: 'home', label: 'Home', href: paths.home },
      { id: 'demo', label: 'Free legal-to-code demo', href: paths.demo },
      { id: 'docs', label: 'Documentation', href: paths.docs },
      { id: 'pricing', label: 'Pricing', href: paths.pricing },
    ],
  },
  {
    heading: 'Enterprise',
    items: [
      { id: 'booking', label: 'Book an enterprise demo', href: paths.booking },
      { id: 'trial', label: 'Free enterprise pilot', href: paths.trial },
      { id: 'contact', label: 'Contact', href: paths.contactSection },
      { id: 'support', label: 'Support', href: paths.support },
    ],
  },
  {
    heading: 'Account',
    items: [
      { id: 'sign-in', label: 'Sign in', href: paths.signIn },
      { id: 'register', label: 'Create an account', href: paths.register },
      { id: 'forgot-password', label: 'Forgot password', href: paths.forgotPassword },
      { id: 'payment', label: 'Choose a plan', href: paths.payment },
      { id: 'account', label: 'Your account', href: paths.account },
    ],
  },
  {
    heading: 'Trust',
    items: [
      { id: 'security', label: 'Security', href: paths.security },
      { id: 'privacy', label: 'Privacy Policy', href: paths.privacy },
      { id: 'terms', label: 'Terms of Service', href: paths.terms },
    ],
  },
];
