// Small statistics for the benchmarks: medians and percentiles of samples, and readable numbers.

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (samples: number[]) => percentile(samples, 50);

/**
 * Median milliseconds of `runs` calls of `work`, after warming up for `warmupMs` (at least 3 calls
 * when there is a warm-up, so that a slow call is timed compiled too).
 */
export function medianMs(work: () => unknown, { runs = 7, warmupMs = 0 } = {}): number {
  const warm = performance.now();
  for (let i = 0; warmupMs > 0 && (i < 3 || performance.now() - warm < warmupMs); i++) work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

export function formatRate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)} M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)} k/s`;
  return `${perSecond.toFixed(0)} /s`;
}

export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

/** Prints rows as an aligned table. */
export function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** A deterministic pseudo-random generator (mulberry32), so every run measures the same requests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
