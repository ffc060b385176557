// Booking an enterprise demo from New York: the slots show in the visitor's zone, the .ics holds the
// right UTC start, the email the right local time; the emailed link cancels it and the slot is
// offered again. Validation messages, the zone switcher and axe on every state.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { BOOKING_DAYS, freeSlotsOnDay, type Slot } from './support/booking.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';
import { linkIn, uniqueEmail, waitForEmail } from './support/smtp.ts';

const VISITOR_ZONE = 'America/New_York';
test.use({ timezoneId: VISITOR_ZONE });

const hhmm = (iso: string, zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const icsUtc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const slotRadio = (page: Page, slot: Slot) => page.locator(`input[name="booking-slot"][value="${slot.start}"]`);

test('book a demo in New York time, get the .ics and the email, then cancel through the emailed link', async ({ page, request }) => {
  test.slow(); // a long journey with several axe checks, on a machine shared by parallel runs
  const [slot] = (await freeSlotsOnDay(request, BOOKING_DAYS.newYork)) as [Slot];
  const email = uniqueEmail('booking-ny');

  await openPage(page, '/booking');
  await expect(page.getByLabel('Time zone')).toHaveValue(VISITOR_ZONE);
  await expect(page.getByRole('radio').first()).toBeAttached();
  await expectNoAxeViolations(page);

  // Nothing filled in: every problem is named, tied to its field, and focus goes to the first.
  await page.getByRole('button', { name: 'Book demo' }).click();
  await expect(page.getByRole('alert')).toContainText('Please check these 5 fields');
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Please enter your name');
  await expect(page.getByLabel('Work email')).toHaveAccessibleDescription('Please enter your work email');
  await expect(page.getByLabel('Company')).toHaveAccessibleDescription('Please enter your company');
  await expect(page.getByLabel('Interest')).toHaveAccessibleDescription('Please tell us what you would like to see');
  await expect(page.getByRole('group', { name: /Choose a time/ })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('Work email').fill('not-an-email');
  await page.getByRole('button', { name: 'Book demo' }).click();
  await expect(page.getByLabel('Work email')).toHaveAccessibleDescription('Please enter a valid email address, like name@company.com');

  // The slot is listed at its New York time.
  const radio = slotRadio(page, slot);
  await expect(page.locator('label', { has: radio })).toContainText(hhmm(slot.start, VISITOR_ZONE));
  await radio.check();
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Company').fill('Harvard Mark I');
  await page.getByLabel('Interest').fill('HIPAA for our support agents');
  await page.getByLabel('Notes (optional)').fill('We run on-premise.');
  await page.getByRole('button', { name: 'Book demo' }).click();

  const heading = page.getByRole('heading', { name: 'Your demo is booked' });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('booking-time-visitor')).toContainText(`${hhmm(slot.start, VISITOR_ZONE)}–${hhmm(slot.end, VISITOR_ZONE)}`);
  await expect(page.getByTestId('booking-time-sales')).toContainText(`${hhmm(slot.start, 'Europe/Berlin')}–${hhmm(slot.end, 'Europe/Berlin')}`);
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download calendar invite (.ics)' }).click();
  const ics = fs.readFileSync(await (await download).path(), 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR\r\n');
  expect(ics).toContain('METHOD:REQUEST\r\n');
  expect(ics).toContain(`DTSTART:${icsUtc(slot.start)}\r\n`);
  expect(ics).toContain(`DTEND:${icsUtc(slot.end)}\r\n`);
  expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`mailto:${email}`);

  // The visitor's email names the New York time and carries the cancellation link.
  const mail = await waitForEmail(email, /booking\/cancel\?token=/);
  expect(mail.text).toContain(`${hhmm(slot.start, VISITOR_ZONE)} (${VISITOR_ZONE})`);
  expect(mail.text).toContain(`${hhmm(slot.start, 'Europe/Berlin')} (Europe/Berlin)`);
  expect(mail.text).toMatch(/text\/calendar/);
  const cancel = new URL(linkIn(mail, '/booking/cancel?token='));

  await openPage(page, cancel.pathname + cancel.search);
  await expect(page.getByRole('heading', { name: 'Your enterprise demo' })).toBeVisible();
  await expect(page.getByTestId('managed-booking-time')).toContainText(hhmm(slot.start, VISITOR_ZONE));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel this booking' }).click();
  await expect(page.getByRole('heading', { name: 'Your booking is cancelled' })).toBeFocused();
  await expectNoAxeViolations(page);
  await waitForEmail(email, /Cancelled: your Bytebound demo/);

  // The same link again shows the cancelled booking; the slot is offered again.
  await openPage(page, cancel.pathname + cancel.search);
  await expect(page.getByRole('heading', { name: 'Your booking is cancelled' })).toBeVisible();
  await openPage(page, '/booking');
  await expect(slotRadio(page, slot)).toBeAttached();
});

test('the zone switcher shows the same slots in another zone', async ({ page, request }) => {
  // A slot no spec books: this one only looks.
  const slot = (await freeSlotsOnDay(request, BOOKING_DAYS.lookOnly)).at(-1)!;
  await openPage(page, '/booking');
  const label = page.locator('label', { has: slotRadio(page, slot) });
  await expect(label).toContainText(hhmm(slot.start, VISITOR_ZONE));
  await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await expect(page.getByRole('group', { name: /Choose a time \(Asia\/Tokyo\)/ })).toBeVisible();
  await expect(label).toContainText(hhmm(slot.start, 'Asia/Tokyo'));
  await expectNoAxeViolations(page);
});

test.describe('an unknown token', () => {
  test.use({ allowedErrors: [/status of 404/] });

  test('a cancellation link that is not valid says so', async ({ page }) => {
    await openPage(page, '/booking/cancel?token=not-a-real-token');
    await expect(page.getByRole('alert')).toHaveText('This booking link is not valid.');
    await expect(page.getByRole('link', { name: 'Book another time' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
