// Getting around with the top bar: the active item follows the page, the bar changes once the page
// scrolls, the skip link comes first, Contact asks the receptionist to open, and no item wraps at
// any width (below 1024 px the menu toggle holds them).
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';

test('the active item follows the current page', async ({ page }) => {
  await openPage(page, '/docs');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Documentation' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Pricing' })).not.toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Documentation' })).not.toHaveAttribute('aria-current', 'page');
});

test('after moving to another page, focus starts on its main content', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documentation');
  await expect(page.locator('main#main-content')).toBeFocused();
});

test('Sign In and Start Free Trial lead to the sign-in and registration pages', async ({ page }) => {
  await openPage(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome Back');
  await page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Your Account');
});

test('the bar changes style once the page is scrolled more than 50 px', async ({ page }) => {
  await openPage(page, '/');
  const bar = page.getByRole('banner');
  await expect(bar).toHaveAttribute('data-scrolled', 'false');
  const before = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);

  await page.evaluate(() => window.scrollTo(0, 50));
  await expect(bar).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 51));
  await expect(bar).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(before);
  // Fixed: it stays at the top of the viewport.
  expect((await bar.boundingBox())?.y).toBe(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toHaveAttribute('data-scrolled', 'false');
});

test('the skip link is the first focusable element and moves focus to the main content', async ({ page }) => {
  await openPage(page, '/pricing');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  // The next Tab continues inside the main content, past the top bar.
  await page.keyboard.press('Tab');
  const focusedInMain = await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false);
  const focusedInFooter = await page.evaluate(() => document.querySelector('footer')?.contains(document.activeElement) ?? false);
  expect(focusedInMain || focusedInFooter).toBe(true);
});

test("Contact dispatches 'bytebound:open-receptionist' and, when the receptionist takes it, stays on the page", async ({ page }) => {
  await openPage(page, '/pricing');
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { receptionistRequests: unknown[] }).receptionistRequests = seen;
    window.addEventListener('bytebound:open-receptionist', (event) => {
      event.preventDefault();
      seen.push((event as CustomEvent).detail);
    });
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contact' }).click();
  const requests = await page.evaluate(() => (window as unknown as { receptionistRequests: unknown[] }).receptionistRequests);
  expect(requests).toEqual([{ source: 'top-bar' }]);
  await expect(page).toHaveURL(/\/pricing$/);
});

test("the footer's Contact link scrolls to the homepage's contact section", async ({ page }) => {
  await openPage(page, '/docs');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Contact' })).toBeInViewport();
});

test('a new page starts at the top', async ({ page }) => {
  await openPage(page, '/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('motion is reduced when the visitor asks for it', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPage(page, '/');
  const motion = await page.getByRole('banner').evaluate((el) => ({
    transition: parseFloat(getComputedStyle(el).transitionDuration),
    scroll: getComputedStyle(document.documentElement).scrollBehavior,
  }));
  expect(motion.transition).toBeLessThan(0.001);
  expect(motion.scroll).toBe('auto');
});

test('focus is visible on keyboard navigation', async ({ page }) => {
  await openPage(page, '/');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

test('from a tablet to a wide screen, every item of the top bar stays on one line; below 1024 px the menu toggle holds them', async ({ page }) => {
  const banner = page.getByRole('banner');
  const toggle = page.getByTestId('mobile-menu-toggle');
  for (const width of [768, 900, 1024, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, '/booking');
    if (width < 1024) {
      await expect(toggle, `${width} px`).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Start Free Trial' }), `${width} px`).toBeHidden();
      continue;
    }
    await expect(toggle, `${width} px`).toBeHidden();
    const items = banner.getByRole('navigation', { name: 'Main' }).locator('a:visible, button:visible');
    await expect(items).toHaveText(['Bytebound', 'Home', 'Documentation', 'Pricing', 'Contact', 'Sign In', 'Start Free Trial'].map((text) => new RegExp(text)));
    const lines = await items.evaluateAll((elements) =>
      elements.map((element) => {
        // The lines its words sit on (its text only: the logo's mark is an image beside them).
        const tops = new Set<number>();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(text);
          for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
        }
        return `${element.textContent}: ${tops.size}`;
      }),
    );
    expect(lines.filter((line) => !line.endsWith(': 1')), `${width} px`).toEqual([]);
  }
});
