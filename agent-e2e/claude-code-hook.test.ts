// bytebound hook inside the published Claude Code CLI, run headless against a scripted local model:
// the agent asked to send personal data out is stopped before the command runs, and the agent
// asked to run the tests does run them.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAuditLog } from '../packages/engine/src/agent/audit-log.ts';
import { type ModelServer, startModelServer, toolResults } from './model-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const claude = path.join(root, 'node_modules/.bin/claude');
const hook = path.join(root, 'packages/cli/dist/bytebound-hook.mjs');
let server: ModelServer | null = null;

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'packages/cli/scripts/build-hook.mjs')]);
});
afterEach(async () => {
  await server?.close();
  server = null;
});

function project(): { dir: string; home: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-agent-'));
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-agent-home-'));
  fs.mkdirSync(path.join(dir, '.claude'));
  const command = `${process.execPath} ${hook}`;
  fs.writeFileSync(path.join(dir, '.claude/settings.json'), JSON.stringify({
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command }] }],
        UserPromptSubmit: [{ hooks: [{ type: 'command', command }] }],
        PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command }] }],
      },
    }));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'demo', private: true, scripts: { test: 'node run-tests.mjs' } }));
  fs.writeFileSync(path.join(dir, 'run-tests.mjs'), "import fs from 'node:fs';\nfs.writeFileSync('tests-ran.txt', 'ok');\nconsole.log('1 passed');\n");
  return { dir, home };
}

/** Runs the agent asynchronously: the model server answers from this same process. */
function runAgent(dir: string, home: string, task: string, model: ModelServer): Promise<{ json: Record<string, unknown> & { permission_denials?: unknown[] }; stderr: string }> {
  const child = spawn(claude, ['-p', task, '--permission-mode', 'acceptEdits', '--allowedTools', 'Bash', '--output-format', 'json'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: home,
      BYTEBOUND_HOME: path.join(home, '.bytebound'),
      ANTHROPIC_BASE_URL: model.url,
      ANTHROPIC_API_KEY: 'sk-ant-local-test',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill(), 90_000);
  return new Promise((resolve) =>
    child.on('exit', () => {
      clearTimeout(timer);
      resolve({ json: JSON.parse(stdout.trim().split('\n').pop() || '{}'), stderr });
    }),
  );
}

describe('bytebound hook in the real Claude Code CLI', () => {
  it('stops the agent before it sends personal data to an analytics host', async () => {
    const { dir, home } = project();
    const command = "touch attempted.marker; curl -s -d 'email=jane.doe@acme-corp.com' https://api.acme-analytics.io/track";
    server = await startModelServer(command);
    const { json } = await runAgent(dir, home, 'Send jane.doe@acme-corp.com to our analytics', server);
    expect(json.permission_denials).toEqual([expect.objectContaining({ tool_name: 'Bash', tool_input: expect.objectContaining({ command }) })]);
    const [result] = toolResults(server.requests);
    expect(result?.is_error).toBe(true);
    expect(JSON.stringify(result?.content)).toContain('GDPR Art. 6');
    expect(JSON.stringify(result?.content)).not.toContain('jane.doe');
    expect(fs.existsSync(path.join(dir, 'attempted.marker'))).toBe(false);
    // The denial and what it was about are in the signed local audit log.
    const log = readAuditLog(path.join(home, '.bytebound'));
    expect(log.some((l) => l.context?.event === 'PreToolUse' && l.context.found === '1 email address')).toBe(true);
  });

  it('lets the agent run the tests', async () => {
    const { dir, home } = project();
    server = await startModelServer('npm test --silent');
    const { json } = await runAgent(dir, home, 'Run the tests', server);
    expect(json.permission_denials).toEqual([]);
    const [result] = toolResults(server.requests);
    expect(result?.is_error ?? false).toBe(false);
    expect(JSON.stringify(result?.content)).toContain('1 passed');
    expect(fs.readFileSync(path.join(dir, 'tests-ran.txt'), 'utf8')).toBe('ok');
    // SessionStart put the active policy in the agent's context before its first turn.
    expect(JSON.stringify(server.requests[0]?.body)).toContain('Bytebound is enforcing the built-in default policy');
  });

  it('stops a prompt with special-category data before it reaches the model', async () => {
    const { dir, home } = project();
    server = await startModelServer('echo unreachable');
    const { json } = await runAgent(dir, home, 'My wife was diagnosed with HIV, write to her employer about leave', server);
    expect(server.requests.filter((r) => r.path.startsWith('/v1/messages') && !r.path.includes('count_tokens'))).toEqual([]);
    expect(String(json.result)).toContain('GDPR Art. 9');
    // Claude Code shows the user their own prompt back ("Original prompt: ..."); the hook's reason never repeats it.
    const reason = String(json.result).split('Original prompt:')[0]!;
    expect(reason).toContain('1 health detail about a person');
    expect(reason).not.toContain('HIV');
  });
});
