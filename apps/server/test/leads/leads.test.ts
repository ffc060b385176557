// Pilot requests, contact messages and the newsletter's double opt-in through the real API on the
// dialect under test: stored (read back from the database) and emailed through a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { decodeMail, type SmtpReceiver, startSmtpReceiver } from '../email/smtp-receiver.ts';
import { partOf, topHeaders } from '../booking/mail-parts.ts';
import { awayFromWindowEnd, HOUR_MS } from '../helpers/rate-limit-window.ts';

let t: TestApp;
let smtp: SmtpReceiver;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://bytebound.test', SALES_EMAIL: 'sales@bytebound.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let nextIp = 1;
const ip = () => `10.1.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' }, remoteAddress: ip() });
const uniqueEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2)}@example.com`;
const text = (raw: string) => partOf(raw, /text\/plain/).body;

describe(`pilot requests (${testDialect})`, () => {
  it('stores the request, emails sales and the requester, answers next steps, and books the kick-off call', async () => {
    const email = uniqueEmail('ines');
    const response = await post('/api/trial/pilot', { company: 'Hospital Analytics GmbH', email: email.toUpperCase(), name: 'Ines Weber', useCase: 'Agents that read patient records must not export them.', regulations: ['GDPR', 'HIPAA', 'GDPR'] });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.pilotRequestId).toMatch(/^pr_[0-9a-f]{24}$/);
    expect(body.nextSteps.length).toBeGreaterThanOrEqual(3);
    expect(body.nextSteps.join(' ')).toMatch(/kick-off call/);
    const row = await t.db.selectFrom('pilot_requests').selectAll().where('id', '=', body.pilotRequestId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company: 'Hospital Analytics GmbH', email, name: 'Ines Weber' });
    expect(JSON.parse(row.regulations)).toEqual(['GDPR', 'HIPAA']);

    const sales = text((await smtp.waitFor('sales@bytebound.test', new RegExp(`one-month enterprise pilot[^]*${email}`))).raw);
    for (const detail of ['Hospital Analytics GmbH', 'Ines Weber', 'GDPR, HIPAA', 'Agents that read patient records must not export them.', body.pilotRequestId]) expect(sales).toContain(detail);
    const mine = text((await smtp.waitFor(email, /What happens next/)).raw);
    expect(mine).toContain(body.nextSteps[0]);
    expect(mine).toContain(`http://bytebound.test/trial?pilotRequestId=${body.pilotRequestId}`);

    const slots = (await t.app.inject({ url: '/api/booking/slots', remoteAddress: ip() })).json().slots;
    const kickOff = await post('/api/booking', { slotStart: slots[3].start, name: 'Ines Weber', email, company: 'Hospital Analytics GmbH', interest: 'Pilot kick-off', timeZone: 'Europe/Vienna', source: 'pilot', pilotRequestId: body.pilotRequestId });
    expect(kickOff.statusCode).toBe(201);
    const booking = await t.db.selectFrom('bookings').selectAll().where('id', '=', kickOff.json().booking.id).executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ source: 'pilot', pilot_request_id: body.pilotRequestId });
  });

  it('refuses an incomplete or malformed request with a clear message', async () => {
    const valid = { company: 'Acme', email: uniqueEmail('a'), name: 'A', useCase: 'Checks', regulations: ['SOX'] };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ company: '' }, /^Please enter your company$/],
      [{ name: 'Ada\u001b[2J Lovelace' }, /^Name cannot contain control characters$/],
      [{ company: 'Acme\u007f' }, /^Company cannot contain control characters$/],
      [{ email: 'nope' }, /^Please enter a valid email address$/],
      [{ useCase: 'x'.repeat(2001) }, /^Use case can be at most 2,000 characters$/],
      [{ useCase: 'Checks\u001b]8;;https://evil.example\u0007 exports' }, /^Use case cannot contain control characters other than tabs and line breaks$/],
      [{ regulations: ['Klingon law'] }, /^Regulations must be among GDPR, CCPA, HIPAA, PCI DSS, EU AI Act, SOX, other$/],
      [{ regulations: 'GDPR' }, /regulations must be a list/],
      [{ regulations: ['GDPR', 'CCPA', 'HIPAA', 'PCI DSS', 'EU AI Act', 'SOX', 'other', 'GDPR'] }, /^regulations: at most 7, each named once$/],
    ];
    for (const [override, message] of cases) {
      const response = await post('/api/trial/pilot', { ...valid, ...override });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    expect(await t.db.selectFrom('pilot_requests').select('id').where('email', '=', valid.email).execute()).toEqual([]);
  });
});

