// Reads a raw MIME message as a mail client would, enough for the tests: the decoded parts by content type.
export type MailPart = { contentType: string; headers: string; body: string };

function decode(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Every leaf part of the message, decoded. */
export function mailParts(raw: string): MailPart[] {
  const parts: MailPart[] = [];
  const walk = (entity: string) => {
    const split = entity.search(/\r?\n\r?\n/);
    const headers = entity.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    const body = entity.slice(split).replace(/^\r?\n\r?\n/, '');
    const contentType = /^content-type:\s*([^\r\n]+)/im.exec(headers)?.[1] ?? 'text/plain';
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(contentType)?.[1];
    if (boundary) {
      for (const piece of body.split(`--${boundary}`).slice(1)) if (!piece.startsWith('--')) walk(piece.replace(/^\r?\n/, ''));
      return;
    }
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1] ?? '7bit';
    parts.push({ contentType, headers, body: decode(body, encoding) });
  };
  walk(raw);
  return parts;
}

export function partOf(raw: string, type: RegExp): MailPart {
  const part = mailParts(raw).find((p) => type.test(p.contentType));
  if (!part) throw new Error(`no ${type} part in the message`);
  return part;
}

/** The message's header block (top level), unfolded. */
export function topHeaders(raw: string): string {
  return raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
}
