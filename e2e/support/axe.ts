// Accessibility check with axe-core: WCAG 2.0 A/AA, 2.1 AA and 2.2 AA. Fails with a readable list of
// the violations, each with the elements it found and how to fix them.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page, options: { include?: string; exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const report = violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n    ... and ${violation.nodes.length - 5} more` : '';
      return `  ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n    ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
  expect(violations.length, `axe found ${violations.length} accessibility violation(s) on ${page.url()}:\n${report}`).toBe(0);
}
