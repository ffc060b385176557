// Client performance metrics (spec section 9), sent through the client logger, and so only while it
// is on (it is off by default): a warning when the page became interactive later than
// INITIALIZATION_TARGET_MS after navigation started (nothing else happens), then every
// PERFORMANCE_METRICS_LOG_INTERVAL_MS, while the page is visible, what the browser measured of it.
// "Interactive" is the performance mark the app sets once hydrated (INTERACTIVE_MARK).
import { INITIALIZATION_TARGET_MS, PERFORMANCE_METRICS_LOG_INTERVAL_MS } from '../config/constants.ts';
import type { Logger } from './logger.ts';

/** The performance mark the app sets once the page is interactive (app.tsx). */
export const INTERACTIVE_MARK = 'bytebound:interactive';

/** A task longer than this blocks input (the long-task API's own threshold). */
const LONG_TASK_MS = 50;

/** What a report says; times in milliseconds since navigation started unless named otherwise, null where the browser did not measure it. */
export type PerformanceSnapshot = {
  interactiveMs: number | null;
  timeToFirstByteMs: number | null;
  firstContentfulPaintMs: number | null;
  largestContentfulPaintMs: number | null;
  /** Layout shifts not caused by input, summed since the page opened. */
  layoutShift: number;
  /** The longest interaction (input to next paint) since the page opened. */
  slowestInteractionMs: number | null;
  /** Tasks over 50 ms since the previous report, and their time past 50 ms (blocking time). */
  longTasks: number;
  blockingMs: number;
  /** Chromium's JavaScript heap in use, in megabytes. */
  heapMb: number | null;
};

/** The warning for a page that became interactive after the target, or null within it. */
export function initializationWarning(interactiveMs: number, targetMs = INITIALIZATION_TARGET_MS): string | null {
  return interactiveMs > targetMs ? `The page became interactive after ${Math.round(interactiveMs)} ms, over the ${targetMs} ms target` : null;
}

type Measured = Omit<PerformanceSnapshot, 'timeToFirstByteMs' | 'heapMb'>;

export type PerformanceWatchOptions = { isEnabled: () => boolean; intervalMs?: number };

/**
 * Starts watching the page's performance when client logging is on; answers the function that
 * stops it. With logging off nothing is observed (it is read once, when the page starts).
 */
export function watchPerformance(win: Window, logger: Logger, { isEnabled, intervalMs = PERFORMANCE_METRICS_LOG_INTERVAL_MS }: PerformanceWatchOptions): () => void {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (!isEnabled() || Observer === undefined) return () => undefined;
  const measured: Measured = {
    interactiveMs: null,
    firstContentfulPaintMs: null,
    largestContentfulPaintMs: null,
    layoutShift: 0,
    slowestInteractionMs: null,
    longTasks: 0,
    blockingMs: 0,
  };
  const entriesOf: Record<string, (entry: PerformanceEntry) => void> = {
    mark: (entry) => {
      if (entry.name !== INTERACTIVE_MARK || measured.interactiveMs !== null) return;
      measured.interactiveMs = entry.startTime;
      const warning = initializationWarning(entry.startTime);
      if (warning !== null) logger.warn(warning);
    },
    paint: (entry) => {
      if (entry.name === 'first-contentful-paint') measured.firstContentfulPaintMs = entry.startTime;
    },
    'largest-contentful-paint': (entry) => {
      measured.largestContentfulPaintMs = entry.startTime;
    },
    'layout-shift': (entry) => {
      const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
      if (!shift.hadRecentInput) measured.layoutShift += shift.value;
    },
    event: (entry) => {
      if ((entry as PerformanceEntry & { interactionId?: number }).interactionId) measured.slowestInteractionMs = Math.max(measured.slowestInteractionMs ?? 0, entry.duration);
    },
    longtask: (entry) => {
      measured.longTasks += 1;
      measured.blockingMs += Math.max(0, entry.duration - LONG_TASK_MS);
    },
  };
  const observers: PerformanceObserver[] = [];
  for (const [type, take] of Object.entries(entriesOf)) {
    if (!Observer.supportedEntryTypes.includes(type)) continue;
    const observer = new Observer((list) => list.getEntries().forEach(take));
    observer.observe({ type, buffered: true, ...(type === 'event' ? { durationThreshold: 16 } : {}) } as PerformanceObserverInit);
    observers.push(observer);
  }
  const timer = win.setInterval(() => {
    if (win.document.visibilityState !== 'visible') return;
    logger.info({ performance: snapshot(win, measured) });
    measured.longTasks = 0;
    measured.blockingMs = 0;
  }, intervalMs);
  return () => {
    win.clearInterval(timer);
    observers.forEach((observer) => observer.disconnect());
  };
}

function snapshot(win: Window, measured: Measured): PerformanceSnapshot {
  const navigation = win.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const memory = (win.performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  const round = (ms: number | null) => (ms === null ? null : Math.round(ms));
  return {
    interactiveMs: round(measured.interactiveMs),
    timeToFirstByteMs: navigation ? Math.round(navigation.responseStart) : null,
    firstContentfulPaintMs: round(measured.firstContentfulPaintMs),
    largestContentfulPaintMs: round(measured.largestContentfulPaintMs),
    layoutShift: Math.round(measured.layoutShift * 1000) / 1000,
    slowestInteractionMs: round(measured.slowestInteractionMs),
    longTasks: measured.longTasks,
    blockingMs: Math.round(measured.blockingMs),
    heapMb: memory ? Math.round(memory.usedJSHeapSize / 1e5) / 10 : null,
  };
}
