// The texts of every email the accounts send, each in plain text and HTML.
import { PRODUCT_NAME, REMEMBER_ME_DAYS } from '../auth/account-constants.ts';
import type { EmailMessage } from './mailer.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function html(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<!doctype html><html><body style="font-family:sans-serif">${body}\n${button}<p>— ${PRODUCT_NAME}</p></body></html>`;
}

function message(to: string, subject: string, paragraphs: string[], link?: { href: string; label: string }): EmailMessage {
  const text = [...paragraphs, ...(link ? [link.href] : []), `— ${PRODUCT_NAME}`].join('\n\n');
  return { to, subject, text, html: html(paragraphs, link) };
}

export function resetPasswordEmail(to: string, firstName: string, link: string): EmailMessage {
  return message(
    to,
    `Reset your ${PRODUCT_NAME} password`,
    [
      `Hello ${firstName},`,
      'Someone asked to reset the password of your account. If it was you, open the link below to choose a new password.',
      'The link will expire in 1 hour for security reasons and works once. If you did not ask for it, ignore this email: your password stays as it is.',
    ],
    { href: link, label: 'Choose a new password' },
  );
}

export function passwordChangedEmail(to: string, firstName: string, resetLink: string): EmailMessage {
  return message(
    to,
    `Your ${PRODUCT_NAME} password was changed`,
    [
      `Hello ${firstName},`,
      'The password of your account was just changed, and every device that was signed in has been signed out.',
      'If you did not do this, reset your password now and contact support.',
    ],
    { href: resetLink, label: 'Reset your password' },
  );
}

export function accountExistsEmail(to: string, signInLink: string, resetLink: string): EmailMessage {
  return message(
    to,
    `Someone tried to register with your email at ${PRODUCT_NAME}`,
    [
      'Someone tried to create a new account with this email address, which already has an account.',
      `If it was you, sign in at ${signInLink} — or reset your password if you forgot it. If it was not you, no action is needed.`,
    ],
    { href: resetLink, label: 'Reset your password' },
  );
}

export function welcomeEmail(to: string, firstName: string, accountLink: string, trialDays: number): EmailMessage {
  return message(
    to,
    `Welcome to ${PRODUCT_NAME}`,
    [
      `Hello ${firstName},`,
      `Your ${trialDays}-day free trial has started — no credit card required. Create an API key on your account page to make your first decision.`,
      `Signed in with "Remember me", a device stays signed in for ${REMEMBER_ME_DAYS} days.`,
    ],
    { href: accountLink, label: 'Open your account' },
  );
}

export function inactiveAccountEmail(to: string, firstName: string, inactiveSince: Date, deletion: Date, retentionDays: number, signInLink: string): EmailMessage {
  const day = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return message(
    to,
    `Your ${PRODUCT_NAME} account will be deleted on ${day(deletion)}`,
    [
      `Hello ${firstName},`,
      `Nobody has signed in to your account or used its API keys since ${day(inactiveSince)}. We keep an account no longer used for ${retentionDays} days, so yours will be deleted on ${day(deletion)}, with its API keys, arbiters and decision records. The proofs in the audit log stay, and can no longer be linked to you.`,
      'To keep your account, sign in before then. If you no longer need it, there is nothing to do.',
    ],
    { href: signInLink, label: 'Sign in to keep your account' },
  );
}

export function dataRightsEmail(to: string, action: 'access' | 'delete', link: string): EmailMessage {
  const what = action === 'access' ? 'a copy of the personal data we hold about you' : 'the deletion of the personal data we hold about you';
  return message(
    to,
    action === 'access' ? `Your ${PRODUCT_NAME} data export` : `Confirm the deletion of your data at ${PRODUCT_NAME}`,
    [`Someone asked for ${what}. If it was you, open the link below within 24 hours; it works once.`, 'If it was not you, ignore this email.'],
    { href: link, label: action === 'access' ? 'Download my data' : 'Confirm deletion' },
  );
}

// Demo booking, pilot, contact and newsletter (issue 10). Times arrive formatted in each reader's zone.

export type BookingEmailDetails = {
  name: string;
  email: string;
  company: string;
  interest: string;
  notes: string | null;
  visitorTime: string;
  salesTime: string;
  source: string;
  pilotRequestId: string | null;
};

function detailLines(details: Record<string, string | null>): string[] {
  return Object.entries(details)
    .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== '')
    .map(([label, value]) => `${label}: ${value}`);
}

export function bookingConfirmationEmail(booking: BookingEmailDetails, cancelLink: string, invite: string): EmailMessage {
  return {
    ...message(
      booking.email,
      `Your ${PRODUCT_NAME} demo: ${booking.visitorTime}`,
      [
        `Hello ${booking.name},`,
        `Your 30-minute ${PRODUCT_NAME} enterprise demo is booked for ${booking.visitorTime} — that is ${booking.salesTime} for our team.`,
        'The calendar invitation is attached. If the time no longer suits you, cancel with the link below and book another slot.',
      ],
      { href: cancelLink, label: 'Cancel this booking' },
    ),
    attachments: [{ filename: 'bytebound-demo.ics', content: invite, contentType: 'text/calendar; charset=utf-8; method=REQUEST' }],
  };
}

