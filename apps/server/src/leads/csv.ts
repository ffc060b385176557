// CSV for spreadsheets (RFC 4180: CRLF rows, fields with a comma, quote or line break quoted,
// quotes doubled), safe against formula injection: a cell starting with = + - @ (or a tab or
// carriage return) is prefixed with ' so that a spreadsheet shows it as text, never runs it. A
// control character other than a tab or a line break (no form accepts one; a row stored before
// that rule may hold one) becomes U+FFFD, so no escape sequence reaches a terminal showing the file.
import { CONTROL_CHARACTER_IN_TEXT } from '../auth/auth-schemas.ts';

const FORMULA_START = /^[=+\-@\t\r]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER_IN_TEXT.source, 'gu');

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value);
  text = text.replace(CONTROL_CHARACTERS, '\uFFFD');
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
