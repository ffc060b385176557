// Pricing (tiers, selection, calls to action, comparison, FAQ, pilot buttons), the trust pages,
// the linked routes without a screen of their own, and what search engines see. axe finds nothing.
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';

const TIERS = [
  ['starter', 'Starter', '$1,000', /\/auth\/register$/],
  ['professional', 'Professional', '$5,000', /\/#contact$/],
  ['enterprise', 'Enterprise', '$10,000', /\/booking$/],
  ['premium-enterprise', 'Premium Enterprise', '$50,000', /\/booking$/],
  ['elite-enterprise', 'Elite Enterprise', '$100,000', /\/booking$/],
  ['scale-enterprise', 'Scale Enterprise', '$250,000', /\/booking$/],
  ['custom', 'Custom', 'Custom', /\/booking$/],
] as const;

test('pricing shows the seven tiers with the featured one marked, and axe finds nothing', async ({ page }) => {
  await openPage(page, '/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real-Time AI Compliance API for Enterprise');
  for (const [id, name, price] of TIERS) {
    const card = page.getByTestId(`tier-${id}`);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(name);
    await expect(card).toContainText(price);
  }
  await expect(page.getByTestId('tier-professional')).toHaveAttribute('data-featured', 'true');
  await expect(page.getByTestId('tier-professional')).toContainText('MOST POPULAR');
  await expect(page.getByTestId('tier-custom')).toContainText('CUSTOM');
  await expectNoAxeViolations(page);
});

test('a click on a card selects it, one at a time', async ({ page }) => {
  await openPage(page, '/pricing');
  await page.getByTestId('tier-enterprise').getByText('Unlimited decisions').click();
  await expect(page.getByTestId('tier-enterprise')).toHaveAttribute('data-selected', 'true');
  await page.getByTestId('tier-starter').getByRole('button', { name: 'Starter', exact: true }).click();
  await expect(page.getByTestId('tier-starter')).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('tier-enterprise')).toHaveAttribute('data-selected', 'false');
});

for (const [id, name, , target] of TIERS) {
  test(`the ${name} call to action leads where its link says`, async ({ page }) => {
    await openPage(page, '/pricing');
    await page.getByTestId(`tier-${id}`).getByRole('button', { name: new RegExp(`: ${name}$`) }).click();
    await expect(page).toHaveURL(target);
  });
}

test('the comparison shows and hides; at most one FAQ answer is open', async ({ page }) => {
  await openPage(page, '/pricing');
  const toggle = page.getByRole('button', { name: 'Show comparison' });
  await expect(page.getByRole('region', { name: 'Tier comparison' })).toHaveCount(0);
  await toggle.click();
  const table = page.getByRole('region', { name: 'Tier comparison' });
  await expect(table).toContainText('Custom arbiters');
  await expect(page.getByRole('button', { name: 'Hide comparison' })).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Hide comparison' }).click();
  await expect(table).toHaveCount(0);

  const first = page.getByRole('button', { name: 'What counts as a decision?' });
  const second = page.getByRole('button', { name: 'What is a custom arbiter?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('One call of the decision API')).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('One call of the decision API')).toHaveCount(0);
  await second.click();
  await expect(page.locator('[aria-expanded="true"]')).toHaveCount(0);
});

test('the bottom buttons lead to the pilot and to enterprise sales, with the one-month pilot note', async ({ page }) => {
  await openPage(page, '/pricing');
  await expect(page.getByText('1-month free pilot')).toBeVisible();
  await page.getByRole('link', { name: 'Start Free Enterprise Pilot' }).click();
  await expect(page).toHaveURL(/\/trial$/);
  await openPage(page, '/pricing');
  await page.getByRole('link', { name: 'Contact Enterprise Sales' }).click();
  await expect(page).toHaveURL(/\/booking$/);
});

for (const [path, heading, text] of [
  ['/terms', 'Terms of Service', 'Not legal advice'],
  ['/privacy', 'Privacy Policy', 'keyed commitment'],
  ['/security', 'Security', 'Ed25519'],
  ['/support', 'Support', '< 1 hour'],
] as const) {
  test(`${path} explains how the product handles it, and axe finds nothing`, async ({ page }) => {
    await openPage(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('main')).toContainText(text);
    await expectNoAxeViolations(page);
  });
}

for (const [from, to] of [
  ['/signup', /\/auth\/register$/],
  ['/contact', /\/#contact$/],
  ['/enterprise', /\/booking$/],
  ['/enterprise-contact', /\/booking$/],
] as const) {
  test(`${from} leads somewhere useful`, async ({ page }) => {
    await openPage(page, from);
    await expect(page).toHaveURL(to);
  });
}

test('every page has Open Graph tags; sign-in is noindex; sitemap and robots.txt are served', async ({ page, request }) => {
  for (const path of ['/', '/docs', '/pricing']) {
    await openPage(page, path);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Bytebound/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.{40,}/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  }
  await openPage(page, '/auth/sign-in');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ['/docs', '/pricing', '/privacy']) expect(xml).toContain(`${path}</loc>`);
  expect(xml).not.toContain('/auth/');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
});
