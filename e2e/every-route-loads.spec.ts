// Every page of the site loads from the real server, shows its heading, title and description,
// logs no console error (fixture) and has no accessibility violation.
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';
import { redirectPaths, sitePages } from './support/site-routes.ts';

for (const { path, heading } of sitePages) {
  test(`${path} loads with its heading and passes axe`, async ({ page }) => {
    const response = await openPage(page, path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(/Bytebound/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('every page has its own title', async ({ page }) => {
  const titles = new Map<string, string>();
  for (const { path } of sitePages) {
    await page.goto(path);
    titles.set(path, await page.title());
  }
  expect(new Set(titles.values()).size, JSON.stringify(Object.fromEntries(titles), null, 2)).toBe(sitePages.length);
});

for (const { from, to } of redirectPaths) {
  test(`${from} leads to ${to}`, async ({ page }) => {
    await page.goto(from);
    await expect(page).toHaveURL((url) => `${url.pathname}${url.hash}` === to);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('pages under /account are served by the account page and its client router', async ({ page }) => {
  const response = await openPage(page, '/account/keys');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Account');
});

test('the footer links to every page of the site', async ({ page }) => {
  await openPage(page, '/');
  const footer = page.getByRole('contentinfo');
  const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  // The reset-password page is reached from the emailed link, not browsed to.
  for (const { path } of sitePages.filter((p) => p.path !== '/auth/reset-password')) {
    expect(hrefs, `footer link to ${path}`).toContain(path);
  }
});

test('client navigation updates the heading, title and description', async ({ page }) => {
  await openPage(page, '/');
  const homeTitle = await page.title();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real-Time AI Compliance API for Enterprise');
  await expect(page).not.toHaveTitle(homeTitle);
  await expect(page).toHaveTitle(/Pricing/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /pilot/);
});
