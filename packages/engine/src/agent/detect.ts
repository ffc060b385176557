// Context-aware detection of personal, special-category and cardholder data in the text an agent
// is about to send. It finds values with checksums where the format has one (Luhn, mod-97, the
// Spanish and Italian check letters) and leaves out what only looks like data: RFC 2606 example
// domains, git and ssh remotes, documented test card numbers, "race condition", "/api/health".
// Every pattern has bounded quantifiers and reads at most MAX_SCAN_CHARS at a time: linear time.
import type { Target } from '@bytebound/compiler/policy-model';
import { MAX_SCAN_CHARS, PERSON_WINDOW_CHARS } from './config.ts';

export const ENTITY_KINDS = ['email', 'phone', 'ssn', 'nino', 'eu-national-id', 'iban', 'card', 'special-category'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** What was found: its kind, where, and the data classes it makes the request touch. Never shown with its value. */
export type Finding = { kind: EntityKind; start: number; end: number; targets: Target[]; category?: string };

export const ENTITY_LABELS: Record<EntityKind, [string, string]> = {
  email: ['email address', 'email addresses'],
  phone: ['phone number', 'phone numbers'],
  ssn: ['US social security number', 'US social security numbers'],
  nino: ['UK national insurance number', 'UK national insurance numbers'],
  'eu-national-id': ['EU national identity number', 'EU national identity numbers'],
  iban: ['IBAN', 'IBANs'],
  card: ['payment card number', 'payment card numbers'],
  'special-category': ['special-category detail about a person', 'special-category details about a person'],
};

const TARGETS_OF: Record<EntityKind, Target[]> = {
  email: ['personal'],
  phone: ['personal'],
  ssn: ['personal'],
  nino: ['personal'],
  'eu-national-id': ['personal'],
  iban: ['personal'],
  card: ['financial'],
  'special-category': ['sensitive', 'personal'],
};

// ---- Emails

/** An address is 1-64 of these, an `@`, then EMAIL_DOMAIN. */
const EMAIL_LOCAL_CHAR = /[A-Za-z0-9._%+-]/;
const EMAIL_DOMAIN = /[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}/y;
/** Longest local part of an address (RFC 5321). */
const MAX_EMAIL_LOCAL = 64;
/**
 * The pattern an address matches. emailMatches finds its matches; the tests and the detection
 * bench run it through the regular expression engine as the reference.
 */
export const EMAIL_PATTERN = new RegExp(`${EMAIL_LOCAL_CHAR.source}{1,${MAX_EMAIL_LOCAL}}@${EMAIL_DOMAIN.source}`, 'g');
/** RFC 2606 / RFC 6761 names that are never anyone's address. */
const RESERVED_DOMAIN = /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost|local)$/i;
/** Domains whose addresses are a workload's identity, no person's: Google Cloud's service accounts and service agents (`app@acme-prod.iam.gserviceaccount.com`). */
const WORKLOAD_DOMAIN = /(?:^|\.)gserviceaccount\.com$/i;
/** "icon@2x.png", "bundle@1.0.js": file names, not addresses. */
const FILE_TLD = /\.(?:png|jpe?g|gif|svg|webp|ico|js|mjs|cjs|ts|tsx|jsx|json|css|scss|html?|md|txt|ya?ml|lock|map|wasm|zip|gz)$/i;

/** Mailboxes that reach no one: commit trailers' and bounce addresses. */
const NO_ONE_MAILBOX = /^(?:no-?reply|do-?not-?reply|mailer-daemon|postmaster)$/i;
/**
 * Mailboxes of a role, not of a person: RFC 2142's, the usual ones, a team's or a bot's (`platform-team`,
 * `ci-bot`), and a monitoring system's, which sends its alerts from one (`alertmanager@`, `grafana@`).
 */
const ROLE_MAILBOX =
  /^(?:hostmaster|webmaster|abuse|security|support|help|helpdesk|info|contact|hello|sales|billing|accounts?|legal|privacy|dpo|compliance|press|media|marketing|careers|jobs|office|admin|administrator|team|ops|devops|sre|on-?call|alerts?|notifications?|feedback|enquiries|inquiries|orders|ci|builds?|deploys?|releases?|bots?|automation|monitoring|alertmanager|grafana|prometheus|nagios|icinga|zabbix|uptime)$|[-_.](?:team|bot|ops|alerts|notifications|support|monitoring)$/i;
/** Words that name an address's owner as a work's author or maintainer: `"author":`, `author_email=`, `Co-authored-by:`, `LABEL maintainer=`. */
const PUBLISHED_WITH_WORK = /\b(?:authors?|author[_-]email|maintainers?|maintainer[_-]email|contributors?|co-authored-by|signed-off-by|reviewed-by|copyright)\b/i;
/**
 * Words that name an address as a work's contact or owner, or a note's owner (`TODO(jane@...)`): in
 * a record they are its fields, so only a comment's count (CONTACT_IN_COMMENT).
 */
