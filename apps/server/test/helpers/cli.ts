// The `bytebound` command as an operator runs it against a server's database: spawned with that
// database's DATA_DIR (and DATABASE_URL on PostgreSQL), nothing else of the test's environment
// but what a test adds (`extraEnv`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { TestDatabase } from './test-app.ts';

const bin = path.resolve(import.meta.dirname, '../../../../packages/cli/bin/bytebound.mjs');

export function runCli(testDb: TestDatabase, args: string[], extraEnv: NodeJS.ProcessEnv = {}): { code: number | null; stdout: string; stderr: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: testDb.dataDir };
  delete env.DATA_KEY;
  delete env.DATABASE_URL;
  if (testDb.database.dialect === 'postgres') env.DATABASE_URL = testDb.database.url;
  Object.assign(env, extraEnv);
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env, timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
