// The pages are prerendered: with JavaScript off every page still shows its heading, title and
// description. And every page obeys the Content-Security-Policy: no inline script at all.
import { expect, test } from './support/fixtures.ts';
import { redirectPaths, sitePages } from './support/site-routes.ts';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of sitePages) {
    test(`${path} shows its heading`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(/Bytebound/);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toBeVisible();
    });
  }

  test('the redirecting paths still lead on', async ({ page }) => {
    await page.goto('/book-demo');
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/enterprise demo/i);
  });

  test.describe('an unknown page', () => {
    // The browser reports the 404 of the document itself as a console error.
    test.use({ allowedErrors: [/status of 404/] });

    test('shows the error screen', async ({ page }) => {
      const response = await page.goto('/nowhere');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
      await expect(page.getByText('404 Not Found')).toBeVisible();
    });
  });
});

test.describe('Content-Security-Policy', () => {
  const everyPath = [...sitePages.map((p) => p.path), ...redirectPaths.map((r) => r.from), '/nowhere'];

  for (const path of everyPath) {
    test(`${path} carries the CSP and no inline script`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      for (const [tag, attributes, body] of scripts) {
        expect(attributes, tag).toMatch(/\bsrc="\/assets\/[^"]+\.js"/);
        expect(body?.trim(), tag).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+="/i);
    });
  }

  test('pages are never cached, hashed assets are cached for a year, and compressed', async ({ request }) => {
    const pageResponse = await request.get('/pricing', { headers: { 'accept-encoding': 'br' } });
    expect(pageResponse.headers()['cache-control']).toBe('no-cache');
    const asset = /<script\b[^>]*src="(\/assets\/[^"]+\.js)"/.exec(await pageResponse.text())?.[1];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset as string, { headers: { 'accept-encoding': 'br' } });
    expect(assetResponse.headers()['cache-control']).toContain('immutable');
    expect(assetResponse.headers()['content-encoding']).toBe('br');
  });
});
