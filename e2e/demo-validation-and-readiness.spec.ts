// Live validation in the browser (spec section 5): every message verbatim, debounced, only errors
// block compiling; the readiness messages, 'Connecting to the engine....' while the server is
// unreachable and 'Compilation already in progress' while a compile runs.
import type { Page } from '@playwright/test';
import { compileButton, legalText, loadTemplate, openDemo } from './demo-support.ts';
import { expect, test } from './support/fixtures.ts';

const TOO_SHORT = 'Legal text must be at least 10 characters long.';
const LARGE = 'Large texts may take longer to process (current limit: 50KB).';
const NO_JURISDICTION = 'Could not detect specific jurisdiction - will use general compliance rules.';
const NO_MODAL = 'No duty or right words found (such as shall, must, may or right): paste the operative text of the provision.';
const NO_STRUCTURE = 'No article, section or paragraph references found: include the headings so each rule can cite its source.';

test('errors, warnings and suggestions appear verbatim, and only errors block compiling', async ({ page }) => {
  const demo = await openDemo(page);
  const checks = demo.getByTestId('demo-validation');
  const readiness = demo.getByTestId('demo-readiness');

  await expect(readiness).toHaveText('Please enter legal text to compile');
  await expect(compileButton(demo)).toBeDisabled();

  await legalText(demo).fill('too short');
  await expect(checks.locator('[data-kind="error"]')).toHaveText(`Error: ${TOO_SHORT}`);
  await expect(readiness).toHaveText('Please fix validation errors before compiling');
  await expect(compileButton(demo)).toBeDisabled();

  // No jurisdiction, no modal word: a warning and a suggestion, and compiling is allowed.
  await legalText(demo).fill('The vendor delivers the goods within thirty days of the order.');
  await expect(checks.locator('[data-kind="warning"]')).toHaveText(`Warning: ${NO_JURISDICTION}`);
  await expect(checks.locator('[data-kind="suggestion"]')).toHaveText(`Suggestion: ${NO_MODAL}`);
  await expect(checks.locator('[data-kind="error"]')).toHaveCount(0);
  await expect(readiness).toHaveText('');
  await expect(compileButton(demo)).toBeEnabled();

  // Over 200 characters without structure words.
  await legalText(demo).fill('The controller shall erase personal data of the data subject without undue delay when asked. '.repeat(3));
  await expect(checks.locator('[data-kind="suggestion"]')).toHaveText(`Suggestion: ${NO_STRUCTURE}`);
  await expect(checks.getByTestId('demo-detected')).toContainText('GDPR');
  await expect(checks.getByTestId('demo-detected')).toContainText('(EU)');

  // Over the 50,000-character soft limit.
  await legalText(demo).fill(`Article 17. ${'The controller shall erase personal data without undue delay. '.repeat(820)}`);
  await expect(checks.locator('[data-kind="warning"]')).toHaveText(`Warning: ${LARGE}`);
  await expect(compileButton(demo)).toBeEnabled();
});

/** Stops the page's timers, so that checks waiting for the 500 ms debounce never come on their own. */
async function stopTimers(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
}

test('Analyze checks the text at once', async ({ page }) => {
  await stopTimers(page);
  const demo = await openDemo(page);
  await legalText(demo).fill('HIPAA: a covered entity must provide access to protected health information.');
  await demo.getByRole('button', { name: 'Analyze' }).click();
  await expect(demo.getByTestId('demo-detected')).toContainText('HIPAA');
  await expect(demo.getByTestId('demo-detected')).toContainText('US-HIPAA');
});

test('the checks never move the format choice or the buttons: a loaded example shows them at once, typed text under the buttons', async ({ page }) => {
  await stopTimers(page);
  const demo = await openDemo(page);
  const rego = demo.getByRole('group', { name: 'Output format' }).getByRole('button', { name: 'rego', exact: true });
  const places = async () => [await rego.boundingBox(), await compileButton(demo).boundingBox()];

  await loadTemplate(demo, 'SOX');
  await expect(demo.getByTestId('demo-detected')).toContainText('SOX');
  const before = await places();
  // The debounce runs out: the same checks again, and nothing moves.
  await page.clock.runFor(1_000);
  await expect(compileButton(demo)).toBeEnabled();
  expect(await places()).toEqual(before);

  await legalText(demo).fill('too short');
  await expect(demo.getByTestId('demo-detected')).toContainText('SOX'); // still the checks of the example
  await page.clock.runFor(1_000);
  await expect(demo.getByTestId('demo-validation').locator('[data-kind="error"]')).toHaveText(`Error: ${TOO_SHORT}`);
  expect(await places()).toEqual(before);
});

test.describe('with the engine unreachable at first', () => {
  // The browser itself reports each refused health check.
  test.use({ allowedErrors: [/ERR_CONNECTION_REFUSED.*\/api\/health/] });

test("'Connecting to the engine....' while the server is unreachable, then ready", async ({ page }) => {
  let down = true;
  await page.route('**/api/health', (route) => (down ? route.abort('connectionrefused') : route.continue()));
  await page.addInitScript(() => localStorage.setItem('bytebound:demo-ab-variant', 'A'));
  await page.goto('/demo');
  const demo = page.getByTestId('demo-compiler');
  await loadTemplate(demo, 'GDPR');
  await expect(demo.getByTestId('demo-readiness')).toHaveText('Connecting to the engine....');
  await expect(compileButton(demo)).toBeDisabled();
  down = false;
  await expect(demo.getByTestId('demo-readiness')).toHaveText('', { timeout: 10_000 });
  await expect(compileButton(demo)).toBeEnabled();
});
});

test("'Compilation already in progress' while a compile runs", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/demo/compile', async (route) => {
    await held;
    await route.continue();
  });
  const demo = await openDemo(page);
  await loadTemplate(demo, 'CCPA');
  await compileButton(demo).click();
  await expect(demo.getByTestId('demo-readiness')).toHaveText('Compilation already in progress');
  await expect(compileButton(demo)).toBeDisabled();
  await expect(demo.getByTestId('demo-stage')).toHaveAttribute('data-stage', 'validating');
  release();
  await expect(demo.getByTestId('demo-stage-track')).toHaveAttribute('data-last-outcome', 'success');
  await expect(demo.getByTestId('demo-readiness')).toHaveText('');
});
