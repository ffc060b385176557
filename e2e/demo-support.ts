// Helpers of the demo compiler's browser tests: open the demo with a chosen A/B variant, load a
// template, choose a format, compile and wait for the outcome.
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { openPage } from './support/page.ts';

export const FORMAT_BUTTONS = [
  { id: 'rego', label: 'rego', ext: '.rego', marker: /^package /m },
  { id: 'cedar', label: 'cedar', ext: '.cedar', marker: /^(permit|forbid)\s*\(/m },
  { id: 'rust', label: 'rust', ext: '.rs', marker: /pub fn decide\(/ },
  { id: 'javascript', label: 'javascript', ext: '.js', marker: /export function decide\(/ },
  { id: 'bytebound', label: 'bb', ext: '.bb', marker: /^bytebound/ },
  { id: 'sql', label: 'sql', ext: '.sql', marker: /CREATE TABLE/i },
  { id: 'wasm', label: 'wasm', ext: '.wat', marker: /^\(module/m },
] as const;

/** The examples with a button of their own (spec section 2), then those under "More examples". */
export const TEMPLATE_BUTTONS = ['GDPR', 'CCPA', 'HIPAA', 'PCI-DSS'] as const;
export const MORE_EXAMPLES = ['EU AI Act', 'SOX'] as const;

/** Opens /demo (or another page with the demo) as a visitor of the given variant. */
export async function openDemo(page: Page, { variant = 'A', path = '/demo' }: { variant?: 'A' | 'B'; path?: string } = {}) {
  await page.addInitScript((v) => {
    if (!localStorage.getItem('bytebound:demo-ab-variant')) localStorage.setItem('bytebound:demo-ab-variant', v);
  }, variant);
  await openPage(page, path);
  const demo = page.getByTestId('demo-compiler');
  await expect(demo).toBeVisible();
  await expect(demo.getByTestId('demo-readiness')).not.toHaveText('Connecting to the engine....');
  return demo;
}

export const legalText = (demo: Locator) => demo.getByRole('textbox', { name: 'Legal text' });
export const compileButton = (demo: Locator) => demo.getByRole('button', { name: 'Compile', exact: true });
export const formatButton = (demo: Locator, label: string) => demo.getByRole('group', { name: 'Output format' }).getByRole('button', { name: label, exact: true });

export async function loadTemplate(demo: Locator, label: string) {
  const examples = demo.getByRole('group', { name: 'Load an example' });
  if ((MORE_EXAMPLES as readonly string[]).includes(label)) await examples.getByRole('combobox', { name: 'More examples' }).selectOption({ label });
  else await examples.getByRole('button', { name: label, exact: true }).click();
  await expect(legalText(demo)).not.toHaveValue('');
}

/**
 * Clicks Compile and waits for the server's answer and for that run to end as expected. The run
 * counter, not the stage, is the witness: the stage shows complete only for its 2 s flash.
 */
export async function compileAndWait(demo: Locator, expected: 'complete' | 'error' = 'complete'): Promise<Response> {
  await expect(compileButton(demo)).toBeEnabled();
  const track = demo.getByTestId('demo-stage-track');
  const runs = Number(await track.getAttribute('data-runs'));
  const answer = demo.page().waitForResponse((r) => new URL(r.url()).pathname === '/api/demo/compile');
  await compileButton(demo).click();
  const response = await answer;
  await expect(track).toHaveAttribute('data-runs', String(runs + 1));
  await expect(track).toHaveAttribute('data-last-outcome', expected === 'complete' ? 'success' : 'failure');
  return response;
}

export async function openTab(demo: Locator, name: string) {
  await demo.getByRole('tablist', { name: 'Compile results' }).getByRole('tab', { name: new RegExp(`^${name}`) }).click();
}
