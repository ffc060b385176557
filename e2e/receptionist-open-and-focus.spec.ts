// The receptionist opens from each entry point as a real modal dialog: focus moves in, Tab stays
// inside, Escape closes and focus returns to the control that opened it; axe finds nothing.
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { holdRequests } from './support/held-requests.ts';
import { openPage } from './support/page.ts';
import { MODAL_TITLE, dialog, input } from './receptionist-support.ts';

test('the floating toggle opens the dialog, which initialises, takes focus and closes with Escape', async ({ page }) => {
  await openPage(page, '/pricing');
  // The session answer is held until the initialising state has been seen (the real answer follows).
  const release = await holdRequests(page, '**/api/poc-ai-chat/session');
  const toggle = page.getByRole('button', { name: 'Open the AI receptionist' });
  await toggle.click();
  const modal = dialog(page);
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAttribute('aria-modal', 'true');
  await expect(modal.getByText('Initializing compliance validation...')).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  await expect(input(page)).toBeFocused({ timeout: 15_000 });
  await expect(modal.getByLabel('How we handle your data (GDPR Art. 13)')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("the call to action shows its activating state, then opens the modal", async ({ page }) => {
  await openPage(page, '/docs');
  const cta = page.getByRole('button', { name: 'Live AI Receptionist POC' });
  await cta.click();
  await expect(page.getByRole('button', { name: 'Activating...' })).toBeVisible();
  await expect(dialog(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activating...' })).toHaveCount(0);
  await expect(input(page)).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Live AI Receptionist POC' })).toBeFocused();
});

test("the top bar's Contact opens the receptionist and gets focus back", async ({ page }) => {
  await openPage(page, '/pricing');
  const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contact' });
  await contact.click();
  await expect(dialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(input(page)).toBeVisible({ timeout: 15_000 });
  await dialog(page).getByRole('button', { name: 'Close the receptionist' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(contact).toBeFocused();
});

test("the homepage's investor-quest teaser opens the receptionist", async ({ page }) => {
  await openPage(page, '/');
  const teaser = page.locator('#investor-quest').getByRole('button', { name: 'Live AI Receptionist POC' });
  await teaser.scrollIntoViewIfNeeded();
  await teaser.click();
  await expect(page.getByRole('dialog', { name: MODAL_TITLE })).toBeVisible();
  await expect(input(page)).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(teaser).toBeFocused();
});

test('Tab and Shift+Tab stay inside the dialog', async ({ page }) => {
  await openPage(page, '/pricing');
  await page.getByRole('button', { name: 'Open the AI receptionist' }).click();
  await expect(input(page)).toBeFocused({ timeout: 15_000 });
  const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')));
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(await inside()).toBe(true);
  }
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);
  }
});

test('the dialog fades in, and with reduced motion it appears at once', async ({ page }) => {
  const longestTransition = async () => {
    await openPage(page, '/pricing');
    await page.getByRole('button', { name: 'Open the AI receptionist' }).click();
    await expect(dialog(page)).toBeVisible();
    const durations = await dialog(page).evaluate((el) => getComputedStyle(el).transitionDuration);
    return Math.max(...durations.split(',').map((d) => parseFloat(d)));
  };
  expect(await longestTransition()).toBeGreaterThan(0.05);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await longestTransition()).toBeLessThan(0.001);
});

test.describe('when the session cannot be opened', () => {
  test.use({ allowedErrors: [/Failed to load resource|net::ERR_/] });

  test('the modal says the service is unreachable and Try again opens the session', async ({ page }) => {
    await openPage(page, '/pricing');
    await page.route('**/api/poc-ai-chat/session', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Open the AI receptionist' }).click();
    await expect(dialog(page).getByText('Unable to connect to the AI service. Please check your connection.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.unroute('**/api/poc-ai-chat/session');
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await expect(input(page)).toBeVisible({ timeout: 15_000 });
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the dialog fits the screen, the chat comes first and axe finds nothing', async ({ page }) => {
    await openPage(page, '/pricing');
    await page.getByRole('button', { name: 'Open the AI receptionist' }).click();
    await expect(input(page)).toBeVisible({ timeout: 15_000 });
    const box = (await dialog(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await dialog(page).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await dialog(page).getByRole('heading', { name: 'Live compliance stream' }).scrollIntoViewIfNeeded();
    await expect(dialog(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  });
});
