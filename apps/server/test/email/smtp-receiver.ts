// A real SMTP server on a local port that keeps every message it receives (raw RFC 5322 text), and
// optionally writes each one as an .eml file into a directory (how the browser tests read mail).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { mailParts, topHeaders } from '../booking/mail-parts.ts';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpReceiver = {
  url: string;
  messages: ReceivedMail[];
  /** Waits for a message to `to` whose raw text matches. */
  waitFor: (to: string, pattern: RegExp, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

export type SmtpReceiverOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** When set, each message is also written there as <time>-<n>.eml. */
  directory?: string;
};

export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  if (options.directory) fs.mkdirSync(options.directory, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(mail);
        if (options.directory) {
          const name = `${Date.now()}-${String(messages.length).padStart(6, '0')}.eml`;
          // Written under a temporary name and renamed, so a reader never sees half a message.
          const file = path.join(options.directory, name);
          fs.writeFileSync(`${file}.part`, `X-Envelope-To: ${mail.to.join(', ')}\r\n${mail.raw}`);
          fs.renameSync(`${file}.part`, file);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, pattern, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(to) && pattern.test(decodeMail(m.raw)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}; received ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The message as a mail client reads it, to search in: its headers (unfolded), then each part's
 * headers and decoded body (mail-parts.ts). Headers are never quoted-printable: a link there
 * (List-Unsubscribe) keeps an "=" followed by two hex digits of its own, as in "?token=4F...".
 */
export function decodeMail(raw: string): string {
  return [topHeaders(raw), ...mailParts(raw).map((part) => `${part.headers}\r\n\r\n${part.body}`)].join('\r\n\r\n');
}