const CONTACT_OF_WORK = /\b(?:contact|owners?|owned by|maintained by|written by)\b|\b(?:TODO|FIXME|XXX|HACK|NOTE)\(/i;
/** A line that opens as a comment or docstring (`#`, `//`, `/*`, ` *`, `"""`, `'''`, `<!--`, `--`) and names a contact or owner: `# Owner: Jane <...>`. */
const CONTACT_IN_COMMENT = new RegExp(`^[ \\t]*(?:#|//|/?\\*|"""|'''|<!--|--).*${CONTACT_OF_WORK.source}`, 'i');

/** An SSH public key's type and base64 body, up to where its comment starts. */
const SSH_PUBLIC_KEY = /\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d+|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com) [A-Za-z0-9+/]{60,}={0,2} $/;

/**
 * Whether the text before an address on its line (and on the line before, when that one opens a
 * list or an object: `"contributors": [`) names its owner as a work's author or maintainer, or, in
 * a comment or docstring, as its contact or owner: 160 characters at most, so that a long line is
 * not read again for each address on it.
 */
function namedWithWork(text: string, start: number): boolean {
  const window = text.slice(Math.max(0, start - 160), start);
  // A NUL ends a line too: in a tar archive's text, each file starts after its header's NULs.
  const lineStart = Math.max(window.lastIndexOf('\n'), window.lastIndexOf('\0')) + 1;
  const previousStart = lineStart === 0 ? 0 : window.lastIndexOf('\n', lineStart - 2) + 1;
  const context = lineStart > 0 && /[[{]\s*$/.test(window.slice(previousStart, lineStart - 1)) ? window.slice(previousStart) : window.slice(lineStart);
  // A comment is known by how its line opens: the window must hold the line's start.
  const wholeLine = lineStart > 0 || start <= 160;
  return PUBLISHED_WITH_WORK.test(context) || (wholeLine && CONTACT_IN_COMMENT.test(window.slice(lineStart))) || inPeopleList(window.slice(0, lineStart), window.slice(lineStart));
}

/** A YAML key that lists a work's people (`maintainers:` in a Helm chart's Chart.yaml, `authors:`), with its indentation. */
const PEOPLE_KEY = /^([ \t]*)(?:authors|maintainers|contributors)[ \t]*:[ \t]*$/i;
/** How many lines above an address its list's key is looked for (`- name: Jane Doe` and earlier people between), within the 160 characters read before it. */
const PEOPLE_LIST_LINES = 16;

/**
 * Whether the lines above an address (`above`, ending with its line's start; `line`, its line up to
 * it) put it in a YAML list of a work's people: a `maintainers:` key within PEOPLE_LIST_LINES lines,
 * every line from it to the address indented deeper than the key (`  - name: Jane Doe`, `    email: jane@...`).
 */
function inPeopleList(above: string, line: string): boolean {
  const lines = above.split('\n').slice(0, -1).reverse();
  const indent = (text: string) => /^[ \t]*/.exec(text)![0].length;
  let deepest = indent(line);
  for (const candidate of lines.slice(0, PEOPLE_LIST_LINES)) {
    const key = PEOPLE_KEY.exec(candidate);
    if (key) return key[1]!.length < deepest;
    if (candidate.trim() === '') return false;
    deepest = Math.min(deepest, indent(candidate));
  }
  return false;
}

/** Whether the address at `start` is an SSH public key's comment (`ssh-ed25519 AAAA... jane@laptop`): looked for only after a long word. */
function sshKeyComment(text: string, start: number): boolean {
  if (text[start - 1] !== ' ') return false;
  const space = text.lastIndexOf(' ', start - 2);
  if (space < 0 || start - 2 - space < 60) return false;
  return SSH_PUBLIC_KEY.test(text.slice(Math.max(0, space - 40), start));
}

/**
 * The matches of EMAIL_PATTERN, found from each `@` instead of trying every position: the same
 * matches, without reading up to 64 characters again at each position of a long word (a line of
 * base64 or minified code took most of the detectors' time).
 */
export function emailMatches(text: string): { index: number; value: string }[] {
  const matches: { index: number; value: string }[] = [];
  let from = 0;
  for (let at = text.indexOf('@'); at !== -1; ) {
    // The leftmost start of a match ending its local part here: a run of local characters, 64 at most, after the previous match.
    let start = at;
    while (start > from && at - start < MAX_EMAIL_LOCAL && EMAIL_LOCAL_CHAR.test(text[start - 1]!)) start--;
    EMAIL_DOMAIN.lastIndex = at + 1;
    if (start < at && EMAIL_DOMAIN.test(text)) {
      matches.push({ index: start, value: text.slice(start, EMAIL_DOMAIN.lastIndex) });
      from = EMAIL_DOMAIN.lastIndex;
      at = text.indexOf('@', from);
    } else at = text.indexOf('@', at + 1);
  }
  return matches;
}

function emailFindings(text: string, out: Finding[], roleMailboxes: boolean) {
  let worksNamed: boolean | undefined;
  for (const m of emailMatches(text)) {
    const start = m.index;
    let value = m.value;
    const end = start + value.length;
    // A match that starts inside a longer local part is a tail of something else; skip it.
    if (start > 0 && EMAIL_LOCAL_CHAR.test(text[start - 1]!)) continue;
    value = value.replace(/[.-]+$/, '');
    const at = value.indexOf('@');
    const local = value.slice(0, at);
    const domain = value.slice(at + 1);
    const tld = domain.slice(domain.lastIndexOf('.') + 1);
    if (!/^[A-Za-z]{2,24}$/.test(tld)) continue;
    if (RESERVED_DOMAIN.test(domain) || WORKLOAD_DOMAIN.test(domain) || FILE_TLD.test(domain)) continue;
    // A mailbox that reaches no one, or a role's, which identifies no person (support@, security@, platform-team@, ci-bot@).
    const plus = local.indexOf('+');
    const box = plus < 0 ? local : local.slice(0, plus);
    if (NO_ONE_MAILBOX.test(box) || (!roleMailboxes && ROLE_MAILBOX.test(box))) continue;
    // An address named as a work's author or maintainer (package metadata, a commit trailer, a
    // maintainer label), or as its contact or owner in a comment, is one its owner published with the work.
    // Looked for near each address only in a text that has one of those words at all (not a CSV of customers).
    worksNamed ??= PUBLISHED_WITH_WORK.test(text) || CONTACT_OF_WORK.test(text);
    if (worksNamed && namedWithWork(text, start)) continue;
    // The comment of an SSH public key (`ssh-ed25519 AAAA... jane@laptop`) names the key, published with it.
    if (sshKeyComment(text, start)) continue;
    // git@github.com:org/repo, user@host:path (scp) — a remote, not a mailbox.
    if (text[end] === ':' && /[\w~/.-]/.test(text[end + 1] ?? '')) continue;
    // ssh://git@host/..., https://user@host/..., postgresql://app:secret@host/... — credentials or users in a URL, not addresses.
    const before = text.slice(Math.max(0, start - 80), start);
    if (/:\/\/(?:[^\s/@:]{1,64}:)?$/.test(before)) continue;
    if (/^(?:git|ssh|root|ubuntu|ec2-user|admin|deploy)$/i.test(local) && /\b(?:ssh|scp|rsync|sftp|clone|remote)\b/.test(text.slice(Math.max(0, start - 40), start))) continue;
    if (/\b(?:ssh|scp|sftp|rsync|mosh)\s+(?:-\S+\s+)*$/.test(text.slice(Math.max(0, start - 40), start))) continue;
    out.push({ kind: 'email', start, end: start + value.length, targets: TARGETS_OF.email });
  }
}

// ---- Phone numbers

const INTERNATIONAL_PHONE = /\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,6}/g;
const US_PHONE = /\(?\b[2-9]\d{2}\)?[ .-]\d{3}[ .-]\d{4}\b/g;
const LOCAL_PHONE = /\b0\d{2,4}[ -]?\d{3,4}[ -]?\d{3,4}\b/g;
const PHONE_CONTEXT = /\b(?:phone|tel|telephone|mobile|cell|call|fax|whatsapp|sms|contact|ring)\b/i;

/**
 * Numbers set aside for fiction and examples, never anyone's: North America's 555-0100 to 555-0199,
 * and Ofcom's drama numbers (020 7946 0xxx, 07700 900xxx, 0113 496 0xxx, 01632 960xxx, ...).
 */
function fictionalPhone(digits: string): boolean {
  const nanp = (digits.length === 11 || digits.length === 8) && digits[0] === '1' ? digits.slice(1) : digits;
  if ((nanp.length === 10 && nanp.slice(3, 8) === '55501') || (nanp.length === 7 && nanp.startsWith('55501'))) return true;
  const uk = digits.startsWith('44') ? `0${digits.slice(2)}` : digits;
  return /^0(?:1(?:1[3-8]|[2-6]1)4960|2079460|2896496|2920180|1632960|7700900|8081570|9098790|3069990)\d{3}$/.test(uk);
}

function digitsOf(s: string): string {
  return s.replace(/\D/g, '');
}

/** A role's mailbox, which names the number beside it as its organisation's own (`Tel ... E-Mail: info@`). */
const ORGANISATION_MAILBOX = /(?:^|[^\w.+-])(?:info|support|contact|kontakt|hello|sales|office|service|help|enquiries|inquiries|press)@[a-z0-9-]+\./i;
/** What names a number as an organisation's own on its line: a role's mailbox beside it, or `call us`, `hotline`, an imprint. */
const ORGANISATION_LINE = new RegExp(
  `${ORGANISATION_MAILBOX.source}|\\b(?:call us|contact us|reach us|our (?:phone|number|hotline|office)|hotline|switchboard|impressum|imprint)\\b`,
  'i',
);
/** How far an organisation's number is read around: 200 characters each side, and in a YAML or JSON block, this many lines each side. */
const ORGANISATION_WINDOW = 200;
const ORGANISATION_BLOCK_LINES = 3;
/** A YAML or JSON line of keys and values (`value: "+49 ..."`, `- name: X`, `"phone": "..."`), with the indentation its key stands at. */
const KEYED_LINE = /^([ \t]*(?:- )?)["']?[\w.-]{1,64}["']?[ \t]*:/;

/**
 * Whether the line a number stands on (200 characters each side at most) names it as an
 * organisation's own; on a YAML or JSON line, a role's mailbox on a neighbouring line of the same
 * block does too (a manifest's `SUPPORT_EMAIL` beside its `SUPPORT_PHONE`): up to
 * ORGANISATION_BLOCK_LINES lines each side within the 200 characters, keyed at the number's key's
 * indentation or deeper, no blank line between.
 */
function organisationNumber(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - ORGANISATION_WINDOW), start);
  const after = text.slice(end, end + ORGANISATION_WINDOW);
  const linesBefore = before.split('\n');
  const linesAfter = after.split('\n');
  const line = `${linesBefore.pop()}${text.slice(start, end)}${linesAfter.shift()}`;
  if (ORGANISATION_LINE.test(line)) return true;
  // A line the 200 characters cut is not known to be keyed from its start.
  const key = linesBefore.length > 0 || start <= ORGANISATION_WINDOW ? KEYED_LINE.exec(line) : null;
  if (!key) return false;
  // The lines nearest the number first; a line the 200 characters cut is not read.
  const above = (start > ORGANISATION_WINDOW ? linesBefore.slice(1) : linesBefore).reverse();
  const below = end + ORGANISATION_WINDOW < text.length ? linesAfter.slice(0, -1) : linesAfter;
  const sameBlock = (lines: string[]) => {
    for (const neighbour of lines.slice(0, ORGANISATION_BLOCK_LINES)) {
      const keyed = KEYED_LINE.exec(neighbour);
      if (!keyed || keyed[1]!.length < key[1]!.length) return false;
      if (ORGANISATION_MAILBOX.test(neighbour)) return true;
    }
    return false;
  };
  return sameBlock(above) || sameBlock(below);
}

