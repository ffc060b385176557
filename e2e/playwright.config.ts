// Browser tests: Playwright drives Debian's Chromium headless shell against the real server (fresh
// SQLite database in a temporary data directory) serving the built site, which sends its email to a
// real local SMTP server (apps/server/test/email/smtp-sink.ts). Build the site first:
//   npm run build -w @bytebound/web && npx playwright test -c e2e/playwright.config.ts
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { tool } from '../test/tools.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const webDist = path.join(repositoryRoot, 'apps/web/dist');

if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('The site is not built: run npm run build -w @bytebound/web before the browser tests.');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// Chosen once by the main process; the workers load this file again and inherit its environment.
process.env.BYTEBOUND_E2E_PORT ??= String(await freePort());
process.env.BYTEBOUND_E2E_SMTP_PORT ??= String(await freePort());
process.env.BYTEBOUND_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-e2e-'));
const port = Number(process.env.BYTEBOUND_E2E_PORT);
const smtpPort = Number(process.env.BYTEBOUND_E2E_SMTP_PORT);
/** Where the SMTP server writes each message it receives (e2e/support/smtp.ts reads them). */
const receivedMailDirectory = path.join(process.env.BYTEBOUND_E2E_DATA_DIR, 'smtp-received');
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repositoryRoot, 'test-results/e2e-artifacts'),
  globalTeardown: './support/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Hang detectors, not speed checks: the longest journeys take 20 s on a quiet machine of this
  // kind, and the same machine runs them two to three times slower on some days.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repositoryRoot, 'test-results/e2e.json') }]],
  use: {
    baseURL,
    // A trace costs a quarter to a third of a test's time; on CI nobody opens it, so it is kept only
    // for local runs (npx playwright show-trace <the zip a failure names>).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: tool('chromium-headless-shell'),
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: `node --import tsx apps/server/test/email/smtp-sink.ts ${smtpPort} ${receivedMailDirectory}`,
      cwd: repositoryRoot,
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: repositoryRoot,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.BYTEBOUND_E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        WEB_DIST: webDist,
        RECEPTIONIST_SESSION_TIMEOUT_MS: '20000',
        // Each test sends its own X-Forwarded-For (support/fixtures.ts): one visitor per test.
        TRUST_PROXY: 'true',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
