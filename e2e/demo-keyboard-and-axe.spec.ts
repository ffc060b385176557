// The demo by keyboard alone, axe on every state of the demo, and the same demo on the homepage's
// #demo section (loaded when the visitor gets there).
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { compileAndWait, compileButton, formatButton, legalText, loadTemplate, openDemo, openTab } from './demo-support.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';

/** Presses Tab until the element has focus (fails after a bounded number of presses). */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target.toString()} with Tab`);
}

test('a visitor can load, compile, read the norms and try the policy with the keyboard alone', async ({ page }) => {
  const demo = await openDemo(page);
  await tabTo(page, demo.getByRole('button', { name: 'GDPR', exact: true }));
  await page.keyboard.press('Enter');
  await expect(legalText(demo)).toHaveValue(/Right to erasure/);

  await tabTo(page, formatButton(demo, 'javascript'));
  await page.keyboard.press('Space');
  await expect(formatButton(demo, 'javascript')).toHaveAttribute('aria-pressed', 'true');

  await expect(compileButton(demo)).toBeEnabled();
  await tabTo(page, compileButton(demo));
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/demo/compile');
  await page.keyboard.press('Enter');
  await answer;
  await expect(demo.getByTestId('demo-stage-track')).toHaveAttribute('data-last-outcome', 'success');

  const tabs = demo.getByRole('tablist', { name: 'Compile results' });
  await tabTo(page, tabs.getByRole('tab', { name: 'Output' }));
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Norms' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Norms' })).toHaveAttribute('aria-selected', 'true');
  await expect(demo.getByTestId('demo-norm').first()).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Try it' })).toHaveAttribute('aria-selected', 'true');

  await tabTo(page, demo.getByRole('button', { name: 'Decide' }));
  await page.keyboard.press('Enter');
  await expect(demo.getByTestId('demo-decision')).toHaveAttribute('data-decision', 'DENY');

  // Ctrl+Enter in the text box compiles too.
  await legalText(demo).focus();
  const again = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/demo/compile');
  await page.keyboard.press('Control+Enter');
  expect((await again).ok()).toBe(true);
});

test('axe finds nothing in any state of the demo', async ({ page }) => {
  test.slow(); // compiles to several formats, each checked, on a machine shared by parallel runs
  const demo = await openDemo(page);
  await expectNoAxeViolations(page);

  await legalText(demo).fill('too short');
  await expect(demo.locator('[data-kind="error"]')).toBeVisible();
  await expectNoAxeViolations(page);

  await loadTemplate(demo, 'HIPAA');
  await demo.getByRole('button', { name: 'Advanced options' }).click();
  await demo.getByLabel('Enforcement level').selectOption('moderate');
  await compileAndWait(demo);
  await demo.getByRole('button', { name: 'Compilation details' }).click();
  await expect(demo.getByTestId('demo-output')).toHaveAttribute('data-highlighted', 'true');
  await expectNoAxeViolations(page);

  await openTab(demo, 'Norms');
  await expectNoAxeViolations(page);

  await formatButton(demo, 'javascript').click();
  await compileAndWait(demo);
  await openTab(demo, 'Try it');
  await demo.getByRole('button', { name: 'Decide' }).click();
  await expect(demo.getByTestId('demo-decision')).toBeVisible();
  await expectNoAxeViolations(page);

  await openTab(demo, 'History');
  await expect(demo.getByTestId('demo-history-entry')).toHaveCount(2);
  await expectNoAxeViolations(page);
});

test.describe('the error state', () => {
  test.use({ allowedErrors: [/status of 500/] });

  test('passes axe', async ({ page }) => {
    await page.route('**/api/demo/compile', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal server error' }) }));
    const demo = await openDemo(page);
    await loadTemplate(demo, 'GDPR');
    await compileAndWait(demo, 'error');
    await expectNoAxeViolations(page);
  });
});

test('the homepage #demo section loads the same compiler when the visitor gets there, and it compiles', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('bytebound:demo-ab-variant', 'A'));
  await openPage(page, '/#demo');
  const section = page.locator('section#demo');
  await section.scrollIntoViewIfNeeded();
  const demo = section.getByTestId('demo-compiler');
  await expect(demo).toBeVisible();
  await expect(page.locator('#transpiler-demo')).toBeAttached();
  await loadTemplate(demo, 'PCI-DSS');
  await formatButton(demo, 'cedar').click();
  await compileAndWait(demo);
  await expect(demo.getByTestId('demo-output')).toContainText('permit');
});
