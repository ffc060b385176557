// Sign out and in again with 'Remember me', the sign-in form's validation and errors, API keys,
// no account enumeration, and brute force throttled.
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';
import { uniqueEmail } from './support/smtp.ts';
import type { APIRequestContext, Page } from '@playwright/test';

const PASSWORD = 'Orbit-Lantern-Quartz-42';
// Wrong passwords and throttled attempts are answered 401 and 429, which the browser logs.
test.use({ allowedErrors: [/status of (401|429)/] });

async function registerThroughApi(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/register', {
    data: { firstName: 'Grace', lastName: 'Hopper', companyName: 'Navy', email, password: PASSWORD, acceptTerms: true, subscribeNewsletter: false, termsVersion: '2026-01' },
  });
  expect(response.status()).toBe(201);
}

async function fillSignInForm(page: Page, email: string, password: string, remember = false) {
  await openPage(page, '/auth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me for 30 days' }).check();
}

async function signInThroughForm(page: Page, email: string, password: string, remember = false) {
  await fillSignInForm(page, email, password, remember);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('sign out, then sign in with remember-me for 30 days; keys are created once and revoked', async ({ page, request }) => {
  const email = uniqueEmail('remember');
  await registerThroughApi(request, email);
  await openPage(page, '/auth/sign-in');
  await expect(page.getByText('Secured with 256-bit encryption')).toBeVisible();
  await expect(page.getByRole('button', { name: 'GitHub' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Microsoft' })).toHaveAttribute('title', /not available yet/);
  await expect(page.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/auth/register');
  await expectNoAxeViolations(page);

  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  const plain = (await page.context().cookies()).find((c) => c.name === 'bytebound_session')!;
  expect(plain).toMatchObject({ httpOnly: true, sameSite: 'Strict', expires: -1 });

  await page.getByRole('button', { name: 'Sign out of this device' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  await signInThroughForm(page, email, PASSWORD, true);
  await expect(page).toHaveURL(/\/account$/);
  const remembered = (await page.context().cookies()).find((c) => c.name === 'bytebound_session')!;
  const days = (remembered.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);

  await page.getByLabel('Key name').fill('Production agent');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = await page.getByTestId('new-key').textContent();
  expect(key).toMatch(/^bb_live_[0-9a-f]{16}_[0-9a-f]{64}$/);
  await expect(page.getByRole('cell', { name: 'Production agent', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByTestId('new-key')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(key!.slice(-64));
  const decide = () => request.post('/api/v1/decide', { headers: { authorization: `Bearer ${key}` }, data: { arbiters: ['gdpr'], request: { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } } } });
  expect((await decide()).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('usage')).toHaveText('1 / 1,000 API calls');
  await expect(page.getByRole('link', { name: 'Proof bundle' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Revoke Production agent' }).click();
  await expect(page.getByRole('cell', { name: 'Revoked' })).toBeVisible();
  expect((await decide()).status()).toBe(401);
});

test('the sign-in form validates as the spec says and shows the server error', async ({ page, request }) => {
  const email = uniqueEmail('errors');
  await registerThroughApi(request, email);
  await openPage(page, '/auth/sign-in');
  const submit = page.getByRole('button', { name: 'Sign In' });
  const emailField = page.getByLabel('Email');
  const passwordField = page.getByLabel('Password', { exact: true });
  const signIns: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/signin')) signIns.push(request.method());
  });
  await expect(submit).toBeDisabled();
  // Blocked, but not silent: an attempt says what is missing, under each field, and goes to the first.
  // (Playwright waits for an aria-disabled button to be enabled before clicking; a visitor does not.)
  await submit.click({ force: true });
  await expect(emailField).toHaveAccessibleDescription('Email is required');
  await expect(passwordField).toHaveAccessibleDescription('Password is required');
  await expect(emailField).toBeFocused();
  await emailField.fill('not-an-email');
  await expect(page.getByText('Email is required')).toBeHidden();
  await expect(page.getByText('Password is required')).toBeVisible();
  await passwordField.fill('whatever');
  await passwordField.blur();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(submit).toBeDisabled();
  await passwordField.press('Enter');
  await expect(emailField).toHaveAccessibleDescription('Please enter a valid email');
  await expect(emailField).toBeFocused();
  await emailField.fill(email);
  await expect(page.getByText(/Please enter a valid email/)).toBeHidden();
  expect(signIns).toEqual([]);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expectNoAxeViolations(page);
});

test('sign-in and forgot-password answer alike for existing and unknown emails', async ({ request }) => {
  const email = uniqueEmail('enumeration');
  await registerThroughApi(request, email);
  const wrong = await request.post('/api/auth/signin', { data: { email, password: 'Not-The-Password-1' } });
  const unknown = await request.post('/api/auth/signin', { data: { email: uniqueEmail('nobody'), password: 'Not-The-Password-1' } });
  expect([wrong.status(), await wrong.text()]).toEqual([unknown.status(), await unknown.text()]);
  const known = await request.post('/api/auth/forgot-password', { data: { email } });
  const other = await request.post('/api/auth/forgot-password', { data: { email: uniqueEmail('nobody') } });
  expect([known.status(), await known.text()]).toEqual([other.status(), await other.text()]);
});

test('repeated wrong passwords are throttled, even the right one then waits', async ({ page, request }) => {
  const email = uniqueEmail('brute');
  await registerThroughApi(request, email);
  // The form is filled first: the wait after the fifth failure is 2 s, which loading the page can
  // take on a busy machine.
  await fillSignInForm(page, email, PASSWORD);
  for (let i = 0; i < 5; i++) {
    const response = await request.post('/api/auth/signin', { data: { email, password: `Guess-${i}-Wrong` } });
    expect(response.status()).toBe(401);
  }
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Too many sign-in attempts\. Please wait \d+ seconds and try again\.$/);
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});
