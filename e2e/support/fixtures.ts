// The test object every spec uses: Playwright's, plus a guard that fails a test when the page logs
// a console error or throws. A test that expects certain errors lists them in `allowedErrors`.
// Each test is a visitor of its own: it reaches the server (run with TRUST_PROXY=1) from an address
// of its own, so per-address rate limits count one test's requests, as they would one person's,
// whichever tests happen to run in the same minute.
import crypto from 'node:crypto';
import { test as base, expect, type TestInfo } from '@playwright/test';

/** A private (10/8) address derived from the test's id: stable for the test, distinct across tests. */
function visitorAddress(testInfo: TestInfo): string {
  const [a, b, c] = crypto.createHash('sha256').update(`${testInfo.testId}:${testInfo.retry}`).digest();
  return `10.${a}.${b}.${Math.max(1, c!)}`;
}

type Fixtures = {
  /** Patterns of console errors this test expects (e.g. the 404 of an unknown page). */
  allowedErrors: RegExp[];
  /** The errors seen so far (read it to assert on expected ones). */
  pageErrors: string[];
};

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none here
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'x-forwarded-for': visitorAddress(testInfo) });
  },
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
