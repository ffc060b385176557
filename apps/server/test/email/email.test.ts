// Email over a real local SMTP server (SMTP_URL), and the development outbox without one.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { outboxMessage, register, resetTokenIn } from '../auth/account-helpers.ts';
import { decodeMail, type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.ts';

describe('with SMTP_URL', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://app.bytebound.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the reset email with text and HTML parts from the product, and stores nothing in the outbox', async () => {
    const account = await register(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: account.email } });
    const mail = await smtp.waitFor(account.email, /Reset your Bytebound password/);
    const text = decodeMail(mail.raw);
    expect(mail.from).toBe('no-reply@app.bytebound.test');
    expect(text).toMatch(/^From: Bytebound <no-reply@app\.bytebound\.test>/m);
    expect(text).toContain('Content-Type: text/plain');
    expect(text).toContain('Content-Type: text/html');
    expect(resetTokenIn(text).length).toBeGreaterThanOrEqual(43);
    expect(text).toContain('https://app.bytebound.test/auth/reset-password?token=');
    expect(await t.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it('welcomes a new account', async () => {
    const account = await register(t.app, { firstName: 'Grace' });
    const mail = await smtp.waitFor(account.email, /Welcome to Bytebound/);
    expect(decodeMail(mail.raw)).toContain('Hello Grace');
  });

  it('carries attachments and extra headers to the SMTP server', async () => {
    const to = `invite.${Date.now()}@example.com`;
    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
    await t.app.mailer.send({
      to,
      subject: 'Your invite',
      text: 'See the attachment.',
      html: '<p>See the attachment.</p>',
      attachments: [{ filename: 'invite.ics', content: calendar, contentType: 'text/calendar; method=REQUEST' }],
      headers: { 'List-Unsubscribe': '<https://app.bytebound.test/newsletter/unsubscribe?token=abc>' },
    });
    // Unfold header lines (RFC 5322 section 2.2.3) before reading them.
    const text = decodeMail((await smtp.waitFor(to, /Your invite/)).raw).replace(/\r?\n[ \t]+/g, ' ');
    expect(text).toMatch(/^List-Unsubscribe: <https:\/\/app\.bytebound\.test\/newsletter\/unsubscribe\?token=abc>/m);
    expect(text).toMatch(/Content-Type: text\/calendar; method=REQUEST; name=invite\.ics/);
    expect(text).toContain('filename=invite.ics');
  });

  it('is read with the links in its headers and its body as sent, even where "=" is followed by two hex digits', async () => {
    const to = `links.${Date.now()}@example.com`;
    const unsubscribe = 'https://app.bytebound.test/newsletter/unsubscribe?token=4F9Ab_c';
    const confirm = 'https://app.bytebound.test/newsletter/confirm?token=3D7e-f';
    await t.app.mailer.send({ to, subject: 'Links', text: `Confirm: ${confirm}`, html: `<p><a href="${confirm}">Confirm</a></p>`, headers: { 'List-Unsubscribe': `<${unsubscribe}>` } });
    const text = decodeMail((await smtp.waitFor(to, /Links/)).raw);
    expect(text).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(text).toContain(`Confirm: ${confirm}`);
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps messages in the development outbox and writes each as an .eml file under the data directory', async () => {
    const account = await register(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: account.email } });
    const row = await outboxMessage(t.db, account.email, /Reset your/);
    const directory = path.join(t.config.dataDir, 'outbox');
    let file: string | undefined;
    await expect.poll(() => (file = fs.existsSync(directory) ? fs.readdirSync(directory).find((name) => name.endsWith(`-${row.id}.eml`)) : undefined)).toBeDefined();
    const eml = decodeMail(fs.readFileSync(path.join(directory, file!), 'utf8'));
    expect(eml).toContain(`To: ${account.email}`);
    expect(eml).toContain(resetTokenIn(row.text_body));
  });
});
