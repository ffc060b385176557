// The try-it sandbox holds hostile policy code: code that reaches for the network or the page, or
// never returns, gets DENY (fail secure) and the page is untouched. The compile answer is replaced
// with such code (page.route), as a compromised or buggy output would arrive.
import type { Page } from '@playwright/test';
import { compileAndWait, formatButton, loadTemplate, openDemo, openTab } from './demo-support.ts';
import { expect, test } from './support/fixtures.ts';

function answerWith(page: Page, output: string) {
  return page.route('**/api/demo/compile', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 'success',
        success: true,
        compilationId: `hostile-${Date.now()}`,
        output,
        stages: [],
        format: { id: 'javascript', name: 'JavaScript', extension: '.js', description: '', performance: '', ecosystem: '' },
        metadata: { compilationTime: 1, performanceTier: 'lightning', wordCount: 1, ruleCount: 0, normCount: 0, segmentCount: 0, outputDigest: 'sha256:0', detected: { jurisdiction: 'EU', regulation: 'GDPR', confidence: 1 } },
        validation: { errors: [], warnings: [], suggestions: [] },
        norms: [],
        note: null,
      }),
    }),
  );
}

const hostile = [
  { name: 'reaches for the network', code: "export function decide() { fetch('/api/health'); return { decision: 'ALLOW', reasons: [] }; }", reason: /evaluation failed: .*fetch/ },
  { name: 'reaches for the page', code: "export function decide() { document.title = 'owned'; return { decision: 'ALLOW', reasons: [] }; }", reason: /evaluation failed: .*document/ },
  { name: 'never returns', code: "export function decide() { for (;;) {} }", reason: /evaluation failed: no decision within 2000 ms/ },
];

for (const { name, code, reason } of hostile) {
  test(`policy code that ${name} is denied in the sandbox`, async ({ page }) => {
    await answerWith(page, code);
    const demo = await openDemo(page);
    const title = await page.title();
    await loadTemplate(demo, 'GDPR');
    await formatButton(demo, 'javascript').click();
    await compileAndWait(demo);
    await openTab(demo, 'Try it');
    await demo.getByRole('button', { name: 'Decide' }).click();
    const decision = demo.getByTestId('demo-decision');
    await expect(decision).toHaveAttribute('data-decision', 'DENY');
    await expect(decision).toContainText('DENY · exit 2');
    await expect(decision).toContainText(reason);
    expect(await page.title()).toBe(title);
  });
}
