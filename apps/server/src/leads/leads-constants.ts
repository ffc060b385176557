// Limits and fixed texts of the lead endpoints (pilot requests, contact, newsletter, operators' view).
export const USE_CASE_MAX_CHARS = 2_000;
export const CONTACT_MESSAGE_MAX_CHARS = 2_000;
/** The regulations a pilot request may name (the pricing page's and compiler's list, plus other). */
export const PILOT_REGULATIONS = ['GDPR', 'CCPA', 'HIPAA', 'PCI DSS', 'EU AI Act', 'SOX', 'other'] as const;
/** Submissions per IP per hour, for each public form. */
export const LEAD_FORM_RATE_PER_HOUR = 10;
/** Newsletter confirm / unsubscribe attempts per IP per hour. */
export const NEWSLETTER_LINK_RATE_PER_HOUR = 30;
/** A pending address gets at most one confirmation email in this interval, however many sign-ups ask (no mail bombing). */
export const NEWSLETTER_RESEND_INTERVAL_MS = 10 * 60_000;
/** Rows of each kind in the operators' JSON view (newest first); the CSV export has them all. */
export const LEADS_VIEW_LIMIT = 1_000;

export const LEAD_MESSAGES = {
  contactThanks: 'Thank you. We will reply within one business day.',
  newsletterCheckInbox: 'Check your inbox to confirm your subscription.',
  newsletterConfirmed: 'Your subscription is confirmed.',
  newsletterUnsubscribed: 'You are unsubscribed.',
  newsletterConfirmInvalid: 'This confirmation link is not valid. Please subscribe again.',
  newsletterUnsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;

/** What happens after a pilot request, in order (shown on /trial and in the requester's email). */
export const PILOT_NEXT_STEPS = [
  'Book the 30-minute kick-off call below, or with the link in the email we just sent you.',
  'On the call we agree on the pilot’s scope: the regulations, the AI agents and the actions to check.',
  'Within one business day of the call we set up your enterprise workspace and API keys for the one-month pilot.',
  'At the end of the month we review the decisions and proofs with you; the pilot is free of charge.',
] as const;
