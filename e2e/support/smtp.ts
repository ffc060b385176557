// Reading the emails the server sent. The e2e server sends over SMTP to a real local SMTP server
// (both started by playwright.config.ts), which writes each message it receives as an .eml file under
// DATA_DIR/smtp-received.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { decodeMail } from '../../apps/server/test/email/smtp-receiver.ts';

export type Email = { file: string; raw: string; text: string };

function receivedMailDirectory(): string {
  const dataDir = process.env.BYTEBOUND_E2E_DATA_DIR;
  if (!dataDir) throw new Error('BYTEBOUND_E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  return path.join(dataDir, 'smtp-received');
}

function emailsTo(to: string): Email[] {
  const directory = receivedMailDirectory();
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(directory, name), 'utf8');
      return { file: name, raw, text: decodeMail(raw) };
    })
    .filter((mail) => new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(mail.text));
}

/** Waits for the newest email to `to` whose text matches `pattern`. */
export async function waitForEmail(to: string, pattern: RegExp): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(() => {
      found = emailsTo(to)
        .reverse()
        .find((mail) => pattern.test(mail.text));
      return Boolean(found);
    }, { message: `an email to ${to} matching ${pattern}`, timeout: 10_000 })
    .toBe(true);
  return found!;
}

export function linkIn(mail: Email, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[?]/g, '\\?')}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no ${pathPrefix} link in ${mail.file}`);
  return match[0];
}

export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
