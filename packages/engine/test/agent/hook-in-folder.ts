// The hook's answer to a Bash call an agent makes in a test's folder, under the built-in default
// policy, the check that it blocks a call sending one address under GDPR Art. 6, and the writer of
// the project folders a test's calls run in.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { defaultPolicy } from '../../src/agent/default-policy.ts';
import { engineActivePolicy, handleHookEvent } from '../../src/agent/hook-events.ts';

/** The built-in default policy, loaded as the hook runs it. */
export const defaultActive = engineActivePolicy(defaultPolicy(), 'the built-in default policy');

/**
 * `bash(command)`: the hook's answer to a Bash call made in `cwd`; `expectBlocked(command, host)`:
 * checks it blocks under GDPR Art. 6 for the one address it sends to `host`, and gives the answer;
 * `project(name, files)`: writes the folder `name` in `cwd` with its files (relative path: text).
 */
export function hookIn(cwd: string) {
  const bash = (command: string) => handleHookEvent(JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd, tool_name: 'Bash', tool_input: { command } }), defaultActive);
  const expectBlocked = (command: string, host: string) => {
    const out = bash(command);
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toContain('GDPR Art. 6');
    expect(out.stderr).toContain('1 email address');
    expect(out.stderr).toContain(host);
    return out;
  };
  const project = (name: string, files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(cwd, name, file)), { recursive: true });
      fs.writeFileSync(path.join(cwd, name, file), text);
    }
  };
  return { bash, expectBlocked, project };
}
