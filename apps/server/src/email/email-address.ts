// An email address as the product keeps it: one spelling per mailbox, so an account, a booking, a
// newsletter subscription and a data-rights request about the same address find each other.
import { domainToASCII, domainToUnicode } from 'node:url';
import { z } from 'zod';

/** The longest address SMTP carries (RFC 5321's path limit less its angle brackets). */
const EMAIL_MAX = 254;
/** The spec's "simple email pattern". */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What IDNA may map: letters, digits, hyphens, dots, underscores and any character beyond ASCII.
 * Node's mapping reads a host as a URL does, so `b.com/x.org`, `b.com:80` or `b%2ecom` would come
 * back as another domain, and a tab would be dropped.
 */
const HOST_NAME = /^(?:[a-z0-9._-]|[^\0-\x7f])+$/;
/** A domain whose last label is a number, which the same mapping reads as an IPv4 address (`1` is `0.0.0.1`): kept as written. */
const NUMBER_LAST = /(?:^|\.)(?:\d+|0x[0-9a-f]*)\.*$/;

/**
 * The address's one spelling: compatibility-normalised (a full-width `ａ` or `＠` is the `a` or `@`
 * a keyboard types), in lower case, and its domain as IDNA maps it (`BÜCHER.de` and
 * `xn--bcher-kva.de` are `bücher.de`; `example.com.`, the same host written fully qualified, is
 * `example.com`). A domain IDNA refuses is kept as written, in lower case.
 */
export function canonicalEmail(address: string): string {
  const text = address.normalize('NFKC').trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at < 0) return text.normalize('NFC');
  const written = text.slice(at + 1);
  const ascii = HOST_NAME.test(written) && !NUMBER_LAST.test(written) ? domainToASCII(written) : '';
  const domain = ascii === '' ? written : domainToUnicode(ascii).replace(/\.+$/, '');
  return `${text.slice(0, at)}@${domain}`.normalize('NFC');
}

/** A form's email field: required, at most EMAIL_MAX characters, the spec's pattern, read as its canonical spelling. */
export function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .overwrite(canonicalEmail)
    .max(EMAIL_MAX, messages.invalid)
    .regex(EMAIL_PATTERN, messages.invalid);
}
