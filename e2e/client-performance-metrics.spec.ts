// With client logging on, the page's performance reaches POST /api/logs: a warning when it became
// interactive more than 1,000 ms after navigation started, and every 60 s what Chromium measured.
// With logging off (the default), nothing is sent.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { openPage } from './support/page.ts';

type Sent = { level: number; message: string };

/** Every log entry the page sends, as it sends them. */
function logsSentBy(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/logs')) sent.push(...(request.postDataJSON() as { logs: Sent[] }).logs);
  });
  return sent;
}

const switchLogsOn = (page: Page) => page.addInitScript(() => localStorage.setItem('bytebound:client-logs', 'on'));

/** Playwright's clock for the page's timers, with the browser's own performance timeline kept (the clock would replace it with an empty one). */
async function installClock(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const real = performance;
    Object.defineProperty(window, 'performance', { get: () => real, set: () => undefined, configurable: false });
  });
  await page.clock.install();
}

test('a page that becomes interactive after the 1,000 ms target logs a warning, and only that', async ({ page }) => {
  await switchLogsOn(page);
  const sent = logsSentBy(page);
  // The site's scripts arrive 1.5 s late, so hydration ends after the target.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await openPage(page, '/pricing');
  await expect.poll(() => sent, { timeout: 15_000 }).toContainEqual(expect.objectContaining({ level: 4, message: expect.stringMatching(/^The page became interactive after \d+ ms, over the 1000 ms target$/) }));
  expect(sent).toHaveLength(1);
  const interactiveMs = Number(/after (\d+) ms/.exec(sent[0]!.message)![1]);
  expect(interactiveMs).toBeGreaterThan(1_500);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a page that becomes interactive within the target logs no warning', async ({ page }) => {
  await switchLogsOn(page);
  await installClock(page);
  const sent = logsSentBy(page);
  await openPage(page, '/pricing');
  const interactiveMs = await page.evaluate(() => performance.getEntriesByName('bytebound:interactive')[0]?.startTime ?? null);
  expect(interactiveMs).toBeGreaterThan(0);
  await page.clock.runFor(10_000);
  // A loaded machine can take longer than the target to open the page: then the warning is right.
  const warning = `The page became interactive after ${Math.round(interactiveMs!)} ms, over the 1000 ms target`;
  expect(sent).toEqual(interactiveMs! > 1_000 ? [expect.objectContaining({ level: 4, message: warning })] : []);
});

test('every 60 s the page logs what the browser measured of it', async ({ page }) => {
  await switchLogsOn(page);
  await installClock(page);
  const sent = logsSentBy(page);
  await openPage(page, '/');
  await page.clock.runFor(59_000);
  expect(sent.filter((entry) => entry.message.startsWith('{"performance"'))).toEqual([]);
  await page.clock.runFor(6_000); // the report, then the logger's 5 s flush
  await expect.poll(() => sent.filter((entry) => entry.message.startsWith('{"performance"')).length).toBe(1);
  const report = sent.find((entry) => entry.message.startsWith('{"performance"'))!;
  expect(report.level).toBe(2);
  const { performance } = JSON.parse(report.message) as { performance: Record<string, number | null> };
  expect(performance.interactiveMs).toBeGreaterThan(0);
  expect(performance.timeToFirstByteMs).toBeGreaterThanOrEqual(0);
  expect(performance.firstContentfulPaintMs).toBeGreaterThan(0);
  expect(performance.largestContentfulPaintMs).toBeGreaterThanOrEqual(performance.firstContentfulPaintMs!);
  expect(performance.layoutShift).toBeGreaterThanOrEqual(0);
  expect(performance.heapMb).toBeGreaterThan(0);
  await page.clock.runFor(65_000);
  await expect.poll(() => sent.filter((entry) => entry.message.startsWith('{"performance"')).length).toBe(2);
});

test('with client logging off, nothing is sent', async ({ page }) => {
  await installClock(page);
  const sent = logsSentBy(page);
  await openPage(page, '/');
  await page.clock.runFor(130_000);
  expect(sent).toEqual([]);
});
