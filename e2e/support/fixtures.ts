// The test object every spec uses: Playwright's, plus a guard that fails a test when the page logs
// a console error or throws. A test that expects certain errors lists them in `allowedErrors`.
import { test as base, expect } from '@playwright/test';

type Fixtures = {
  /** Patterns of console errors this test expects (e.g. the 404 of an unknown page). */
  allowedErrors: RegExp[];
  /** The errors seen so far (read it to assert on expected ones). */
  pageErrors: string[];
};

export const test = base.extend<Fixtures>({
  allowedErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, allowedErrors }, use) => {
      const seen: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') seen.push(`console.error: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => seen.push(`uncaught: ${error.stack ?? error.message}`));
      await use(seen);
      const unexpected = seen.filter((line) => !allowedErrors.some((pattern) => pattern.test(line)));
      expect(unexpected, `the page logged errors:\n${unexpected.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