function phoneFindings(text: string, out: Finding[]) {
  // The characters already counted as a phone number: a check per character, not per number found (62,000 numbers took 8 s).
  let counted: Uint8Array | null = null;
  let organisations: boolean | undefined;
  const add = (start: number, end: number) => {
    counted ??= new Uint8Array(text.length);
    // "(415) 555-2671" inside "+1 (415) 555-2671" is the same number.
    for (let i = start; i < end; i++) if (counted[i] === 1) return;
    counted.fill(1, start, end);
    if (fictionalPhone(digitsOf(text.slice(start, end)))) return;
    // An organisation's own number (an imprint's, a footer's `Call us: ...`) is published to be called, and names no person.
    // Looked for near each number only in a text that names one at all.
    organisations ??= ORGANISATION_LINE.test(text);
    if (organisations && organisationNumber(text, start, end)) return;
    out.push({ kind: 'phone', start, end, targets: TARGETS_OF.phone });
  };
  for (const m of text.matchAll(INTERNATIONAL_PHONE)) {
    const n = digitsOf(m[0]).length;
    if (n < 8 || n > 15) continue;
    if (/[\w.]/.test(text[m.index - 1] ?? '')) continue;
    add(m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(US_PHONE)) {
    const prev = text[m.index - 1] ?? '';
    const next = text[m.index + m[0].length] ?? '';
    if (/[\d.+-]/.test(prev) || /[\d.-]/.test(next)) continue;
    // 2024-01-1234 style ids and dates carry no area code shape; keep only separator-consistent numbers.
    add(m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(LOCAL_PHONE)) {
    const n = digitsOf(m[0]).length;
    if (n < 9 || n > 12) continue;
    if (!PHONE_CONTEXT.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
    add(m.index, m.index + m[0].length);
  }
}

// ---- National identity numbers

const SSN = /\b(\d{3})-(\d{2})-(\d{4})\b/g;
const SSN_BARE = /\b(\d{3})(\d{2})(\d{4})\b/g;
const SSN_CONTEXT = /\b(?:ssn|social security|soc\. sec\.|tax id|taxpayer)\b/i;
/** Numbers the SSA says were never issued, used in every example. */
const EXAMPLE_SSNS = new Set(['123456789', '078051120', '219099999']);

function validSsn(area: string, group: string, serial: string): boolean {
  if (area === '000' || area === '666' || area[0] === '9') return false;
  if (group === '00' || serial === '0000') return false;
  return !EXAMPLE_SSNS.has(area + group + serial);
}

const NINO = /\b([A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]) ?(\d{2}) ?(\d{2}) ?(\d{2}) ?([A-D])\b/g;
const NINO_BAD_PREFIX = new Set(['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ']);

const DNI = /\b([XYZ]?)(\d{7,8})-?([A-Z])\b/g;
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

const CODICE_FISCALE = /\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b/g;
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function codiceFiscaleValid(cf: string): boolean {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = cf.charCodeAt(i);
    const v = c >= 48 && c <= 57 ? c - 48 : c - 65;
    sum += i % 2 === 0 ? CF_ODD[v]! : v;
  }
  return String.fromCharCode(65 + (sum % 26)) === cf[15];
}

function nationalIdFindings(text: string, out: Finding[]) {
  for (const m of text.matchAll(SSN)) {
    if (/[\d-]/.test(text[m.index - 1] ?? '') || /[\d-]/.test(text[m.index + m[0].length] ?? '')) continue;
    if (validSsn(m[1]!, m[2]!, m[3]!)) out.push({ kind: 'ssn', start: m.index, end: m.index + m[0].length, targets: TARGETS_OF.ssn });
  }
  for (const m of text.matchAll(SSN_BARE)) {
    if (!SSN_CONTEXT.test(text.slice(Math.max(0, m.index - 30), m.index))) continue;
    if (validSsn(m[1]!, m[2]!, m[3]!)) out.push({ kind: 'ssn', start: m.index, end: m.index + m[0].length, targets: TARGETS_OF.ssn });
  }
  for (const m of text.matchAll(NINO)) {
    if (NINO_BAD_PREFIX.has(m[1]!)) continue;
    out.push({ kind: 'nino', start: m.index, end: m.index + m[0].length, targets: TARGETS_OF.nino });
  }
  for (const m of text.matchAll(DNI)) {
    const [, prefix, digits, letter] = m;
    if (prefix === '' && digits!.length !== 8) continue;
    if (prefix !== '' && digits!.length !== 7) continue;
    const n = Number(`${prefix ? 'XYZ'.indexOf(prefix) : ''}${digits}`);
    if (DNI_LETTERS[n % 23] !== letter) continue;
    out.push({ kind: 'eu-national-id', start: m.index, end: m.index + m[0].length, targets: TARGETS_OF['eu-national-id'] });
  }
  for (const m of text.matchAll(CODICE_FISCALE)) {
    if (codiceFiscaleValid(m[0])) out.push({ kind: 'eu-national-id', start: m.index, end: m.index + m[0].length, targets: TARGETS_OF['eu-national-id'] });
  }
}

// ---- IBANs (ISO 13616, mod-97)

const IBAN = /\b([A-Z]{2})(\d{2})((?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b/g;
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22, GR: 27, HR: 21, HU: 28, IE: 22,
  IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24,
};
/** The IBANs printed in the standard's and the banks' own examples. */
const EXAMPLE_IBANS = new Set(['DE89370400440532013000', 'GB82WEST12345698765432', 'GB29NWBK60161331926819', 'FR1420041010050500013M02606', 'NL91ABNA0417164300']);

export function mod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const c = ch.charCodeAt(0);
    const v = c >= 65 ? c - 55 : c - 48;
    rest = v >= 10 ? (rest * 100 + v) % 97 : (rest * 10 + v) % 97;
  }
  return rest;
}

function ibanFindings(text: string, out: Finding[]) {
  for (const m of text.matchAll(IBAN)) {
    const compact = m[0].replace(/ /g, '');
    const length = IBAN_LENGTHS[m[1]!];
    if (length === undefined) continue;
    // The match may run on into the next word; take the country's length when it fits.
    const iban = compact.slice(0, length);
    if (iban.length !== length || mod97(iban) !== 1 || EXAMPLE_IBANS.has(iban)) continue;
    out.push({ kind: 'iban', start: m.index, end: m.index + m[0].length, targets: TARGETS_OF.iban });
  }
}

// ---- Payment card numbers (Luhn + issuer ranges)

const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
/** A card number written in dotted groups, as some forms and exports print it: 4-4-4-4(-3) or American Express's 4-6-5. */
const DOTTED_CARD = /\b(?:\d{4}\.\d{4}\.\d{4}\.\d{4}(?:\.\d{3})?|\d{4}\.\d{6}\.\d{5})\b/g;
/** The issuers' and processors' documented test PANs (Stripe, Adyen, Braintree, PayPal docs). */
const TEST_PANS = new Set([
  '4242424242424242', '4111111111111111', '4012888888888881', '4222222222222', '4000056655665556', '4444333322221111', '4917610000000000',
  '4988438843884305', '4035501000000008', '4400000000000008', '4462030000000000',
  '5555555555554444', '5105105105105100', '5200828282828210', '5454545454545454', '5431111111111111', '2223003122003222', '2223000048400011', '5101180000000007',
  '378282246310005', '371449635398431', '378734493671000', '340000000000009', '370000000000002',
  '6011111111111117', '6011000990139424', '6011000400000000', '6011601160116611', '6445644564456445',
  '3056930009020004', '30569309025904', '38520000023237', '36227206271667', '36006666333344',
  '3566002020360505', '3530111333300000', '3566111111111113', '6200000000000005', '6250941006528599',
]);

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

function issuerKnown(pan: string): boolean {
  const two = Number(pan.slice(0, 2));
  const four = Number(pan.slice(0, 4));
  if (pan[0] === '4') return pan.length === 13 || pan.length === 16 || pan.length === 19; // Visa
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return pan.length === 16; // Mastercard
  if (two === 34 || two === 37) return pan.length === 15; // American Express
  if (pan.startsWith('6011') || two === 65 || (four >= 6440 && four <= 6499)) return pan.length >= 16; // Discover
  if (four >= 3528 && four <= 3589) return pan.length >= 16; // JCB
  if (two === 36 || two === 38 || (four >= 3000 && four <= 3059)) return pan.length >= 14; // Diners
  if (two === 62) return pan.length >= 16; // UnionPay
  return false;
}

export function isTestPan(pan: string): boolean {
  // Stripe's 4000 0000 0000 xxxx family of declines and 3-D Secure cases.
  return TEST_PANS.has(pan) || /^4000000000\d{6}$/.test(pan) || /^4000002\d{9}$/.test(pan);
}

/** What names the number after it an id: a key (`trace_id:`, `cid=`, `"tracking": "`), a path's collection (`/orders/`), or a word (`Build`, `Cursor`). */
const NAMED_AS_ID =
  /(?:id|ids|\b(?:tracking|cursor|trace|span|seq|sequence|offset|ts|timestamp|ref|reference|build|version|nonce))["']?\s*[:=]\s*["']?$|\b(?:orders|events|builds|traces|sessions|transactions|requests|shipments|tickets|users|items|jobs|runs)\/$|\b(?:build|cursor|trace|order|event|request|session|transaction|tracking|ticket|run|job)\s*#?\s*$/i;
/** Words that say a number is a card's. */
const CARD_WORD = /\b(?:card|cards|pan|cc|ccnum|credit|debit|visa|mastercard|amex|payment)\b/i;

function cardFindings(text: string, out: Finding[]) {
  for (const m of [...text.matchAll(CARD), ...text.matchAll(DOTTED_CARD)]) {
    const raw = m[0];
    // Mixed separators within one number ("1-2 3") are not how cards are written.
    if (/ /.test(raw) && /-/.test(raw)) continue;
    if (/[.\d]/.test(text[m.index - 1] ?? '') || /^[.,]\d/.test(text.slice(m.index + raw.length, m.index + raw.length + 2))) continue;
    const pan = digitsOf(raw);
    if (pan.length < 13 || pan.length > 19 || !issuerKnown(pan) || !luhnValid(pan) || isTestPan(pan)) continue;
    if (/^(\d)\1+$/.test(pan)) continue;
    // A run of digits labelled as an id (`"trace_id": "4782985341890759281"`, `/orders/5164708642969884`, `Build 379398268793081`) is that id.
    if (raw === pan && NAMED_AS_ID.test(text.slice(Math.max(0, m.index - 40), m.index)) && !CARD_WORD.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
    out.push({ kind: 'card', start: m.index, end: m.index + raw.length, targets: TARGETS_OF.card });
  }
}

// ---- Special categories (GDPR Art. 9, PHI) tied to a person

/** Terms naming a special category of data; the category is what a reason says. */
const SPECIAL_TERMS: [string, RegExp][] = [
  ['health', /\b(?:diagnos(?:ed|is|es)|hiv(?:[ -]positive)?|aids|cancer|leukemia|tumou?r|diabetes|diabetic|depression|depressive|anxiety disorder|ptsd|bipolar|schizophreni[ac]|adhd|autis(?:m|tic)|epilep(?:sy|tic)|asthma|hepatitis|tuberculosis|dementia|alzheimer'?s?|parkinson'?s?|multiple sclerosis|pregnan(?:t|cy)|miscarriage|abortion|chemotherapy|dialysis|insulin|antidepressants?|prescri(?:bed|ption)|medication|psychiatric|mental (?:health|illness)|therapy sessions?|rehab|addiction|overdose|blood type|disabilit(?:y|ies)|disabled|(?<!\.)stroke(?!\s*\()|heart attack|surgery|medical (?:condition|record|history|leave)|sick leave|std(?!::)|chlamydia|covid[- ]positive|tested positive)\b/gi],
  ['genetic', /\b(?:genetic (?:test|testing|marker|condition|disorder|profile|data)|brca[12]?(?: mutation)?|dna (?:test|sample|results?)|genome sequenc(?:e|ing))\b/gi],
  ['biometric', /\b(?:fingerprints?|face ?id (?:template|scan)|facial (?:scan|template|geometry)|retina(?:l)? scan|iris scan|voiceprint)\b/gi],
  ['religion', /\b(?:religio(?:n|us (?:belief|affiliation|views))|is (?:a )?(?:muslim|jewish|christian|catholic|hindu|buddhist|sikh|atheist|mormon)|attends (?:mosque|synagogue|church|temple))\b/gi],
  ['sexual orientation', /\b(?:sexual orientation|sex life|(?:is|as|came out as) (?:gay|lesbian|bisexual|queer|asexual|homosexual)|transgender|trans woman|trans man|gender transition)\b/gi],
  ['racial or ethnic origin', /\b(?:ethnicity|ethnic origin|racial origin|racial or ethnic|race: ?\w+)\b/gi],
  ['political opinions', /\b(?:political (?:opinions?|views|affiliation)|votes? for the|party membership|member of the (?:\w+ )?party)\b/gi],
  ['trade union membership', /\b(?:trade union|union member(?:ship)?)\b/gi],
];

/** What makes a special-category term about a person, not about code or a topic. */
const PERSON_HINTS = [
  /\b(?:Mr|Mrs|Ms|Miss|Mx)\.? [A-Z][a-z]+/,
  /\b(?:my|his|her|their|our) (?:wife|husband|partner|son|daughter|mother|father|mom|dad|brother|sister|friend|colleague|boss|neighbou?r|patient|client|child|kid|doctor|employee|grandmother|grandfather)\b/i,
  /\b(?:I|I'm|I've|he|she|he's|she's)\b(?: \w+){0,3} (?:has|have|had|is|was|been|got|suffers?|takes?|taking|diagnosed|tested|uses?|started)\b/,
  /\b(?:patient|employee|customer|member|applicant|user|client|tenant|student|claimant|subscriber)(?: (?:id|no\.?|number|#))? ?[:#]? ?(?:[A-Z][a-z]+ [A-Z][a-z]+|\d{3,})/,
  /\b(?:[A-Z][a-z]{1,15}) (?:[A-Z][a-z]{1,20})(?:'s)? (?:has|had|is|was|suffers|takes|was diagnosed|got|started)\b/,
  /\b(?:name|patient|employee)\s*[:=]\s*["']?[A-Z][a-z]+ [A-Z][a-z]+/,
];
/** Nouns of software: a term right before one names a part of an app ("the diagnosis form", "the Medication screen"), not a fact about someone. */
const SOFTWARE_NOUNS =
  'forms?|screens?|pages?|fields?|lists?|tables?|tabs?|views?|buttons?|components?|modules?|endpoints?|apis?|models?|schemas?|services?|features?|flows?|inputs?|dropdowns?|columns?|widgets?|modals?|dialogs?|pickers?|sections?|routes?|controllers?|tests?|specs?|bugs?|validators?|validation|types?|enums?|fixtures?|mocks?|migrations?|queries|query|dashboards?|reports? template|integration';
/** Phrases that contain a term but are about software or a topic. */
const NOT_ABOUT_A_PERSON = new RegExp(
  `\\b(?:race condition|genetic algorithm|child[_ ]process|api\\/health|healthcheck|health[_-]?check|\\/health\\b|cancer research|diabetes (?:dataset|model)|depression (?:model|dataset)|stroke-width|stroke(?:Style|Width|-linecap)|surgery scheduling system|apple health|healthkit|(?:diagnos(?:is|es)|medications?|prescriptions?|medical records?|insulin|therapy|surgery|pregnancy|disabilit(?:y|ies)) (?:${SOFTWARE_NOUNS})\\b)`,
  'gi',
);

/** Terms of one category close together ("diagnosed with cancer") state one fact. */
const SAME_FACT_CHARS = 40;

function specialCategoryFindings(text: string, personal: Finding[], out: Finding[]) {
  const masked = text.replace(NOT_ABOUT_A_PERSON, (s) => ' '.repeat(s.length));
  for (const [category, re] of SPECIAL_TERMS) {
    re.lastIndex = 0;
    for (const m of masked.matchAll(re)) {
      const from = Math.max(0, m.index - PERSON_WINDOW_CHARS);
      const to = Math.min(masked.length, m.index + m[0].length + PERSON_WINDOW_CHARS);
      const nearPersonalData = personal.some((f) => f.end >= from && f.start <= to);
      const window = masked.slice(from, to);
      if (nearPersonalData || PERSON_HINTS.some((h) => h.test(window))) {
        const last = out[out.length - 1];
        if (last?.kind === 'special-category' && last.category === category && m.index - last.end <= SAME_FACT_CHARS && !/[.!?\n]/.test(masked.slice(last.end, m.index))) {
          last.end = m.index + m[0].length;
          continue;
        }
        out.push({ kind: 'special-category', start: m.index, end: m.index + m[0].length, targets: TARGETS_OF['special-category'], category });
      }
    }
  }
}

/**
 * Characters either side of a window's own part that it reads too: more than the longest value a
 * pattern matches (an email, 640), with a special-category term and the person window around it.
 */
const WINDOW_MARGIN_CHARS = 1_024;

/**
 * What to find: `roleMailboxes` counts role and team mailboxes too (`sales@`, `support@`), which
 * name no person but are where someone asks to be reached (the receptionist's leads).
 */
export type DetectOptions = { windowChars?: number; roleMailboxes?: boolean };

/**
 * Every finding in a text, in order of position. A text longer than `windowChars` (MAX_SCAN_CHARS;
 * tests pass less) is read in windows of that many characters, each overlapping the next by twice
 * WINDOW_MARGIN_CHARS: a window keeps the findings that start in its own part, around which it
 * sees what the whole text shows.
 */
export function detectData(text: string, { windowChars = MAX_SCAN_CHARS, roleMailboxes = false }: DetectOptions = {}): Finding[] {
  const detectInWindow = (window: string) => detectInText(window, roleMailboxes);
  if (text.length <= windowChars) return detectInWindow(text);
  const step = windowChars - 2 * WINDOW_MARGIN_CHARS;
  const out: Finding[] = [];
  for (let own = 0; own < text.length; own += step) {
    const from = Math.max(0, own - WINDOW_MARGIN_CHARS);
    for (const f of detectInWindow(text.slice(from, own + step + WINDOW_MARGIN_CHARS))) {
      const start = f.start + from;
      if (start >= own && start < own + step) out.push({ ...f, start, end: f.end + from });
    }
  }
  return out;
}

function detectInText(text: string, roleMailboxes: boolean): Finding[] {
  const out: Finding[] = [];
  emailFindings(text, out, roleMailboxes);
  phoneFindings(text, out);
  nationalIdFindings(text, out);
  ibanFindings(text, out);
  cardFindings(text, out);
  // A number counted as a card, IBAN or id is not also a phone number.
  const strong = out.filter((f) => f.kind !== 'phone' && f.kind !== 'email');
  const kept = out.filter((f) => f.kind !== 'phone' || !strong.some((s) => s.start < f.end && f.start < s.end));
  const personal = kept.slice();
  specialCategoryFindings(text, personal, kept);
  return kept.sort((a, b) => a.start - b.start || a.kind.localeCompare(b.kind));
}

/** The data classes a set of findings touches, in the vocabulary's order. */
export function targetsOf(findings: readonly Finding[]): Target[] {
  const set = new Set<Target>();
  for (const f of findings) for (const t of f.targets) set.add(t);
  return (['personal', 'sensitive', 'financial'] as const).filter((t) => set.has(t));
}

/** "2 email addresses, 1 payment card number" — what was found, never the values. */
export function describeFindings(findings: readonly Finding[]): string {
  const counts = new Map<string, number>();
  for (const f of findings) {
    const key = f.kind === 'special-category' ? `special:${f.category}` : f.kind;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const parts: string[] = [];
  for (const [key, n] of counts) {
    if (key.startsWith('special:')) parts.push(`${n} ${key.slice('special:'.length)} detail${n > 1 ? 's' : ''} about a person`);
    else {
      const [one, many] = ENTITY_LABELS[key as EntityKind];
      parts.push(`${n} ${n > 1 ? many : one}`);
    }
  }
  return parts.join(', ');
}
