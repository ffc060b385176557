// `npm start`'s process: it serves, stops cleanly on SIGTERM, and refuses a bad configuration clearly.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase, testDialect } from '../helpers/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe(`server process (${testDialect})`, () => {
  it('serves health, then finishes and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-proc-'));
    const testDb = await createTestDatabase();
    const databaseUrl: Record<string, string> = testDb.database.dialect === 'postgres' ? { DATABASE_URL: testDb.database.url } : {};
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...databaseUrl });
    let health: Response | undefined;
    // Start-up (tsx, migrations) can take a while on a busy 2-core machine: wait up to a minute.
    for (let i = 0; i < 600 && !health; i++) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (!health) await new Promise((r) => setTimeout(r, 100));
    }
    expect(health?.status).toBe(200);
    expect(((await health!.json()) as { database: { dialect: string } }).database.dialect).toBe(testDialect);
    if (testDialect === 'sqlite') expect(fs.existsSync(path.join(dataDir, 'bytebound.db'))).toBe(true);
    const missing = await fetch(`http://127.0.0.1:${port}/api/v1/no-such-route`, { headers: { authorization: 'Bearer bb_live_secret' } });
    expect(missing.status).toBe(404);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/demo/monitor`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.close();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    // One access-log line per request answered, written once it is answered, with what was asked and answered.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number });
    // A WebSocket upgrade, never answered as a request, is logged when it arrives.
    expect(lines.filter((line) => line.msg === 'incoming request').map((line) => `${line.req?.method} ${line.req?.url}`)).toEqual(['GET /api/demo/monitor']);
    const answered = lines.filter((line) => line.msg === 'request completed');
    expect(answered.map((line) => `${line.req?.method} ${line.req?.url} ${line.res?.statusCode}`)).toEqual(['GET /api/health 200', 'GET /api/v1/no-such-route 404']);
    expect(answered.every((line) => typeof line.responseTime === 'number')).toBe(true);
    expect(server.output()).not.toContain('bb_live_secret');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await testDb.drop();
  }, 90_000);

  it('refuses an invalid configuration with a message naming the variable', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration[\s\S]*PORT/);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  }, 60_000);
});
