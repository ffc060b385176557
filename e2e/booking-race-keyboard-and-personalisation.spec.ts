// The slot two visitors want at once goes to one of them; the other is told and offered the nearest
// free slots. Booking works with the keyboard alone. The receptionist's hand-off and the demo's
// recent compilations personalise the page.
import { expectNoAxeViolations } from './support/axe.ts';
import { BOOKING_DAYS, freeSlotsOnDay } from './support/booking.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';
import { uniqueEmail, waitForEmail } from './support/smtp.ts';

test.describe('two visitors, one slot', () => {
  test.use({ allowedErrors: [/status of 409/] });

  test('the second booking of a slot is told it is gone and books a nearest free slot instead', async ({ browser, request }) => {
    test.slow(); // two browsers and an axe check, on a machine shared by parallel runs
    const [slot] = await freeSlotsOnDay(request, BOOKING_DAYS.race);
    const visitors = await Promise.all([browser.newContext({ timezoneId: 'Europe/Berlin' }), browser.newContext({ timezoneId: 'Europe/Berlin' })]);
    const pages = await Promise.all(visitors.map((context) => context.newPage()));
    const emails = [uniqueEmail('race-first'), uniqueEmail('race-second')];
    for (const [index, page] of pages.entries()) {
      await openPage(page, '/booking');
      await page.locator(`input[name="booking-slot"][value="${slot!.start}"]`).check();
      await page.getByLabel('Name').fill(index === 0 ? 'Ada Lovelace' : 'Charles Babbage');
      await page.getByLabel('Work email').fill(emails[index]!);
      await page.getByLabel('Company').fill('Analytical Engines');
      await page.getByLabel('Interest').fill('GDPR');
    }
    await pages[0]!.getByRole('button', { name: 'Book demo' }).click();
    await expect(pages[0]!.getByRole('heading', { name: 'Your demo is booked' })).toBeVisible();

    const second = pages[1]!;
    await second.getByRole('button', { name: 'Book demo' }).click();
    const alert = second.getByRole('alert');
    await expect(alert).toContainText('This slot is no longer available');
    const offers = alert.getByRole('button', { name: /^Book / });
    // Focus is on the first alternative, so the visitor sees the answer and can take it at once.
    await expect(offers.first()).toBeFocused();
    expect(await offers.count()).toBeLessThanOrEqual(3);
    // The taken slot is gone from the list.
    await expect(second.locator(`input[name="booking-slot"][value="${slot!.start}"]`)).toHaveCount(0);
    await expectNoAxeViolations(second);

    await offers.first().click();
    await expect(second.getByRole('heading', { name: 'Your demo is booked' })).toBeFocused();
    await waitForEmail(emails[1]!, /booking\/cancel\?token=/);
    for (const context of visitors) await context.close();
  });
});

test('book a demo with the keyboard alone', async ({ page, request }) => {
  test.slow(); // a long journey with several axe checks, on a machine shared by parallel runs
  const slots = await freeSlotsOnDay(request, BOOKING_DAYS.keyboard);
  expect(slots.length).toBeGreaterThan(1);
  const [suggested, next] = slots;
  await openPage(page, `/booking?from=chat&message=${encodeURIComponent('Happy to show you the HIPAA checks.')}&suggested=${encodeURIComponent(suggested!.start)}`);
  await expect(page.locator(`input[name="booking-slot"][value="${suggested!.start}"]`)).toBeChecked();

  // Tab until the slot group has focus (it lands on the checked time), then move one time on.
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name === 'booking-slot')) break;
  }
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(`input[name="booking-slot"][value="${next!.start}"]`)).toBeChecked();
  await expect(page.locator(`input[name="booking-slot"][value="${next!.start}"]`)).toBeFocused();

  const email = uniqueEmail('keyboard');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Alan Turing');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Bletchley Park');
  await page.keyboard.press('Tab');
  await page.keyboard.type('EU AI Act');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your demo is booked' })).toBeFocused();
  await waitForEmail(email, /booking\/cancel\?token=/);
});

test('the receptionist hand-off and the demo history personalise the booking page', async ({ page, request }) => {
  const [suggested] = await freeSlotsOnDay(request, BOOKING_DAYS.personalisation);
  await page.addInitScript(() => {
    const entry = (id: string, regulation: string | null) => ({
      id,
      timestamp: new Date().toISOString(),
      regulation,
      jurisdiction: null,
      opl: 'rego',
      compilationTime: 12,
      success: true,
      preview: null,
      error: null,
      legalText: 'The controller shall not transfer personal data.',
    });
    localStorage.setItem('bytebound:demo-history', JSON.stringify([entry('1', 'GDPR'), entry('2', 'HIPAA'), entry('3', 'GDPR'), entry('4', null)]));
  });
  const message = 'You compiled GDPR and HIPAA rules: let us show you both enforced live.';
  await openPage(page, `/booking?from=chat&message=${encodeURIComponent(message)}&suggested=${encodeURIComponent(suggested!.start)}`);
  await expect(page.getByRole('complementary', { name: 'From our receptionist' })).toContainText(message);
  await expect(page.locator(`input[name="booking-slot"][value="${suggested!.start}"]`)).toBeChecked();
  await expect(page.getByLabel('Interest')).toHaveValue('GDPR, HIPAA compliance enforcement');
  await expectNoAxeViolations(page);

  // A suggested time that is no longer free is not preselected, and the visitor is told.
  await openPage(page, `/booking?from=chat&message=${encodeURIComponent(message)}&suggested=2020-01-06T08:00:00.000Z`);
  await expect(page.getByText('The suggested time is no longer free; please choose another.')).toBeVisible();
  await expect(page.locator('input[name="booking-slot"]:checked')).toHaveCount(0);
});