export function bookingSalesEmail(to: string, booking: BookingEmailDetails): EmailMessage {
  return message(to, `Demo booked: ${booking.company} — ${booking.salesTime}`, [
    'A demo was booked.',
    ...detailLines({
      Time: booking.salesTime,
      "Visitor's time": booking.visitorTime,
      Name: booking.name,
      Email: booking.email,
      Company: booking.company,
      Interest: booking.interest,
      Notes: booking.notes,
      Source: booking.source,
      'Pilot request': booking.pilotRequestId,
    }),
  ]);
}

export function bookingCancelledEmail(booking: BookingEmailDetails, bookAgainLink: string, invite: string): EmailMessage {
  return {
    ...message(
      booking.email,
      `Cancelled: your ${PRODUCT_NAME} demo on ${booking.visitorTime}`,
      [`Hello ${booking.name},`, `Your demo on ${booking.visitorTime} is cancelled, and the attached update removes it from your calendar.`, 'You are welcome to book another time.'],
      { href: bookAgainLink, label: 'Book another time' },
    ),
    attachments: [{ filename: 'bytebound-demo-cancelled.ics', content: invite, contentType: 'text/calendar; charset=utf-8; method=CANCEL' }],
  };
}

export function bookingCancelledSalesEmail(to: string, booking: BookingEmailDetails): EmailMessage {
  return message(to, `Demo cancelled: ${booking.company} — ${booking.salesTime}`, [
    'A demo was cancelled by the visitor; its slot is free again.',
    ...detailLines({ Time: booking.salesTime, Name: booking.name, Email: booking.email, Company: booking.company }),
  ]);
}

export type PilotEmailDetails = { id: string; name: string; email: string; company: string; useCase: string; regulations: string[] };

export function pilotRequestSalesEmail(to: string, pilot: PilotEmailDetails): EmailMessage {
  return message(to, `Pilot request: ${pilot.company}`, [
    'A company asked for the one-month enterprise pilot.',
    ...detailLines({ Request: pilot.id, Name: pilot.name, Email: pilot.email, Company: pilot.company, Regulations: pilot.regulations.join(', '), 'Use case': pilot.useCase }),
  ]);
}

export function pilotRequestConfirmationEmail(pilot: PilotEmailDetails, nextSteps: string[], bookingLink: string): EmailMessage {
  return message(
    pilot.email,
    `Your ${PRODUCT_NAME} enterprise pilot request`,
    [`Hello ${pilot.name},`, `Thank you for asking for the one-month ${PRODUCT_NAME} enterprise pilot for ${pilot.company}. What happens next:`, ...nextSteps.map((step, i) => `${i + 1}. ${step}`)],
    { href: bookingLink, label: 'Book the kick-off call' },
  );
}

export type ContactEmailDetails = { name: string; email: string; company: string; interest: string; message: string | null };

export function contactSalesEmail(to: string, contact: ContactEmailDetails): EmailMessage {
  return message(to, `Contact: ${contact.company} — ${contact.interest}`, [
    'A visitor wrote through the contact form.',
    ...detailLines({ Name: contact.name, Email: contact.email, Company: contact.company, Interest: contact.interest, Message: contact.message }),
  ]);
}

export function contactConfirmationEmail(contact: ContactEmailDetails): EmailMessage {
  return message(contact.email, `We received your message — ${PRODUCT_NAME}`, [
    `Hello ${contact.name},`,
    'Thank you for contacting us. We will reply within one business day.',
    ...detailLines({ 'Your interest': contact.interest, 'Your message': contact.message }),
  ]);
}

/** Every newsletter message carries its unsubscribe link, also as the List-Unsubscribe header (RFC 2369). */
function newsletterMessage(to: string, subject: string, paragraphs: string[], link: { href: string; label: string } | undefined, unsubscribeLink: string): EmailMessage {
  const base = message(to, subject, [...paragraphs], link);
  const footer = `To stop receiving these emails, unsubscribe: ${unsubscribeLink}`;
  return {
    ...base,
    text: `${base.text}\n\n${footer}`,
    html: base.html.replace('</body>', `<p><a href="${escapeHtml(unsubscribeLink)}">Unsubscribe</a></p></body>`),
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>` },
  };
}

export function newsletterConfirmEmail(to: string, confirmLink: string, unsubscribeLink: string): EmailMessage {
  return newsletterMessage(
    to,
    `Confirm your subscription to the ${PRODUCT_NAME} newsletter`,
    ['Someone asked to subscribe this address to the Bytebound newsletter. If it was you, confirm with the link below.', 'If it was not you, ignore this email: nothing will be sent.'],
    { href: confirmLink, label: 'Confirm my subscription' },
    unsubscribeLink,
  );
}

export function newsletterWelcomeEmail(to: string, unsubscribeLink: string): EmailMessage {
  return newsletterMessage(
    to,
    `You are subscribed to the ${PRODUCT_NAME} newsletter`,
    ['Your subscription is confirmed. You can unsubscribe at any time with the link in every message.'],
    undefined,
    unsubscribeLink,
  );
}
