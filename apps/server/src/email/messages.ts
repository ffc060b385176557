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

export function dataRightsEmail(to: string, action: 'access' | 'delete', link: string): EmailMessage {
  const what = action === 'access' ? 'a copy of the personal data we hold about you' : 'the deletion of the personal data we hold about you';
  return message(
    to,
    action === 'access' ? `Your ${PRODUCT_NAME} data export` : `Confirm the deletion of your data at ${PRODUCT_NAME}`,
    [`Someone asked for ${what}. If it was you, open the link below within 24 hours; it works once.`, 'If it was not you, ignore this email.'],
    { href: link, label: action === 'access' ? 'Download my data' : 'Confirm deletion' },
  );
}
