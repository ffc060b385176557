// The top bar on a phone: a toggle opens the menu over an overlay, the page stops scrolling, and
// Escape, the overlay or a navigation closes it.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test('the toggle opens the menu with an overlay and locks page scroll; Escape closes it', async ({ page }) => {
  await openPage(page, '/');
  const toggle = page.getByTestId('mobile-menu-toggle');
  const menu = page.locator('#mobile-menu');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');
  await expect(menu).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await expect(page.getByTestId('mobile-menu-overlay')).toBeVisible();
  expect(await bodyOverflow(page)).toBe('hidden');
  await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('mobile-menu-overlay')).toHaveCount(0);
  expect(await bodyOverflow(page)).not.toBe('hidden');
  await expect(toggle).toBeFocused();
});

test('a click on the overlay closes the menu', async ({ page }) => {
  await openPage(page, '/docs');
  await page.getByTestId('mobile-menu-toggle').click();
  const overlay = page.getByTestId('mobile-menu-overlay');
  const box = await overlay.boundingBox();
  if (!box) throw new Error('the overlay has no box');
  // Below the menu panel, where only the overlay is.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 10);
  await expect(page.locator('#mobile-menu')).toBeHidden();
  expect(await bodyOverflow(page)).not.toBe('hidden');
});

test('following a link in the menu navigates and closes it', async ({ page }) => {
  await openPage(page, '/');
  await page.getByTestId('mobile-menu-toggle').click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'Documentation' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documentation');
  await expect(page.locator('#mobile-menu')).toBeHidden();
  expect(await bodyOverflow(page)).not.toBe('hidden');
  await page.getByTestId('mobile-menu-toggle').click();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Documentation' })).toHaveAttribute('aria-current', 'page');
});

test('Contact in the menu closes it and asks the receptionist to open', async ({ page }) => {
  await openPage(page, '/');
  const detail = page.evaluate(
    () =>
      new Promise((resolve) =>
        window.addEventListener(
          'bytebound:open-receptionist',
          (event) => {
            event.preventDefault();
            resolve((event as CustomEvent).detail);
          },
          { once: true },
        ),
      ),
  );
  await page.getByTestId('mobile-menu-toggle').click();
  await page.locator('#mobile-menu').getByRole('button', { name: 'Contact' }).click();
  expect(await detail).toEqual({ source: 'mobile-menu' });
  await expect(page.locator('#mobile-menu')).toBeHidden();
});
