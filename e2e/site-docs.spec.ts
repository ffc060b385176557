// The documentation viewer: the fourteen sections, search, selection scrolls to top, deep links,
// code blocks (language, line count, line numbers, highlighting, copy feedback for 2 s), a drawn
// diagram, and the header navigation. axe finds nothing.
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';

const SECTIONS = [
  'overview',
  'quickstart',
  'architecture',
  'scope',
  'aiGovernance',
  'framework168',
  'developmentStandards',
  'api',
  'deployment',
  'compliance',
  'security',
  'support',
  'faq',
  'performance',
];

test('the sidebar lists the fourteen sections and the overview shows first', async ({ page }) => {
  await openPage(page, '/docs');
  const links = page.getByTestId('docs-sections').getByRole('link');
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs.slice(0, 14)).toEqual(SECTIONS.map((id) => `#${id}`));
  await expect(page.locator('article[data-section="overview"]')).toContainText('compliance enforcement layer');
  await expect(page.getByPlaceholder('Search docs...')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('search keeps the sections whose title or content contains the query, in any case', async ({ page }) => {
  await openPage(page, '/docs');
  const list = page.getByTestId('docs-sections').getByRole('link');
  await page.getByPlaceholder('Search docs...').fill('POSTGRESQL');
  await expect(list.filter({ hasText: 'Deployment' })).toHaveCount(1);
  await expect(list.filter({ hasText: 'The 168-pattern framework' })).toHaveCount(0);
  const count = await list.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(14);
  await page.getByPlaceholder('Search docs...').fill('faq');
  await expect(list.filter({ hasText: 'FAQ' })).toHaveCount(1);
  await page.getByPlaceholder('Search docs...').fill('zzqq no such text');
  await expect(list).toHaveCount(0);
  await expect(page.getByText('No section mentions')).toBeVisible();
});

test('selecting a section shows it from the top and updates the address', async ({ page }) => {
  await openPage(page, '/docs');
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.getByTestId('docs-sections').getByRole('link', { name: 'Deployment' }).click();
  await expect(page).toHaveURL(/\/docs#deployment$/);
  await expect(page.locator('article[data-section="deployment"]')).toContainText('DATABASE_URL');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('docs-sections').getByRole('link', { name: 'Deployment' })).toHaveAttribute('aria-current', 'page');
});

test('deep links open their section, including further guides', async ({ page }) => {
  await openPage(page, '/docs#api');
  await expect(page.locator('article[data-section="api"]')).toContainText('POST /api/v1/decide');
  await openPage(page, '/docs#agent-hook');
  await expect(page.locator('article[data-section="agent-hook"]')).toContainText('settings.json');
});

test('code blocks show language, line count and numbers, highlight on demand, and copy with feedback for 2 s', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPage(page, '/docs#quickstart');
  const block = page.getByTestId('code-block').first();
  await expect(block.getByTestId('code-language')).toHaveText('bash');
  await expect(block.getByTestId('code-lines')).toHaveText('3 lines');
  await expect(block.getByTestId('line-numbers')).toHaveText(/^1\s*2\s*3\s*$/);
  await expect(block.locator('code[data-highlighted="true"]')).toBeAttached();
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await block.getByRole('button', { name: 'Copy' }).click();
  await expect(block.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await page.clock.runFor(1_900);
  await expect(block.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await page.clock.runFor(200);
  await expect(block.getByRole('button', { name: 'Copy' })).toBeVisible();
  await page.clock.resume();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('npm start');
  await expectNoAxeViolations(page);
});

test('a fenced mermaid block is drawn by Mermaid, loaded only then, with a text alternative', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await openPage(page, '/docs#architecture');
  const diagram = page.getByTestId('diagram');
  // Drawn by Mermaid: its flowchart SVG, one node per stage of docs/architecture.md, with the labels.
  const svg = diagram.locator('svg[aria-roledescription^="flowchart"]');
  await expect(svg).toBeVisible();
  await expect(svg.locator('g.node')).toHaveCount(11);
  await expect(svg.locator('g.node', { hasText: 'finalizing' })).toHaveCount(1);
  await expect(svg.locator('.edgePath, .flowchart-link')).not.toHaveCount(0);
  // The text alternative: an accessible name and a description of every arrow.
  const drawing = diagram.getByRole('img', { name: 'Flowchart' });
  await expect(drawing).toHaveAccessibleDescription(/^Legal text to validating, validating to parsing, .* Merkle audit log\.$/);
  await diagram.getByText('Diagram source').click();
  await expect(diagram.getByTestId('diagram-source')).toContainText('A[Legal text] --> B[validating]');
  await expectNoAxeViolations(page);
  expect(scripts.some((url) => /mermaid/i.test(url))).toBe(true);

  // The homepage never loads it.
  scripts.length = 0;
  await openPage(page, '/');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /mermaid|flowDiagram|dagre/i.test(url))).toEqual([]);
});

test('the documentation header leads home, to the top, to the security section and to pricing', async ({ page }) => {
  await openPage(page, '/docs#faq');
  const header = page.getByRole('navigation', { name: 'Documentation header' });
  await header.getByRole('button', { name: 'Security' }).click();
  await expect(page.locator('article[data-section="security"]')).toContainText('No personal data in the log');
  await page.evaluate(() => window.scrollTo(0, 300));
  await header.getByRole('button', { name: 'Documentation' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await header.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goBack();
  await header.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('links within the docs open their section or heading, as they do in the repository, and the address names them', async ({ page }) => {
  await openPage(page, '/docs#api');
  const api = page.locator('article[data-section="api"]');
  // A heading of the same file: the section stays, the heading comes into view.
  await api.getByRole('link', { name: '/api/v1/subjects/erase' }).click();
  await expect(page).toHaveURL(/\/docs#api\/post-apiv1subjectserase$/);
  await expect(api.getByRole('heading', { name: 'POST /api/v1/subjects/erase' })).toBeInViewport();
  // Keyboard focus follows the link: the next Tab goes on from the heading.
  await expect(api.getByRole('heading', { name: 'POST /api/v1/subjects/erase' })).toBeFocused();
  // Another file: its section opens at the top.
  await api.getByRole('link', { name: 'Proofs and the audit log' }).first().click();
  await expect(page).toHaveURL(/\/docs#proofs-and-audit$/);
  await expect(page.locator('article[data-section="proofs-and-audit"]')).toContainText('RFC 6962');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Another file and a heading in it; back returns to the previous section.
  await page.locator('article[data-section="proofs-and-audit"]').getByRole('link', { name: 'Data subjects and erasure' }).press('Enter');
  await expect(page).toHaveURL(/\/docs#api\/data-subjects-and-erasure$/);
  await expect(api.getByRole('heading', { name: 'Data subjects and erasure', exact: true })).toBeInViewport();
  await page.goBack();
  await expect(page.locator('article[data-section="proofs-and-audit"]')).toBeVisible();
  // An address naming a heading opens it on arrival.
  await openPage(page, '/docs#api/get-apiv1analyticsmetrics');
  await expect(api.getByRole('heading', { name: 'GET /api/v1/analytics/metrics' })).toBeInViewport();
  await expectNoAxeViolations(page);
});
