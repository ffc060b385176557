// Demo booking through the real API on the dialect under test: free slots, the 50-way race for one
// slot (the database decides), validation, the .ics, the emails through a real SMTP server, and
// cancellation freeing the slot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../email/smtp-receiver.ts';
import { partOf } from './mail-parts.ts';

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
/** A fresh client address per request group, so the per-IP rate limits do not mix tests. */
const ip = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

type Slot = { start: string; end: string };
async function slots(query = ''): Promise<{ slotMinutes: number; salesTimeZone: string; slots: Slot[] }> {
  const response = await t.app.inject({ url: `/api/booking/slots${query}`, remoteAddress: ip() });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const visitor = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: `grace.${Math.random().toString(36).slice(2)}@example.com`,
  company: 'Navy Computing, Inc.',
  interest: 'GDPR, HIPAA compliance enforcement',
  notes: 'We run 40 agents; about 2,000 actions a day.',
  timeZone: 'America/New_York',
  ...overrides,
});
const book = (payload: Record<string, unknown>, remoteAddress = ip()) => t.app.inject({ method: 'POST', url: '/api/booking', payload, remoteAddress });

const wall = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'long' }).formatToParts(new Date(iso));
const hhmm = (iso: string, timeZone: string) => {
  const parts = wall(iso, timeZone);
  return `${parts.find((p) => p.type === 'hour')!.value}:${parts.find((p) => p.type === 'minute')!.value}`;
};

