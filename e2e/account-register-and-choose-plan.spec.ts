// Register -> account (14-day trial) -> choose a plan -> test checkout -> plan active, with axe on
// every screen, and the register form's validation as a visitor meets it.
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';
import { uniqueEmail, waitForEmail } from './support/smtp.ts';

export const PASSWORD = 'Orbit-Lantern-Quartz-42';
// The refused webhook URL is answered 400, which the browser logs.
test.use({ allowedErrors: [/status of 400/] });

test('register, see the trial, choose Growth annually, confirm the test checkout and see the plan active', async ({ page }) => {
  test.slow(); // a long journey with several axe checks, on a machine shared by parallel runs
  const email = uniqueEmail('register');
  await openPage(page, '/auth/register');
  await expect(page.getByText('Start your 14-day free trial. No credit card required.')).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Account' });
  await expect(create).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Company Name').fill('Analytical Engines');
  await page.getByLabel('Work Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.getByText('Password strength: Very Weak')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('Password strength: Strong')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill('Different-Password-1');
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('Passwords do not match')).toBeHidden();
  await page.getByRole('checkbox', { name: 'Send me product updates and security alerts' }).check();
  await create.click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('plan-name')).toHaveText('Trial');
  await expect(page.getByTestId('plan-status')).toHaveText('Trial: 14 days left');
  await expect(page.getByTestId('usage')).toHaveText('0 / 1,000 API calls');
  await expect(page.getByTestId('plan-retention')).toHaveText('Proofs kept for 90 days');
  expect(await page.evaluate(() => [localStorage.getItem('authToken')?.length ?? 0, localStorage.getItem('customerId')])).toEqual([43, expect.stringMatching(/^cus_/)]);
  await expectNoAxeViolations(page);
  // The registration replaced the register page in the history.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/auth\/register/);
  await page.goForward();
  await waitForEmail(email, /Welcome to Bytebound/);

  await openPage(page, '/auth/payment');
  await expect(page.getByRole('button', { name: /Selected: Growth/ })).toBeVisible();
  await expect(page.getByText('Most Popular')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Save 17%')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', 'mailto:sales@bytebound.dev?subject=Enterprise%20Plan%20Inquiry');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /Annual/ }).click();
  await expect(page.getByText('$9,990/year')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page).toHaveURL(/\/billing\/test-checkout\//);
  await expect(page.getByText('Test mode — no card is charged')).toBeVisible();
  await expect(page.getByText('$9,990 per year')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm test subscription' }).click();

  await expect(page).toHaveURL(/\/account\?checkout=success$/);
  await expect(page.getByText('Thank you — your Growth plan is active.')).toBeVisible();
  await expect(page.getByTestId('plan-name')).toHaveText('Growth (annual)');
  await expect(page.getByTestId('usage')).toHaveText('0 / 100,000 API calls');
  await expect(page.getByTestId('plan-retention')).toHaveText('Proofs kept for 1 year');
  await expect(page.getByTestId('arbiter-count')).toContainText('0 of 3 custom arbiters used, up to 100 rules each.');
  await page.getByLabel('Webhook URL').fill('http://example.com/hook');
  await page.getByRole('button', { name: 'Save webhook' }).click();
  await expect(page.getByRole('alert')).toHaveText('The webhook URL must use https');
  await page.getByLabel('Webhook URL').fill('https://hooks.example.com/bytebound');
  await page.getByRole('button', { name: 'Save webhook' }).click();
  await expect(page.getByText(/Signing secret \(shown once\): whsec_[0-9a-f]{64}/)).toBeVisible();
  await expect(page.getByText('Blocked decisions go to')).toContainText('https://hooks.example.com/bytebound');
  await expectNoAxeViolations(page);
});

test('choosing a plan without being signed in asks for sign-in first', async ({ page }) => {
  await openPage(page, '/auth/payment');
  await page.getByRole('button', { name: 'Select Plan: Starter' }).click();
  await expect(page.getByRole('button', { name: /Selected: Starter/ })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?next=%2Fauth%2Fpayment$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
});

test.describe('when the checkout cannot start', () => {
  // The browser logs the failed calls this test makes.
  test.use({ allowedErrors: [/(?:status of 500|ERR_CONNECTION_REFUSED) .*\/api\/auth\/subscribe/] });

  test('a checkout the server cannot start says so, and a server out of reach says that instead', async ({ page }) => {
    await openPage(page, '/auth/payment');
    // Signed in as far as the page knows; the subscribe call is answered here.
    await page.evaluate(() => localStorage.setItem('authToken', 'token-for-this-test'));
    await page.route('**/api/auth/subscribe', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('The checkout could not be started. Please try again.')).toBeVisible();
    await page.unroute('**/api/auth/subscribe');
    await page.route('**/api/auth/subscribe', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Unable to connect to the server. Please try again.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('script and SQL in every field are stored and shown as text', async ({ page }) => {
  const email = uniqueEmail('inject');
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await openPage(page, '/auth/register');
  await page.getByLabel('First Name').fill('<img src=x onerror=alert(1)>');
  await page.getByLabel('Last Name').fill("'; DROP TABLE accounts; --");
  await page.getByLabel('Company Name').fill('<script>alert(2)</script>');
  await page.getByLabel('Work Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("<img src=x onerror=alert(1)> '; DROP TABLE accounts; --")).toBeVisible();
  await expect(page.getByText('<script>alert(2)</script>')).toBeVisible();
  await page.getByLabel('Key name').fill('<b>bold</b>');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByRole('cell', { name: '<b>bold</b>', exact: true })).toBeVisible();
  expect(dialogs).toBe(0);
});
