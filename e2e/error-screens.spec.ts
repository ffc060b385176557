// What a visitor sees when something goes wrong: the router's error screen for an unknown or
// failing page, and the global error screen for an uncaught error or unhandled rejection, except
// in the demo, where those are logged only (spec section 8).
import { legalText, openDemo } from './demo-support.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';

test.describe('an unknown page', () => {
  // The browser reports the 404 of the document itself as a console error.
  test.use({ allowedErrors: [/status of 404/] });

  test("shows 'Unexpected Application Error!' with 404 Not Found", async ({ page }) => {
    const response = await openPage(page, '/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
    await expect(page.getByText('404 Not Found')).toBeVisible();
    await expect(page).toHaveTitle(/not found/i);
    // The top bar is still there, so the visitor can go on.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an unknown API path answers JSON 404, not the page', async ({ request }) => {
    const response = await request.get('/api/no-such-endpoint');
    expect(response.status()).toBe(404);
    expect(await response.json()).toHaveProperty('error');
  });
});

test.describe('a page whose code cannot load', () => {
  test.use({ allowedErrors: [/ERR_FAILED|Failed to fetch dynamically imported module|docs-[\w-]+\.js/] });

  test('shows the router error screen with the message', async ({ page }) => {
    await page.route(/\/assets\/docs-[\w-]+\.js$/, (route) => route.abort());
    await openPage(page, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
    await expect(page.getByTestId('route-error-detail')).toContainText(/dynamically imported module|Failed to fetch/i);
    await expect(page.locator('pre')).toHaveCount(0);
  });
});

test.describe('a global failure', () => {
  test.use({ allowedErrors: [/e2e: (uncaught|rejected)/] });

  test('an uncaught error replaces the page with the global error screen', async ({ page }) => {
    await openPage(page, '/pricing');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e: uncaught');
      });
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong. Please refresh.');
    await expect(page.getByText('Real-Time AI Compliance API for Enterprise')).toHaveCount(0);
  });

  test('an unhandled rejection replaces the page with the global error screen', async ({ page }) => {
    await openPage(page, '/docs');
    await page.evaluate(() => {
      void Promise.reject(new Error('e2e: rejected'));
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong. Please refresh.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Refresh the page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documentation');
  });

  test('in the demo an uncaught error and an unhandled rejection are logged only; once the demo is left they replace the page', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('bytebound:client-logs', 'on'));
    const demo = await openDemo(page);
    await legalText(demo).fill('The controller shall erase personal data.');
    const logged = page.waitForResponse((response) => response.url().endsWith('/api/logs') && response.request().method() === 'POST');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e: uncaught in the demo');
      });
      void Promise.reject(new Error('e2e: rejected in the demo'));
    });
    // Logged to the server, and the visitor's text is still there to compile.
    expect((await logged).status()).toBe(202);
    await expect(page.getByRole('heading', { name: 'Something went wrong. Please refresh.' })).toHaveCount(0);
    await expect(legalText(demo)).toHaveValue('The controller shall erase personal data.');
    // Elsewhere (the demo unmounted by a move within the site) the same failure is fatal again.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(demo).toHaveCount(0);
    await page.evaluate(() => {
      void Promise.reject(new Error('e2e: rejected after the demo'));
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong. Please refresh.');
  });
});
