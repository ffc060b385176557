// The agent cannot switch the hook off through the hook: a tool call that changes the hook's home
// (its key and audit log), its installation or the Claude Code settings that run it, or that reads
// its signing key, is blocked. Reading the log and ordinary work stay allowed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPolicy } from '../../src/agent/default-policy.ts';
import { engineActivePolicy, handleHookEvent } from '../../src/agent/hook-events.ts';
import { ownFiles } from '../../src/agent/own-files.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-own-'));
const home = path.join(root, 'home');
const installation = path.join(root, 'hook');
const project = path.join(root, 'project');
const own = ownFiles(home, installation);
const active = engineActivePolicy(defaultPolicy(), 'the built-in default policy');
const pre = (tool_name: string, tool_input: Record<string, unknown>) =>
  handleHookEvent(JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd: project, tool_name, tool_input }), active, own);

describe("the hook's own files", () => {
  it.each([
    ['Bash', { command: `chmod -x ${installation}/bytebound-hook-guard.sh` }, 'it would change the installed hook'],
    ['Write', { file_path: `${installation}/bytebound-hook-guard.sh`, content: 'exit 0' }, 'it would change the installed hook'],
    ['Bash', { command: `rm -rf ${home}/audit` }, "it would change the hook's home"],
    ['Bash', { command: `echo '{}' > ${home}/audit/state.json` }, "it would change the hook's home"],
    ['Bash', { command: `mv ${home} /tmp/elsewhere` }, "it would change the hook's home"],
    ['Bash', { command: `: > ${home}/hook.log` }, "it would change the hook's home"],
    ['Read', { file_path: `${home}/signing-key.pem` }, "it touches the hook's signing key"],
    ['Bash', { command: `cat ${home}/signing-key.pem` }, "it touches the hook's signing key"],
    ['Edit', { file_path: '.claude/settings.json', old_string: 'bytebound', new_string: '' }, 'it would change the Claude Code settings that run the hook'],
  ])('blocks %s that would get past the hook (%j)', (tool, input, reason) => {
    const out = pre(tool, input);
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toContain(reason);
    expect(out.decision?.decision).toMatchObject({ decision: 'DENY', exitCode: 2 });
  });

  it.each([
    ['Bash', { command: `cat ${home}/audit/log.jsonl | jq .context` }],
    ['Read', { file_path: `${home}/audit/log.jsonl` }],
    ['Read', { file_path: '.claude/settings.json' }],
    ['Bash', { command: 'npm test && git status' }],
    ['Write', { file_path: 'src/index.ts', content: 'export {};' }],
  ])('allows %s that leaves them alone (%j)', (tool, input) => {
    expect(pre(tool, input)).toMatchObject({ exitCode: 0, stderr: '' });
  });

  it('keeps only its own entries from the agent where its home is a folder that holds more (BYTEBOUND_HOME=$HOME)', () => {
    const userHome = ownFiles(root, installation);
    const inRoot = (tool_name: string, tool_input: Record<string, unknown>) =>
      handleHookEvent(JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd: project, tool_name, tool_input }), active, userHome);
    expect(inRoot('Bash', { command: `ssh -i ${root}/.ssh/id_ed25519 deploy@10.0.3.14 uptime` })).toMatchObject({ exitCode: 0, stderr: '' });
    expect(inRoot('Write', { file_path: `${project}/notes.md`, content: 'ok' })).toMatchObject({ exitCode: 0, stderr: '' });
    expect(inRoot('Bash', { command: `rm -rf ${root}/audit` }).stderr).toContain("it would change the hook's home");
    expect(inRoot('Read', { file_path: `${root}/signing-key.pem` }).stderr).toContain("it touches the hook's signing key");
  });
});
