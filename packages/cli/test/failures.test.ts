// What a user sees from the command itself: a failure no command foresaw is one line that says
// why, never a stack trace (exit 1, or 2 for the hook: fail secure); --version and help.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const bin = path.resolve(import.meta.dirname, '../bin/bytebound.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-failures-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const notADirectory = path.join(dir, 'a-file');
fs.writeFileSync(notADirectory, '');

function bytebound(args: string[], home: string, input = '') {
  const result = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 60_000, env: { ...process.env, BYTEBOUND_HOME: home } });
  return { code: result.status, stderr: result.stderr };
}

describe('command failures', () => {
  it('mcp with a home it cannot create says so in one line', () => {
    const out = bytebound(['mcp'], path.join(notADirectory, 'home'));
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^bytebound mcp: cannot create the folder \S+\/home: ENOTDIR\n$/);
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });

  it('hook export-log before any decision says there is no log yet', () => {
    const out = bytebound(['hook', 'export-log'], path.join(dir, 'fresh-home'));
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('there is no audit log in');
    expect(out.stderr).toContain('no decision has been recorded there');
  });

  it('the hook with a home it cannot create blocks a tool call, saying why', () => {
    const event = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' } });
    const out = bytebound(['hook'], path.join(notADirectory, 'home'), event);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('fail secure');
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('version and help', () => {
  it('--version prints the version; help <command> is that command’s --help', () => {
    const version = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8', timeout: 60_000 });
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^bytebound \d+\.\d+\.\d+\n$/);
    const help = spawnSync(process.execPath, [bin, 'help', 'check'], { encoding: 'utf8', timeout: 60_000 });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: bytebound check /);
  });
});
