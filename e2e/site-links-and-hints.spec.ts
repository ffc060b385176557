// Every link on the public pages leads somewhere that answers, the iPhone orientation hint is a
// dismissible note that never blocks portrait use, and the receptionist's floating buttons leave the
// footer readable at any width.
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

test('at the end of a page the receptionist’s floating buttons cover no line of the footer, from a phone to a desktop', async ({ page }) => {
  const launcher = page.getByRole('button', { name: 'Open the AI receptionist' }).locator('..');
  // The text of every line, not the boxes around it (a block spans the page's width).
  const footerTexts = page.locator('footer a, footer p, footer h2, footer > div:last-child');
  for (const width of [360, 390, 640, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/demo', '/pricing']) {
      await openPage(page, path);
      // To the very end, again until it stays there: the page may still grow as its parts load.
      await expect
        .poll(() =>
          page.evaluate(() => {
            window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
            return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
          }),
        )
        .toBe(true);
      const cover = (await launcher.boundingBox())!;
      const covered = await footerTexts.evaluateAll(
        (texts, box) =>
          texts
            .filter((text) => {
              const range = document.createRange();
              range.selectNodeContents(text);
              return Array.from(range.getClientRects()).some((r) => r.width > 0 && r.right > box.x && r.left < box.x + box.width && r.bottom > box.y && r.top < box.y + box.height);
            })
            .map((text) => text.textContent),
        cover,
      );
      expect(covered, `${path} at ${width} px`).toEqual([]);
    }
  }
});
