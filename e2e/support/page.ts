// Page helpers shared by the specs.
import { expect, type Page } from '@playwright/test';

/** Loads a path and waits until the client has hydrated the prerendered page. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  return response;
}
