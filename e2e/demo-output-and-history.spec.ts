// The demo's output and memory: downloads with the format's extension whose content the format's
// own toolchain accepts, stage timings as the server measured them, details and norms, a failed
// compile (server answering 500, or a result without output) with its error stage and history
// entry, history and the remembered format across reloads, and the A/B variant's opening state.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import wabtInit from 'wabt';
import { tool } from '../test/tools.ts';
import { compileAndWait, compileButton, formatButton, legalText, loadTemplate, openDemo, openTab } from './demo-support.ts';
import { expect, test } from './support/fixtures.ts';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-demo-download-'));
test.afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** A complete request (docs/policy-semantics.md): every attribute at its default but the ones given. */
const completeRequest = (attributes: Record<string, unknown>) => ({
  action: 'share',
  timing: 'pre-action',
  targets: ['personal'],
  attributes: {
    principalRole: 'agent',
    legalBasis: 'none',
    destination: 'third-party',
    subjectRequest: 'none',
    consent: false,
    explicitConsent: false,
    safeguards: false,
    optedOut: false,
    isChild: false,
    encrypted: false,
    masked: false,
    retentionExpired: false,
    erasureRequested: false,
    elapsed: 0,
    ...attributes,
  },
});

async function downloadOutput(page: Page, demo: Locator, ext: string) {
  const downloading = page.waitForEvent('download');
  await demo.getByRole('button', { name: `Download ${ext}` }).click();
  const download = await downloading;
  const file = path.join(workDir, download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), file };
}

test('downloads carry the format extension and content its toolchain accepts (JavaScript, WebAssembly, Rego)', async ({ page }) => {
  test.slow(); // compiles to several formats, each checked, on a machine shared by parallel runs
  const demo = await openDemo(page);
  await loadTemplate(demo, 'GDPR');

  await formatButton(demo, 'javascript').click();
  await compileAndWait(demo);
  const js = await downloadOutput(page, demo, '.js');
  expect(js.name).toBe('bytebound-gdpr.js');
  // An ES module: Node reads a .js outside any package as CommonJS, so import it as .mjs.
  fs.copyFileSync(js.file, `${js.file.slice(0, -3)}.mjs`);
  const module = (await import(pathToFileURL(`${js.file.slice(0, -3)}.mjs`).href)) as { decide: (r: unknown) => { decision: string; article: string | null } };
  expect(module.decide(completeRequest({ jurisdiction: 'EU' }))).toMatchObject({ decision: 'DENY', article: 'GDPR Art. 6' });
  expect(module.decide(completeRequest({ jurisdiction: 'EU', legalBasis: 'consent', consent: true }))).toMatchObject({ decision: 'ALLOW' });

  await formatButton(demo, 'wasm').click();
  await compileAndWait(demo);
  const wat = await downloadOutput(page, demo, '.wat');
  expect(wat.name).toBe('bytebound-gdpr.wat');
  const wabt = await wabtInit();
  const parsed = wabt.parseWat(wat.name, fs.readFileSync(wat.file, 'utf8'));
  parsed.validate();
  const { instance } = (await WebAssembly.instantiate(parsed.toBinary({}).buffer)) as unknown as { instance: WebAssembly.Instance };
  parsed.destroy();
  expect(typeof instance.exports.decide).toBe('function');

  await formatButton(demo, 'rego').click();
  await compileAndWait(demo);
  const rego = await downloadOutput(page, demo, '.rego');
  expect(rego.name).toBe('bytebound-gdpr.rego');
  execFileSync(tool('opa'), ['check', '--v1-compatible', rego.file], { stdio: 'pipe' });
});

test('every stage shows the duration the server measured, and the details show the tier and format facts', async ({ page }) => {
  // The WebSocket monitor streams the same stages, by compilationId.
  const monitored: { type: string; stage?: string; ms?: number; compilationId?: string }[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/api/demo/monitor')) return;
    socket.on('framereceived', (frame) => monitored.push(JSON.parse(String(frame.payload)) as (typeof monitored)[number]));
  });
  const demo = await openDemo(page);
  await loadTemplate(demo, 'HIPAA');
  await formatButton(demo, 'cedar').click();
  const response = await compileAndWait(demo);
  const body = (await response.json()) as {
    compilationId: string;
    stages: { stage: string; ms: number }[];
    metadata: { performanceTier: string };
    format: { description: string; ecosystem: string };
  };
  expect(body.stages).toHaveLength(6);
  await expect.poll(() => monitored.map((e) => e.type)).toEqual(['stage', 'stage', 'stage', 'stage', 'stage', 'stage', 'complete']);
  expect(monitored.every((e) => e.compilationId === body.compilationId)).toBe(true);
  expect(monitored.filter((e) => e.type === 'stage').map((e) => [e.stage, e.ms])).toEqual(body.stages.map((s) => [s.stage, s.ms]));
  for (const { stage, ms } of body.stages) {
    const shown = ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
    await expect(demo.getByTestId(`demo-stage-${stage}`)).toContainText(shown);
  }
  await expect(demo.getByTestId('demo-simulation-label')).toHaveText('Simulation');
  await expect(demo.getByText('Not legal advice: review the generated policy with counsel before production use.')).toBeVisible();
  await demo.getByRole('button', { name: 'Compilation details' }).click();
  const details = demo.getByTestId('demo-details');
  await expect(details.getByTestId('demo-performance-tier')).toHaveText(body.metadata.performanceTier);
  await expect(details).toContainText(body.format.description);
  await expect(details).toContainText(body.format.ecosystem);
  // Success flashes, then the compiler returns to idle.
  await expect(demo.getByTestId('demo-stage')).toHaveAttribute('data-stage', 'idle');

  await openTab(demo, 'Norms');
  const norms = demo.getByTestId('demo-norm');
  await expect(norms.first()).toBeVisible();
  await expect(norms.first().locator('blockquote')).not.toBeEmpty();
  await expect(demo.getByText('Rules produced').first()).toBeVisible();
});

