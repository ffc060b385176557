// Try it: the compiled JavaScript or WebAssembly output decides a request in a sandboxed worker
// (a Blob URL worker, not the page) — ALLOW / exit 0 for a permitted request, DENY / exit 2 with
// the reason and the article for a forbidden one.
import { compileAndWait, formatButton, loadTemplate, openDemo, openTab } from './demo-support.ts';
import { expect, test } from './support/fixtures.ts';

for (const format of ['javascript', 'wasm'] as const) {
  test(`the ${format} output allows a permitted request and denies a forbidden one, in a worker`, async ({ page }) => {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const demo = await openDemo(page);
    await loadTemplate(demo, 'GDPR');
    await formatButton(demo, format).click();
    await compileAndWait(demo);
    await openTab(demo, 'Try it');
    const panel = demo.getByRole('tabpanel', { name: 'Try it' });
    await expect(panel.getByLabel('Jurisdiction')).toHaveValue('EU');

    // Sharing personal data with no lawful basis: GDPR Art. 6 decides.
    await panel.getByLabel('Action').selectOption('share');
    await panel.getByLabel('Target').selectOption('personal');
    await panel.getByRole('button', { name: 'Decide' }).click();
    const decision = panel.getByTestId('demo-decision');
    await expect(decision).toHaveAttribute('data-decision', 'DENY');
    await expect(decision).toContainText('DENY · exit 2');
    await expect(decision).toContainText('Article: GDPR Art. 6');
    await expect(decision).toContainText('lawful basis');

    // With consent as the lawful basis, the same action is allowed.
    await panel.getByLabel('Legal basis').selectOption('consent');
    await panel.getByLabel('Consent given').check();
    await panel.getByRole('button', { name: 'Decide' }).click();
    await expect(decision).toHaveAttribute('data-decision', 'ALLOW');
    await expect(decision).toContainText('ALLOW · exit 0');
    await expect(decision).toContainText(format === 'wasm' ? 'WebAssembly output in a sandboxed worker' : 'JavaScript output in a sandboxed worker');

    expect(workers.length).toBeGreaterThanOrEqual(2);
    for (const url of workers) expect(url).toMatch(/^blob:/);
  });
}

test('after a compile to another format, try-it offers to compile to JavaScript and then decides', async ({ page }) => {
  const demo = await openDemo(page);
  await loadTemplate(demo, 'CCPA');
  await formatButton(demo, 'bb').click();
  await compileAndWait(demo);
  await openTab(demo, 'Try it');
  const panel = demo.getByRole('tabpanel', { name: 'Try it' });
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/demo/compile');
  await panel.getByRole('button', { name: 'Compile this text to JavaScript and try it' }).click();
  expect(((await (await answer).json()) as { format: { id: string } }).format.id).toBe('javascript');
  await expect(formatButton(demo, 'javascript')).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('button', { name: 'Decide' }).click();
  await expect(panel.getByTestId('demo-decision')).toHaveAttribute('data-decision', /ALLOW|DENY/);
});
