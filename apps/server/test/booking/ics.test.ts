// RFC 5545 output: folding at 75 octets with CRLF, TEXT escaping, UTC times, a stable UID, and the
// CANCEL that follows a REQUEST with SEQUENCE+1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calendarInvite, escapeText, foldLine } from '../../src/booking/ics.ts';

const octets = (line: string) => new TextEncoder().encode(line).length;
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');
const base = {
  method: 'REQUEST' as const,
  uid: 'bk_0123@bytebound',
  sequence: 0,
  stamp: Date.UTC(2026, 10, 20, 10, 0, 0),
  start: Date.UTC(2026, 10, 23, 8, 0, 0),
  end: Date.UTC(2026, 10, 23, 8, 30, 0),
  summary: 'Bytebound enterprise demo (30 minutes)',
  description: 'Demo',
  organizer: { name: 'Bytebound', email: 'sales@bytebound.dev' },
  attendee: { name: 'Ada Lovelace', email: 'ada@example.com' },
};

describe('calendar invitations (RFC 5545)', () => {
  it('writes the VCALENDAR with UTC times, organizer, attendee and CRLF line ends', () => {
    const ics = calendarInvite(base);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics).split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'METHOD:REQUEST',
        'UID:bk_0123@bytebound',
        'SEQUENCE:0',
        'DTSTAMP:20261120T100000Z',
        'DTSTART:20261123T080000Z',
        'DTEND:20261123T083000Z',
        'ORGANIZER;CN=Bytebound:mailto:sales@bytebound.dev',
        'ATTENDEE;CN=Ada Lovelace;RSVP=TRUE:mailto:ada@example.com',
        'STATUS:CONFIRMED',
        'END:VCALENDAR',
      ]),
    );
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
  });

  it('escapes TEXT and quotes parameter values that need it', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const ics = unfold(calendarInvite({ ...base, description: 'Line one\nGDPR, HIPAA; more', attendee: { name: 'Smith, "Jo"', email: 'jo@example.com' } }));
    expect(ics).toContain('DESCRIPTION:Line one\\nGDPR\\, HIPAA\\; more\r\n');
    expect(ics).toContain(`ATTENDEE;CN="Smith, 'Jo'";RSVP=TRUE:mailto:jo@example.com`);
  });

  it('folds every line at 75 octets without splitting a UTF-8 character, and unfolds to the original', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${escapeText(text)}`;
        const folded = foldLine(line);
        for (const physical of folded.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
        expect(unfold(folded)).toBe(line);
      }),
    );
    const long = calendarInvite({ ...base, summary: 'Démo de conformité — 日本語のテキスト '.repeat(6) });
    for (const physical of long.split('\r\n')) expect(octets(physical)).toBeLessThanOrEqual(75);
  });

  it('cancels with the same UID, SEQUENCE+1 and STATUS:CANCELLED', () => {
    const request = unfold(calendarInvite(base));
    const cancel = unfold(calendarInvite({ ...base, method: 'CANCEL', sequence: 1, stamp: base.stamp + 60_000 }));
    expect(cancel).toContain('METHOD:CANCEL\r\n');
    expect(cancel).toContain('STATUS:CANCELLED\r\n');
    expect(cancel).toContain('SEQUENCE:1\r\n');
    expect(/UID:(.*)\r\n/.exec(cancel)![1]).toBe(/UID:(.*)\r\n/.exec(request)![1]);
    expect(/DTSTART:(.*)\r\n/.exec(cancel)![1]).toBe(/DTSTART:(.*)\r\n/.exec(request)![1]);
  });
});
