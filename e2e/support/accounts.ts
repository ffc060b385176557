// An account as the browser tests need one: registered through the API (the register form has its
// own tests), then signed in through the sign-in page, landing on the account page.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { openPage } from './page.ts';

export type AccountDetails = { email: string; password: string; firstName: string; lastName: string; companyName: string };

export async function registerAccount(page: Page, account: AccountDetails): Promise<void> {
  const registered = await page.request.post('/api/auth/register', { data: { ...account, acceptTerms: true } });
  expect(registered.status()).toBe(201);
}

export async function signInOnPage(page: Page, email: string, password: string): Promise<void> {
  await openPage(page, '/auth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/account$/);
}