describe(`demo booking (${testDialect})`, () => {
  it('lists free 30-minute slots inside Berlin business hours, from an hour ahead to 14 days ahead, ascending', async () => {
    const before = Date.now();
    const body = await slots();
    expect(body.slotMinutes).toBe(30);
    expect(body.salesTimeZone).toBe('Europe/Berlin');
    expect(body.slots.length).toBeGreaterThan(50);
    const starts = body.slots.map((s) => Date.parse(s.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const slot of body.slots) {
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * 60_000);
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(before + 60 * 60_000 - 1_000);
      expect(Date.parse(slot.start)).toBeLessThan(before + 14 * 24 * 3_600_000 + 1_000);
      const time = hhmm(slot.start, 'Europe/Berlin');
      expect(time >= '09:00' && time <= '16:30').toBe(true);
      const weekday = wall(slot.start, 'Europe/Berlin').find((p) => p.type === 'weekday')!.value;
      expect(['Saturday', 'Sunday']).not.toContain(weekday);
    }
    const oneDay = await slots('?days=1');
    expect(oneDay.slots.every((s) => Date.parse(s.start) < before + 24 * 3_600_000 + 1_000)).toBe(true);
    const bad = await t.app.inject({ url: '/api/booking/slots?days=15', remoteAddress: ip() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('days can be at most 14');
    for (const days of ['', '0x5', '5e0', '+5', ' 5', '2.5']) {
      const notDays = await t.app.inject({ url: `/api/booking/slots?days=${encodeURIComponent(days)}`, remoteAddress: ip() });
      expect(notDays.statusCode, days).toBe(400);
      expect(notDays.json().error).toBe('days must be a whole number from 1 to 14');
    }
    expect((await t.app.inject({ url: '/api/booking/slots?days=0', remoteAddress: ip() })).json().error).toBe('days must be at least 1');
    const badFrom = await t.app.inject({ url: '/api/booking/slots?from=tomorrow', remoteAddress: ip() });
    expect(badFrom.statusCode).toBe(400);
    expect(badFrom.json().error).toMatch(/ISO 8601/);
  });

  it('lets exactly one of 50 simultaneous bookings of a slot succeed; the others get 409 and the nearest free slots', async () => {
    const { slots: free } = await slots();
    // A slot with a free neighbour half an hour on either side (not a day's first or last slot).
    const at = free.findIndex((_, i) => i > 0 && i + 1 < free.length && Date.parse(free[i + 1]!.start) - Date.parse(free[i - 1]!.start) === 3_600_000);
    const target = free[at]!;
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => book({ ...visitor({ name: `Racer ${i}` }), slotStart: target.start })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const lost of responses.filter((r) => r.statusCode === 409)) {
      const body = lost.json();
      expect(body.error).toBe('This slot is no longer available');
      expect(body.nearest.length).toBeGreaterThan(0);
      expect(body.nearest.length).toBeLessThanOrEqual(3);
      expect(body.nearest.map((s: Slot) => s.start)).not.toContain(target.start);
    }
    // The nearest offered are the free neighbours of the taken slot.
    const nearest = responses.find((r) => r.statusCode === 409)!.json().nearest.map((s: Slot) => s.start);
    expect(nearest).toEqual(expect.arrayContaining([free[at - 1]!.start, free[at + 1]!.start]));
    const rows = await t.db.selectFrom('bookings').select(['name', 'status']).where('slot_start', '=', Date.parse(target.start)).execute();
    expect(rows).toEqual([{ name: responses.find((r) => r.statusCode === 201)!.json().booking.name, status: 'confirmed' }]);
    expect((await slots()).slots.map((s) => s.start)).not.toContain(target.start);
  });

  it('answers 400 with a clear message for a time that is not a slot or a form that is not filled in', async () => {
    const { slots: free } = await slots();
    const start = Date.parse(free[3]!.start);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ slotStart: new Date(start + 15 * 60_000).toISOString() }, /start on the hour or the half hour/],
      [{ slotStart: new Date(Date.now() - 24 * 3_600_000).toISOString() }, /at least 1 hour from now/],
      [{ slotStart: new Date(start + 20 * 24 * 3_600_000).toISOString() }, /up to 14 days ahead/],
      [{ slotStart: 'next tuesday' }, /ISO 8601/],
      [{ slotStart: free[3]!.start, email: 'not-an-email' }, /^Please enter a valid email address$/],
      [{ slotStart: free[3]!.start, name: '  ' }, /^Please enter your name$/],
      [{ slotStart: free[3]!.start, timeZone: 'Mars/Olympus_Mons' }, /IANA time zone/],
      [{ slotStart: free[3]!.start, timeZone: 'x'.repeat(101) }, /IANA time zone/],
      [{ slotStart: free[3]!.start, notes: 'x'.repeat(2001) }, /Notes can be at most 2,000 characters/],
      [{ slotStart: free[3]!.start, notes: 'Agenda:\n\u001b[31mred' }, /^Notes cannot contain control characters other than tabs and line breaks$/],
      [{ slotStart: free[3]!.start, source: 'fax' }, /source must be site, chat or pilot/],
      [{ slotStart: free[3]!.start, pilotRequestId: 'pr_nope' }, /pilotRequestId does not match/],
      [{ slotStart: free[3]!.start, source: 'pilot' }, /^A pilot booking names its pilot request/],
    ];
    for (const [override, message] of cases) {
      const response = await book({ ...visitor(), ...override });
      expect(response.statusCode, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    // Find a weekday 03:00 in Berlin within the horizon: outside hours.
    const night = new Date(start);
    night.setUTCHours(2, 0, 0, 0);
    if (night.getTime() < Date.now() + 3_600_000) night.setUTCDate(night.getUTCDate() + 1);
    const outside = await book({ ...visitor(), slotStart: night.toISOString() });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toMatch(/outside our demo hours \(Mon–Fri 09:00–17:00 Europe\/Berlin\)/);
    for (const payload of [{}, [], 'slot', null, { ...visitor(), slotStart: free[3]!.start, extra: 1 }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/booking', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' }, remoteAddress: ip() });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
    expect(await t.db.selectFrom('bookings').select('id').where('slot_start', '=', start).execute()).toEqual([]);
  });

  it('books in the visitor zone: the .ics has the UTC time, the visitor email both zones and the invite, sales all details', async () => {
    const { slots: free } = await slots();
    const slot = free.find((s) => hhmm(s.start, 'Europe/Berlin') === '09:00')!;
    const person = visitor({ name: 'Grace Hopper' });
    const response = await book({ ...person, slotStart: slot.start });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.booking).toMatchObject({ start: slot.start, end: slot.end, timeZone: 'America/New_York', salesTimeZone: 'Europe/Berlin', name: 'Grace Hopper', email: person.email, company: person.company, interest: person.interest });
    expect(body.icsUrl).toMatch(new RegExp(`^/api/booking/${body.booking.id}/ics\\?token=[A-Za-z0-9_-]{43}$`));
    expect(body.cancelUrl).toMatch(/^http:\/\/bytebound\.test\/booking\/cancel\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(body.cancelUrl).searchParams.get('token')!;
    const stored = await t.db.selectFrom('bookings').selectAll().where('id', '=', body.booking.id).executeTakeFirstOrThrow();
    expect(stored.manage_token_hash).not.toContain(token);

    const utcStamp = slot.start.replace(/[-:]/g, '').replace('.000', '');
    const ics = await t.app.inject({ url: body.icsUrl, remoteAddress: ip() });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.headers['content-disposition']).toMatch(/attachment; filename="bytebound-demo\.ics"/);
    const text = ics.body.replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`DTSTART:${utcStamp}\r\n`);
    expect(text).toContain(`UID:${body.booking.id}@bytebound\r\n`);
    expect(text).toContain('ORGANIZER;CN=Bytebound:mailto:sales@bytebound.test\r\n');
    expect(text).toContain(`ATTENDEE;CN=Grace Hopper;RSVP=TRUE:mailto:${person.email}\r\n`);
    expect((await t.app.inject({ url: `/api/booking/${body.booking.id}/ics?token=wrong`, remoteAddress: ip() })).statusCode).toBe(404);

    const mail = await smtp.waitFor(person.email, /Your Bytebound demo/);
    const invite = partOf(mail.raw, /text\/calendar/);
    expect(invite.contentType).toMatch(/method=REQUEST/i);
    expect(invite.body.replace(/\r\n[ \t]/g, '')).toContain(`DTSTART:${utcStamp}\r\n`);
    const plain = partOf(mail.raw, /text\/plain/).body;
    expect(plain).toContain(`${hhmm(slot.start, 'America/New_York')} (America/New_York)`);
    expect(plain).toContain('09:00 (Europe/Berlin)');
    expect(plain).toContain(body.cancelUrl);

    const sales = await smtp.waitFor('sales@bytebound.test', new RegExp(`A demo was booked[^]*${person.email}`));
    const salesText = partOf(sales.raw, /text\/plain/).body;
    for (const detail of [person.email, 'Grace Hopper', 'GDPR, HIPAA compliance enforcement', 'We run 40 agents; about 2,000 actions a day.', '09:00 (Europe/Berlin)', 'Source: site']) expect(salesText).toContain(detail);
  });

  it('cancels with the emailed link: the slot is free again, the visitor gets a CANCEL update and sales are told', async () => {
    const { slots: free } = await slots();
    const slot = free[8]!;
    const person = visitor({ name: 'Katherine Johnson', timeZone: 'Asia/Kolkata' });
    const booked = (await book({ ...person, slotStart: slot.start })).json();
    const token = new URL(booked.cancelUrl).searchParams.get('token')!;
    const request = await smtp.waitFor(person.email, /Your Bytebound demo/);
    const requestIcs = partOf(request.raw, /text\/calendar/).body.replace(/\r\n[ \t]/g, '');

    const manage = await t.app.inject({ url: `/api/booking/manage?token=${token}`, remoteAddress: ip() });
    expect(manage.statusCode).toBe(200);
    expect(manage.json().booking).toMatchObject({ id: booked.booking.id, status: 'confirmed', start: slot.start });
    expect((await slots()).slots.map((s) => s.start)).not.toContain(slot.start);

    const cancelled = await t.app.inject({ method: 'POST', url: '/api/booking/cancel', payload: { token }, remoteAddress: ip() });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking).toMatchObject({ id: booked.booking.id, status: 'cancelled' });
    expect((await slots()).slots.map((s) => s.start)).toContain(slot.start);
    const again = await t.app.inject({ method: 'POST', url: '/api/booking/cancel', payload: { token }, remoteAddress: ip() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(cancelled.json());

    const update = await smtp.waitFor(person.email, /Cancelled: your Bytebound demo/);
    const cancelIcs = partOf(update.raw, /text\/calendar/);
    expect(cancelIcs.contentType).toMatch(/method=CANCEL/i);
    const ics = cancelIcs.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
    expect(ics).toContain('SEQUENCE:1\r\n');
    expect(requestIcs).toContain('SEQUENCE:0\r\n');
    expect(/UID:(.*)\r\n/.exec(ics)![1]).toBe(`${booked.booking.id}@bytebound`);
    expect(/UID:(.*)\r\n/.exec(requestIcs)![1]).toBe(`${booked.booking.id}@bytebound`);
    await smtp.waitFor('sales@bytebound.test', new RegExp(`A demo was cancelled by the visitor[^]*${person.email}`));
    expect(smtp.messages.filter((m) => m.to.includes(person.email) && /Cancelled: your/.test(m.raw))).toHaveLength(1);

    // The freed slot can be booked again.
    expect((await book({ ...visitor(), slotStart: slot.start })).statusCode).toBe(201);
    const invalid = await t.app.inject({ url: '/api/booking/manage?token=nope', remoteAddress: ip() });
    expect(invalid.statusCode).toBe(404);
    expect(invalid.json()).toEqual({ error: 'This booking link is not valid.' });
    expect((await t.app.inject({ method: 'POST', url: '/api/booking/cancel', payload: { token: 'nope' }, remoteAddress: ip() })).statusCode).toBe(404);
    // A token longer than any made is not valid either, in the same words.
    const tooLong = 'a'.repeat(201);
    expect((await t.app.inject({ url: `/api/booking/manage?token=${tooLong}`, remoteAddress: ip() })).json().error).toBe('This booking link is not valid.');
    expect((await t.app.inject({ method: 'POST', url: '/api/booking/cancel', payload: { token: tooLong }, remoteAddress: ip() })).json().error).toBe('This booking link is not valid.');
  });

  it('offers the same slots and booking to other capabilities through app.booking', async () => {
    const free = await t.app.booking.freeSlots({ days: 7 });
    expect(free.length).toBeGreaterThan(0);
    const result = await t.app.booking.book({ ...visitor(), slotStart: free[2]!.start, source: 'chat' });
    expect(result.booking.status).toBe('confirmed');
    await expect(t.app.booking.book({ ...visitor(), slotStart: free[2]!.start })).rejects.toMatchObject({ message: 'This slot is no longer available', nearest: expect.any(Array) });
    expect((await t.app.booking.freeSlots({ days: 7 })).map((s) => s.start)).not.toContain(free[2]!.start);
    await expect(t.app.booking.book({ ...visitor({ email: 'grace at navy' }), slotStart: free[3]!.start })).rejects.toMatchObject({ statusCode: 400, message: 'Please enter a valid email address' });
    await expect(t.app.booking.book({ ...visitor(), slotStart: new Date(Date.now() + 60_000) })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/at least 1 hour/) });
  });
});
