// Holding requests so that a state the page shows while it waits (a progress label, a phrase) can be
// read however slowly the test runs: each request matching `url` waits until the test lets one go,
// then reaches the real server.
import type { Page } from '@playwright/test';

/** Holds every request to `url`; the function returned lets the next one through (one already held, or the next to come). */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  const held: Array<() => void> = [];
  let released = 0;
  await page.route(url, async (route) => {
    if (released > 0) released -= 1;
    else await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  return () => {
    const next = held.shift();
    if (next) next();
    else released += 1;
  };
}
