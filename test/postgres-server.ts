// A throwaway PostgreSQL cluster on 127.0.0.1 for the tests (and the benchmarks): initdb into a
// temporary folder, start on a free port, stop and delete on teardown. TEST_DATABASE_URL points at
// an existing server instead.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { tool } from './tools.ts';

export type PostgresServer = { url: string; stop: () => void };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The tests' server writes nothing to disk it need not (fsync off). `durable` keeps PostgreSQL's
 * defaults instead, each commit flushed to disk before it returns, as a benchmark must measure.
 */
export async function startPostgres({ durable = false } = {}): Promise<PostgresServer> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: () => {} };
  const bin = tool('postgres');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-pg-'));
  const run = (command: string, args: string[]) => {
    const full = path.join(bin, command);
    execFileSync(asRoot ? 'runuser' : full, asRoot ? ['-u', 'postgres', '--', full, ...args] : args, { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', ...(durable ? [] : ['--no-sync'])]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=200${durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'}`;
  run('pg_ctl', ['-D', dir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
