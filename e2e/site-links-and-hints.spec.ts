// Every link on the public pages leads somewhere that answers, and the iPhone orientation hint is
// a dismissible note that never blocks portrait use.
import { devices } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';

test('every link on the homepage, docs, pricing and trust pages answers 200', async ({ page, request }) => {
  const targets = new Set<string>();
  for (const path of ['/', '/docs', '/pricing', '/terms', '/privacy', '/security', '/support']) {
    await openPage(page, path);
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin === new URL(page.url()).origin) targets.add(url.pathname);
    }
  }
  expect(targets.size).toBeGreaterThan(15);
  for (const target of targets) {
    const response = await request.get(target);
    expect(response.status(), target).toBe(200);
  }
});

test.describe('on an iPhone in portrait', () => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['iPhone 13'];
  test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });

  test('a dismissible hint suggests landscape, and the page stays usable in portrait', async ({ page }) => {
    await openPage(page, '/');
    const hint = page.getByTestId('orientation-hint');
    await expect(hint).toBeVisible();
    await expect(hint).toHaveAttribute('role', 'note');
    // Nothing is covered: the hero's call to action still takes a tap.
    await page.getByRole('link', { name: 'Try Legal Compiler' }).click();
    await expect(page).toHaveURL(/#demo$/);
    await expectNoAxeViolations(page, { include: '[data-testid="orientation-hint"]' });
    await hint.getByRole('button', { name: 'Dismiss' }).click();
    await expect(hint).toHaveCount(0);
    await page.reload();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect(page.getByTestId('orientation-hint')).toHaveCount(0);
  });
});
