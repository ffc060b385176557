// The free enterprise pilot request (stored, emailed, then the kick-off call booked), the homepage
// contact form (stored, emailed to sales and confirmed to the visitor) and the newsletter's double
// opt-in with its confirm and unsubscribe links. Validation messages and axe on every state.
import { expectNoAxeViolations } from './support/axe.ts';
import { BOOKING_DAYS, freeSlotsOnDay } from './support/booking.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';
import { linkIn, uniqueEmail, waitForEmail } from './support/smtp.ts';

const SALES_EMAIL = 'sales@bytebound.dev';

test('request a free enterprise pilot, then book its kick-off call', async ({ page, request }) => {
  test.slow(); // a long journey with several axe checks, on a machine shared by parallel runs
  const { start } = (await freeSlotsOnDay(request, BOOKING_DAYS.pilot))[0]!;
  const email = uniqueEmail('pilot');
  const company = `Pilot Co ${Date.now()}`;

  await openPage(page, '/trial');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Request my pilot' }).click();
  await expect(page.getByRole('alert')).toContainText('Please check the 5 highlighted fields.');
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.getByLabel('Use case')).toHaveAccessibleDescription(/Please describe what your AI agents do/);
  await expect(page.getByRole('group', { name: 'Regulations of interest' })).toHaveAccessibleDescription('Please choose at least one regulation');
  await expectNoAxeViolations(page);

  await page.getByLabel('Name').fill('Katherine Johnson');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Company').fill(company);
  await page.getByLabel('Use case').fill('Our claims agent must never share health data outside the care team.');
  await page.getByLabel('HIPAA').check();
  await page.getByLabel('EU AI Act').check();
  await page.getByRole('button', { name: 'Request my pilot' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Your pilot request is in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /kick-off call/ })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await waitForEmail(SALES_EMAIL, new RegExp(company));
  const requestMail = await waitForEmail(email, /trial\?pilotRequestId=/);

  await page.locator(`input[name="booking-slot"][value="${start}"]`).check();
  await page.getByRole('button', { name: 'Book kick-off call' }).click();
  await expect(page.getByRole('heading', { name: 'Your kick-off call is booked' })).toBeFocused();
  await expect(page.getByText('HIPAA, EU AI Act')).toBeVisible();
  await expectNoAxeViolations(page);
  await waitForEmail(email, /booking\/cancel\?token=/);

  // The request email's link leads back to the kick-off step (for a visitor who closed the page).
  const kickoff = new URL(linkIn(requestMail, '/trial?pilotRequestId='));
  await openPage(page, kickoff.pathname + kickoff.search);
  await expect(page.getByRole('heading', { name: /kick-off call/ })).toBeVisible();
  await expect(page.getByLabel('Interest')).toHaveValue('Enterprise pilot kick-off');
  await expect(page.getByRole('radio').first()).toBeAttached();
  await expect(page.getByRole('button', { name: 'Book kick-off call' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('write to sales from the homepage contact section', async ({ page }) => {
  const email = uniqueEmail('contact');
  const company = `Contact Co ${Date.now()}`;
  await openPage(page, '/#contact');
  const form = page.getByRole('form', { name: 'Contact sales' });
  await form.scrollIntoViewIfNeeded();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('alert')).toContainText('Please check the 4 highlighted fields.');
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('Work email')).toHaveAccessibleDescription('Please enter your work email');
  await expectNoAxeViolations(page, { include: '#contact' });

  // A mistyped address is pointed out when the visitor leaves the field.
  await form.getByLabel('Work email').fill('hedy@');
  await form.getByLabel('Work email').press('Tab');
  await expect(form.getByLabel('Work email')).toHaveAccessibleDescription('Please enter a valid email address, like name@company.com');
  await form.getByLabel('Name').fill('Hedy Lamarr');
  await form.getByLabel('Work email').fill(email);
  await form.getByLabel('Company').fill(company);
  await form.getByLabel('Interest').fill('PCI DSS for our payment agents');
  await form.getByLabel('Message (optional)').fill('Do you support on-premise deployments?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you. We will reply within one business day.');
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expectNoAxeViolations(page, { include: '#contact' });

  const toSales = await waitForEmail(SALES_EMAIL, new RegExp(company));
  expect(toSales.text).toContain('Do you support on-premise deployments?');
  await waitForEmail(email, /one business day|Thank you/i);
});

test('subscribe to the newsletter, confirm by email, then unsubscribe by the emailed link', async ({ page }) => {
  test.slow(); // a long journey with several axe checks, on a machine shared by parallel runs
  const email = uniqueEmail('newsletter');
  await openPage(page, '/#contact');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Email for the newsletter').fill('nobody@');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByLabel('Email for the newsletter')).toHaveAccessibleDescription('Please enter a valid email address, like name@company.com');
  await form.getByLabel('Email for the newsletter').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');
  await expectNoAxeViolations(page, { include: '#contact' });

  const confirmation = await waitForEmail(email, /newsletter\/confirm\?token=/);
  const confirm = new URL(linkIn(confirmation, '/newsletter/confirm?token='));
  await openPage(page, confirm.pathname + confirm.search);
  await expect(page.getByTestId('newsletter-result')).toHaveText('Your subscription is confirmed.');
  await expectNoAxeViolations(page);

  const withUnsubscribe = await waitForEmail(email, /newsletter\/unsubscribe\?token=/);
  expect(withUnsubscribe.text).toMatch(/^List-Unsubscribe:\s*<https?:\/\/[^>]*\/newsletter\/unsubscribe\?token=/im);
  const unsubscribe = new URL(linkIn(withUnsubscribe, '/newsletter/unsubscribe?token='));
  await openPage(page, unsubscribe.pathname + unsubscribe.search);
  await expect(page.getByTestId('newsletter-result')).toHaveText('You are unsubscribed.');
  await expectNoAxeViolations(page);
});

test.describe('a newsletter link that is not valid', () => {
  test.use({ allowedErrors: [/status of 404/] });

  test('says so', async ({ page }) => {
    await openPage(page, '/newsletter/confirm?token=not-a-real-token');
    await expect(page.getByTestId('newsletter-result')).toHaveText(/not valid|unknown|expired/i);
    await expectNoAxeViolations(page);
  });
});
