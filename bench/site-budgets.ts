// Site budgets (issue 6), measured against the real server serving the built site:
//  1. Lighthouse 12, mobile with its default throttling, median of RUNS runs per page: performance,
//     accessibility, best practices and SEO for /, /docs, /pricing and /auth/sign-in.
//  2. The homepage's first load in Chromium: gzipped JavaScript loaded before the visitor interacts
//     (everything fetched until the network is idle), cumulative layout shift, and long tasks
//     (PerformanceObserver 'longtask', > 50 ms) while the page idles with its animations running.
// Budgets: performance >= 95, accessibility 100, best practices 100 (all four pages), SEO 100
// (/, /docs, /pricing); JS <= 170 KB gzipped; CLS < 0.05; no long task while idling.
// Run: npm run build -w @bytebound/web && node --import tsx bench/site-budgets.ts
//      (BENCH_RUNS=1 for a quick look; WEB_DIST=... to serve another build)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { tool } from '../test/tools.ts';
import { median, table } from './lib/stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const PAGES = ['/', '/docs', '/pricing', '/auth/sign-in'];
const SEO_PAGES = new Set(['/', '/docs', '/pricing']);
const BUDGET = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, jsKb: 170, cls: 0.05, longTasks: 0 };
const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? tool('chromium');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-site-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: () => {
      child.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Scores = { performance: number; accessibility: number; bestPractices: number; seo: number };

async function lighthouseScores(url: string): Promise<{ scores: Scores; failing: string[] }> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const lhr = result!.lhr;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = Object.values(lhr.categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => `${c.id}:${r.id}`));
    return { scores: { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') }, failing };
  } finally {
    chrome.kill();
  }
}

async function homepageFirstLoad(base: string) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(response.url(), zlib.gzipSync(body, { level: 9 }).length);
    });
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number; longTasks: number[] };
      w.cls = 0;
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const jsBytes = [...scripts.values()].reduce((a, b) => a + b, 0);
    // Idle with everything that moves running: the backdrop (it starts at the visitor's first
    // input, here the pointer moving over it, which also draws the cursor trail), the typewriter,
    // the illustration and the carousel.
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    const started = Date.now();
    while (Date.now() - started < IDLE_MS) {
      await page.mouse.move(200 + Math.random() * 800, 100 + Math.random() * 400);
      await page.waitForTimeout(100);
    }
    const { cls, longTasks } = await page.evaluate(() => {
      const w = window as unknown as { cls: number; longTasks: number[] };
      return { cls: w.cls, longTasks: w.longTasks };
    });
    return { jsKb: jsBytes / 1024, files: scripts.size, cls, longTasks };
  } finally {
    await browser.close();
  }
}

const server = await startServer();
let failed = false;
try {
  const load = await homepageFirstLoad(server.base);
  console.log(`\nHomepage first load (Chromium 1280x800, until network idle), then ${IDLE_MS / 1000} s idle with animations running`);
  table(
    ['measure', 'value', 'budget', 'ok'],
    [
      ['gzipped JavaScript', `${load.jsKb.toFixed(1)} KB in ${load.files} files`, `<= ${BUDGET.jsKb} KB`, load.jsKb <= BUDGET.jsKb ? 'yes' : 'NO'],
      ['cumulative layout shift', load.cls.toFixed(4), `< ${BUDGET.cls}`, load.cls < BUDGET.cls ? 'yes' : 'NO'],
      ['long tasks while idle', `${load.longTasks.length}${load.longTasks.length ? ` (max ${Math.max(...load.longTasks).toFixed(0)} ms)` : ''}`, '0', load.longTasks.length === 0 ? 'yes' : 'NO'],
    ],
  );
  failed ||= load.jsKb > BUDGET.jsKb || load.cls >= BUDGET.cls || load.longTasks.length > BUDGET.longTasks;

  console.log(`\nLighthouse ${RUNS === 1 ? '(1 run)' : `(median of ${RUNS} runs)`}, mobile, default throttling`);
  const rows: string[][] = [];
  for (const pagePath of PAGES) {
    const runs: Scores[] = [];
    const failing = new Set<string>();
    for (let i = 0; i < RUNS; i++) {
      const { scores, failing: f } = await lighthouseScores(`${server.base}${pagePath}`);
      runs.push(scores);
      for (const id of f) failing.add(id);
    }
    const m = (key: keyof Scores) => median(runs.map((r) => r[key]));
    const ok = m('performance') >= BUDGET.performance && m('accessibility') >= BUDGET.accessibility && m('bestPractices') >= BUDGET.bestPractices && (!SEO_PAGES.has(pagePath) || m('seo') >= BUDGET.seo);
    failed ||= !ok;
    rows.push([pagePath, String(m('performance')), String(m('accessibility')), String(m('bestPractices')), String(m('seo')), ok ? 'yes' : 'NO', [...failing].join(' ')]);
  }
  table(['page', 'perf', 'a11y', 'best', 'seo', 'ok', 'failing audits (any run)'], rows);
} finally {
  server.stop();
}
process.exit(failed ? 1 : 0);
