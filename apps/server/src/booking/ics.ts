// Calendar invitations (RFC 5545): one VEVENT per booking with a stable UID; METHOD:REQUEST when
// booked, METHOD:CANCEL with SEQUENCE+1 when cancelled. CRLF lines folded at 75 octets, TEXT escaped.
const encoder = new TextEncoder();
const FOLD_OCTETS = 75;

export type CalendarInvite = {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  /** When this version of the event was made (epoch ms). */
  stamp: number;
  start: number;
  end: number;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  url?: string;
};

/** RFC 5545 3.3.11 TEXT: backslash, semicolon, comma and newlines escaped. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (e.g. CN): DQUOTE and control characters cannot appear in one; quoted when it holds : ; or , (RFC 5545 3.1). */
export function paramValue(text: string): string {
  const clean = text.replace(/["\u0000-\u001f\u007f]/g, "'");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** 20261123T080000Z */
export function utcDateTime(instant: number): string {
  return new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Folds one content line into chunks of at most 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const chunks: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines begin with a space, which counts towards their 75 octets.
    if (octets + size > FOLD_OCTETS) {
      chunks.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  chunks.push(current);
  return chunks.join('\r\n');
}

export function calendarInvite(invite: CalendarInvite): string {
  const cancelled = invite.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Bytebound//Demo booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${utcDateTime(invite.stamp)}`,
    `DTSTART:${utcDateTime(invite.start)}`,
    `DTEND:${utcDateTime(invite.end)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    `ORGANIZER;CN=${paramValue(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    `ATTENDEE;CN=${paramValue(invite.attendee.name)};RSVP=TRUE:mailto:${invite.attendee.email}`,
    ...(invite.url ? [`URL:${invite.url}`] : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
