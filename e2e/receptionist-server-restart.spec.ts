// The receptionist's stream survives a real server restart: a server of this test's own (so the
// shared e2e server keeps serving the other specs) is stopped while the modal is open, the badge
// says connecting, the server starts again on the same port and data directory, and the stream
// reconnects and keeps counting the visitor's decisions.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { dialog, openReceptionist, send } from './receptionist-support.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  // SQLite in its own data directory, mail to its outbox: nothing shared with the e2e server.
  const { DATABASE_URL: _database, SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(repositoryRoot, 'apps/web/dist') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        return fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0);
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
  return child;
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function total(page: Page): Promise<number> {
  return Number((await dialog(page).locator('dt:text-is("Total decisions") + dd').innerText()).replace(/\D/g, ''));
}

// While the server is down, the browser reports the refused reconnection attempts.
test.use({ allowedErrors: [/WebSocket connection to .* failed|Failed to load resource/] });

test('after the server restarts, the stream reconnects and keeps counting', async ({ page }) => {
  test.slow();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-e2e-restart-'));
  let server = await startServer(port, dataDir);
  try {
    await openReceptionist(page, `http://127.0.0.1:${port}/pricing`);
    const modal = dialog(page);
    await expect(modal.getByText('Connection: connected')).toBeVisible();
    await send(page, 'What does Bytebound do?');
    await expect.poll(() => total(page)).toBeGreaterThan(0);
    const before = await total(page);

    await stopServer(server);
    await expect(modal.getByText('Connection: connecting')).toBeVisible();
    server = await startServer(port, dataDir);
    await expect(modal.getByText('Connection: connected')).toBeVisible({ timeout: 30_000 });

    // The same visitor (same cookie, same database) goes on after the restart.
    await send(page, 'How much does the Growth plan cost?');
    await expect.poll(() => total(page)).toBeGreaterThan(before);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