describe(`contact form (${testDialect})`, () => {
  it('stores the message, emails sales and confirms to the visitor', async () => {
    const email = uniqueEmail('omar');
    const message = 'Can agents be blocked from reading card numbers?\r\n\n-\tin chat\n-\tin exports';
    const response = await post('/api/home/contact', { name: 'Omar Haddad', email, company: 'Fintech Ltd', interest: 'PCI DSS', message });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.stringMatching(/^ct_/), message: 'Thank you. We will reply within one business day.' });
    const row = await t.db.selectFrom('contacts').selectAll().where('id', '=', response.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Omar Haddad', email, company: 'Fintech Ltd', interest: 'PCI DSS', message });
    const sales = text((await smtp.waitFor('sales@bytebound.test', new RegExp(`contact form[^]*${email}`))).raw);
    expect(sales).toContain('Can agents be blocked from reading card numbers?');
    expect(text((await smtp.waitFor(email, /We will reply within one business day/)).raw)).toContain('Hello Omar Haddad');
  });

  it('answers 400 with the problem for a bad form, never 500', async () => {
    for (const [payload, message] of [
      [{ name: 'A', email: 'a@b', company: 'C', interest: 'D' }, /^Please enter a valid email address$/],
      [{ name: 'A', email: uniqueEmail('a'), company: 'C', interest: '' }, /^Please tell us what you are interested in$/],
      [{ name: 'A', email: uniqueEmail('a'), company: 'C', interest: 'D', message: 'm'.repeat(2001) }, /^Message can be at most 2,000 characters$/],
      [{ name: 'A', email: uniqueEmail('a'), company: 'C', interest: 'D', message: 'Hello\u0008 there' }, /^Message cannot contain control characters other than tabs and line breaks$/],
      [{ name: 'A', email: uniqueEmail('a'), company: 'C', interest: 'D', message: 'Hello\u009b31m there' }, /^Message cannot contain control characters other than tabs and line breaks$/],
      [{ name: 'A', email: uniqueEmail('a'), company: 'C', interest: 'D', admin: true }, /admin/],
      [null, /name|Please/],
    ] as [unknown, RegExp][]) {
      const response = await post('/api/home/contact', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    }
  });
});

describe(`rate limits (${testDialect})`, () => {
  it('refuses the eleventh contact message from one address within the hour, and keeps one-line fields on one line', async () => {
    const from = '192.0.2.77';
    const send = (i: number) =>
      t.app.inject({ method: 'POST', url: '/api/home/contact', payload: { name: `Spam\r\nBcc: victim@example.com ${i}`, email: uniqueEmail('spam'), company: 'S', interest: 'S' }, remoteAddress: from });
    const statuses: number[] = [];
    await awayFromWindowEnd(HOUR_MS);
    for (let i = 0; i < 11; i++) statuses.push((await send(i)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    const stored = await t.db.selectFrom('contacts').select('name').where('name', 'like', 'Spam%').execute();
    expect(stored.every((r) => !/[\r\n]/.test(r.name))).toBe(true);
  });
});

describe(`newsletter double opt-in (${testDialect})`, () => {
  const tokenIn = (raw: string, path: string) => new URL(new RegExp(`http://bytebound\\.test${path}\\?token=[A-Za-z0-9_-]+`).exec(decodeMail(raw))![0]).searchParams.get('token')!;

  it('confirms with the emailed link, unsubscribes with the link every message carries, and never tells who is subscribed', async () => {
    const email = uniqueEmail('lin');
    const first = await post('/api/home/newsletter', { email });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ message: 'Check your inbox to confirm your subscription.' });
    const confirmMail = await smtp.waitFor(email, /Confirm my subscription/);
    expect(topHeaders(confirmMail.raw)).toMatch(/List-Unsubscribe: <http:\/\/bytebound\.test\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+>/);
    const confirmToken = tokenIn(confirmMail.raw, '/newsletter/confirm');
    expect((await t.db.selectFrom('newsletter_subscribers').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status).toBe('pending');

    const confirmed = await post('/api/home/newsletter/confirm', { token: confirmToken });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Your subscription is confirmed.' });
    expect((await t.db.selectFrom('newsletter_subscribers').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status).toBe('confirmed');
    const welcome = await smtp.waitFor(email, /Your subscription is confirmed/);
    expect(topHeaders(welcome.raw)).toMatch(/List-Unsubscribe: </);

    // A known address gets the very same answer as an unknown one.
    const again = await post('/api/home/newsletter', { email });
    const unknown = await post('/api/home/newsletter', { email: uniqueEmail('nobody') });
    expect(again.statusCode).toBe(202);
    expect(again.body).toBe(unknown.body);

    const unsubscribed = await post('/api/home/newsletter/unsubscribe', { token: tokenIn(welcome.raw, '/newsletter/unsubscribe') });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json()).toEqual({ message: 'You are unsubscribed.' });
    expect((await t.db.selectFrom('newsletter_subscribers').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status).toBe('unsubscribed');
    // The old confirmation link cannot subscribe the address again; only a new sign-up can.
    expect((await post('/api/home/newsletter/confirm', { token: confirmToken })).statusCode).toBe(404);
    expect((await post('/api/home/newsletter/unsubscribe', { token: 'not-a-token' })).statusCode).toBe(404);
    // A token longer than any made gets the link's own words.
    expect((await post('/api/home/newsletter/confirm', { token: 'a'.repeat(201) })).json().error).toBe('This confirmation link is not valid. Please subscribe again.');
    expect((await post('/api/home/newsletter/unsubscribe', { token: 'a'.repeat(201) })).json().error).toBe('This unsubscribe link is not valid.');
    // Asking again at once for a pending address sends no second email (no mail bombing), then later it does.
    const pending = uniqueEmail('pending');
    await post('/api/home/newsletter', { email: pending });
    await smtp.waitFor(pending, /Confirm my subscription/);
    await post('/api/home/newsletter', { email: pending });
    await post('/api/home/newsletter', { email: pending });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.to.includes(pending))).toHaveLength(1);
    await t.db.updateTable('newsletter_subscribers').set({ updated_at: Date.now() - 11 * 60_000 }).where('email', '=', pending).execute();
    await post('/api/home/newsletter', { email: pending });
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(pending)).length).toBe(2);

    const bad = await post('/api/home/newsletter', { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please enter a valid email address');
  });
});
