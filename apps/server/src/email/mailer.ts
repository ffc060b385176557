// Sends the product's emails: over SMTP (SMTP_URL, nodemailer) when configured; otherwise into a
// development outbox — stored in the database, written as an .eml file under DATA_DIR/outbox and
// its links printed in the server log — so sign-up and password reset work out of the box.
import fs from 'node:fs';
import path from 'node:path';
import { makeFolder } from '@bytebound/engine/make-folder';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { PRODUCT_NAME } from '../auth/account-constants.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

export type EmailAttachment = { filename: string; content: string; contentType: string };

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message, e.g. a calendar invite (text/calendar; method=REQUEST). */
  attachments?: EmailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** 'smtp' when SMTP_URL is set, else 'outbox'. */
  readonly kind: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
};

/** The sender: the product's name at the public host. */
export function senderOf(config: Config): { name: string; address: string } {
  return { name: PRODUCT_NAME, address: `no-reply@${new URL(config.publicUrl).hostname}` };
}

export function outboxDirectory(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

const LINK = /https?:\/\/[^\s<>"]+/g;

export function createMailer(config: Config, db: Database, log: FastifyBaseLogger): Mailer {
  const from = senderOf(config);
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  // Renders the exact message SMTP would carry, without sending it anywhere.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const now = Date.now();
      const row = await db
        .insertInto('outbox')
        .values({ recipient: message.to, subject: message.subject, text_body: message.text, html_body: message.html, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const info = await renderer.sendMail({ from, ...message });
      const directory = outboxDirectory(config);
      makeFolder(directory, 0o700);
      const file = path.join(directory, `${now}-${row.id}.eml`);
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      const links = message.text.match(LINK) ?? [];
      log.info({ subject: message.subject, file, links }, `development outbox: "${message.subject}" ${links.join(' ')}`);
    },
  };
}
