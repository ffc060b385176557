// Forgot password -> the email arrives -> reset -> old sessions revoked -> sign in with the new
// password; a reused link is refused. Then the data rights: export and deletion, signed in or
// through a link sent by email.
import path from 'node:path';
import Database from '@bytebound/server/db/sqlite-library';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';
import { linkIn, uniqueEmail, waitForEmail } from './support/smtp.ts';

const PASSWORD = 'Orbit-Lantern-Quartz-42';
const NEW_PASSWORD = 'Harbor-Violet-Comet-77';
test.use({ allowedErrors: [/status of (400|401|410)/] });

test('reset a forgotten password by email; other sessions end and the link works once', async ({ page, browser, request }) => {
  const email = uniqueEmail('reset');
  expect((await request.post('/api/auth/register', { data: { firstName: 'Alan', lastName: 'Turing', companyName: 'Bletchley', email, password: PASSWORD, acceptTerms: true } })).status()).toBe(201);

  // A second browser, signed in before the reset.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await openPage(otherPage, '/auth/sign-in');
  await otherPage.getByLabel('Email').fill(email);
  await otherPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await otherPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(otherPage.getByTestId('plan-name')).toHaveText('Trial');

  await openPage(page, '/auth/forget-password');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await expect(page.getByText('Email is required')).toBeHidden();
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check Your Email');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('The link will expire in 1 hour for security reasons.')).toBeVisible();
  await expectNoAxeViolations(page);

  const mail = await waitForEmail(email, /Reset your Bytebound password/);
  const link = linkIn(mail, '/auth/reset-password?token=');
  const response = await page.goto(new URL(link).pathname + new URL(link).search);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expectNoAxeViolations(page);
  await page.getByLabel('New Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toContainText('one of the 10,000 most common passwords');
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Your password has been changed and every device has been signed out.')).toBeVisible();
  await waitForEmail(email, /Your Bytebound password was changed/);

  await otherPage.reload();
  await expect(otherPage.getByRole('link', { name: 'sign in', exact: true })).toBeVisible();
  await other.close();

  // The same link again.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await page.getByLabel('New Password', { exact: true }).fill('Another-Passphrase-88');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('Another-Passphrase-88');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired. Please request a new one.');

  await openPage(page, '/auth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('export my data, then delete my account', async ({ page, request }) => {
  const email = uniqueEmail('gdpr');
  expect((await request.post('/api/auth/register', { data: { firstName: 'Hedy', lastName: 'Lamarr', companyName: 'Spread Spectrum', email, password: PASSWORD, acceptTerms: true } })).status()).toBe(201);
  await openPage(page, '/auth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByTestId('plan-name')).toHaveText('Trial');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(file, 'utf8'))) as { records: { account: { profile: { email: string; lastName: string } } } };
  expect(exported.records.account.profile).toMatchObject({ email, lastName: 'Lamarr' });

  await page.getByLabel('Password (to confirm the deletion)').fill('wrong-password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert')).toHaveText('The password is not correct.');
  await page.getByLabel('Password (to confirm the deletion)').fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const signIn = await request.post('/api/auth/signin', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(401);
  const again = await request.post('/api/auth/register', { data: { firstName: 'Hedy', lastName: 'Lamarr', companyName: 'x', email, password: PASSWORD, acceptTerms: true } });
  expect(again.status()).toBe(201);
});

test('data rights by email, without signing in: the link opens a page whose button exports or deletes, once', async ({ page, request }) => {
  const email = uniqueEmail('rights');
  expect((await request.post('/api/auth/register', { data: { firstName: 'Grace', lastName: 'Hopper', companyName: 'Navy', email, password: PASSWORD, acceptTerms: true } })).status()).toBe(201);

  expect((await request.post('/api/gdpr/access', { data: { email } })).status()).toBe(202);
  const exportLink = new URL(linkIn(await waitForEmail(email, /Your Bytebound data export/), '/api/gdpr/requests/'));
  await page.goto(exportLink.pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Download your data');
  await expect(page.getByText(`Download a copy (JSON) of the personal data we hold about ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const exported = JSON.parse(await import('node:fs').then(async (fs) => fs.readFileSync((await (await download).path())!, 'utf8'))) as { subject: string };
  expect(exported.subject).toBe(email);

  expect((await request.post('/api/gdpr/delete', { data: { email } })).status()).toBe(202);
  const deleteLink = new URL(linkIn(await waitForEmail(email, /Confirm the deletion of your data at Bytebound/), '/api/gdpr/requests/'));
  await page.goto(deleteLink.pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete your data');
  await page.getByRole('button', { name: 'Delete my data' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your data has been deleted');
  await expectNoAxeViolations(page);
  expect((await request.post('/api/auth/signin', { data: { email, password: PASSWORD } })).status()).toBe(401);

  // A link works once.
  await page.goto(deleteLink.pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link no longer valid');
  await expect(page.getByText('This link is invalid, expired or already used. Please make a new request.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an expired reset link is refused', async ({ page, request }) => {
  const email = uniqueEmail('expired');
  expect((await request.post('/api/auth/register', { data: { firstName: 'Katherine', lastName: 'Johnson', companyName: 'NASA', email, password: PASSWORD, acceptTerms: true } })).status()).toBe(201);
  expect((await request.post('/api/auth/forgot-password', { data: { email } })).status()).toBe(200);
  const link = new URL(linkIn(await waitForEmail(email, /Reset your Bytebound password/), '/auth/reset-password?token='));
  // An hour passes: the server's own database (SQLite in the e2e data directory) ages the link.
  const db = new Database(path.join(process.env.BYTEBOUND_E2E_DATA_DIR!, 'bytebound.db'));
  db.pragma('busy_timeout = 5000');
  const aged = db.prepare('UPDATE password_resets SET expires_at = ? WHERE account_id = (SELECT id FROM accounts WHERE email = ?)').run(Date.now() - 1, email);
  db.close();
  expect(aged.changes).toBe(1);

  await openPage(page, link.pathname + link.search);
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired. Please request a new one.');
  expect((await request.post('/api/auth/signin', { data: { email, password: PASSWORD } })).status()).toBe(200);
});
