// The rate limits count in windows aligned to the clock, the window before weighing in less the
// further the current one goes (sliding-window.ts): a test that sends a route's whole limit and
// expects the next request refused must not straddle a window's end: once it has passed, the
// requests sent before it count for less, and one more may pass.
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** Waits out the last seconds of the current window of `windowMs`, so that a test's requests fall in one window. */
export async function awayFromWindowEnd(windowMs = MINUTE_MS, marginMs = 5_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