test.describe('when the server fails', () => {
  test.use({ allowedErrors: [/status of 500/] });

  test('a 500 gives the error stage and a failed history entry with the server error text', async ({ page }) => {
    await page.route('**/api/demo/compile', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal server error' }) }));
    const demo = await openDemo(page);
    await loadTemplate(demo, 'PCI-DSS');
    await compileAndWait(demo, 'error');
    await expect(demo.getByTestId('demo-stage')).toHaveAttribute('data-stage', 'error');
    await expect(demo.getByTestId('demo-current-step')).toContainText('Internal server error');
    await openTab(demo, 'History');
    const entry = demo.getByTestId('demo-history-entry').first();
    await expect(entry).toHaveAttribute('data-success', 'false');
    await expect(entry).toContainText('Failed');
    await expect(entry).toContainText('Internal server error');
  });

  test("a result without output fails with 'Invalid compilation result'", async ({ page }) => {
    await page.route('**/api/demo/compile', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 'success' }) }));
    const demo = await openDemo(page);
    await loadTemplate(demo, 'SOX');
    await compileAndWait(demo, 'error');
    await openTab(demo, 'History');
    await expect(demo.getByTestId('demo-history-entry').first()).toContainText('Invalid compilation result');
  });
});

test.describe('when the text cannot be compiled', () => {
  test.use({ allowedErrors: [/status of 400/] });

  test("the compiler's own error shows the stage that failed", async ({ page }) => {
  const demo = await openDemo(page);
  await legalText(demo).fill(`Article 1. ${'The controller shall erase personal data. '.repeat(26_000)}`);
  await compileAndWait(demo, 'error');
  await expect(demo.getByTestId('demo-stage-validating')).toHaveAttribute('data-state', 'failed');
  await expect(demo.getByTestId('demo-current-step')).toContainText('exceeds the 1 MB limit');
  });
});

test('history and the remembered format survive a reload; a history entry restores its text and format', async ({ page }) => {
  const demo = await openDemo(page);
  await loadTemplate(demo, 'CCPA');
  await formatButton(demo, 'sql').click();
  await compileAndWait(demo);
  await formatButton(demo, 'rust').click();

  await page.reload();
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  const again = page.getByTestId('demo-compiler');
  await expect(formatButton(again, 'rust')).toHaveAttribute('aria-pressed', 'true');
  await expect(legalText(again)).toHaveValue('');
  await openTab(again, 'History');
  const entry = again.getByTestId('demo-history-entry').first();
  await expect(entry).toHaveAttribute('data-success', 'true');
  await expect(entry).toContainText('CCPA');
  await expect(entry).toContainText('US-CA');
  await expect(entry).toContainText('sql');
  await entry.click();
  await expect(legalText(again)).toHaveValue(/1798\.105/);
  await expect(formatButton(again, 'sql')).toHaveAttribute('aria-pressed', 'true');
});

test('variant B opens with the GDPR template, variant A empty; the variant is kept and sent with each compile', async ({ page, browser }) => {
  const b = await openDemo(page, { variant: 'B' });
  await expect(b).toHaveAttribute('data-variant', 'B');
  await expect(legalText(b)).toHaveValue(/Right to erasure/);
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/demo/compile');
  await compileButton(b).click();
  expect((await request).postDataJSON()).toMatchObject({ type: 'compile', payload: { codeType: 'bytebound', jurisdiction: 'EU', metadata: { abTestVariant: 'B', detectedRegulation: 'GDPR' } } });
  await page.reload();
  await expect(page.getByTestId('demo-compiler')).toHaveAttribute('data-variant', 'B');

  const other = await browser.newPage();
  const a = await openDemo(other, { variant: 'A' });
  await expect(a).toHaveAttribute('data-variant', 'A');
  await expect(legalText(a)).toHaveValue('');
  await expect(a.getByRole('button', { name: 'GDPR', exact: true })).toBeVisible();
  await other.close();
});
