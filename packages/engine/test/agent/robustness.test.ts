// For any input the hook's parts neither throw nor hang, and the hook answers only 0 or 2.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/agent/bash.ts';
import { classifyToolCall } from '../../src/agent/classify.ts';
import { defaultPolicy } from '../../src/agent/default-policy.ts';
import { engineActivePolicy, handleHookEvent } from '../../src/agent/hook-events.ts';

const active = engineActivePolicy(defaultPolicy(), 'default');
const shellish = fc.stringMatching(/^[a-z $'"`|&;()<>\\\n@=.:/-]{0,200}$/);
const tools = fc.constantFrom('Bash', 'Read', 'Write', 'WebFetch', 'WebSearch', 'Agent', 'Task', 'mcp__x__y', 'Unknown', 'TodoWrite');

describe('robustness', () => {
  it('parses any command line without throwing, deterministically', () => {
    fc.assert(
      fc.property(fc.oneof(shellish, fc.string({ maxLength: 200 })), (line) => {
        const a = parseCommandLine(line);
        expect(parseCommandLine(line)).toEqual(a);
      }),
    );
  });

  it('classifies any tool call with any JSON arguments', () => {
    fc.assert(
      fc.property(tools, fc.jsonValue({ maxDepth: 3 }), (tool, input) => {
        const c = classifyToolCall(tool, tool === 'Bash' && typeof input === 'string' ? { command: input } : input, { cwd: '/nonexistent', destinations: [] });
        expect(['create', 'read', 'modify', 'delete', 'share', 'process', 'notify']).toContain(c.action);
      }),
    );
  });

  it('answers any event with exit code 0 or 2, and blocks any malformed PreToolUse', () => {
    fc.assert(
      fc.property(fc.constantFrom('PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'SessionStart', 'Stop', 'Notification'), tools, fc.jsonValue({ maxDepth: 3 }), (event, tool, input) => {
        const out = handleHookEvent(JSON.stringify({ hook_event_name: event, tool_name: tool, tool_input: input, prompt: typeof input === 'string' ? input : undefined }), active);
        expect([0, 2]).toContain(out.exitCode);
        const malformedPre = event === 'PreToolUse' && (typeof input !== 'object' || input === null);
        if (malformedPre) expect(out.exitCode).toBe(2);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (raw) => {
        expect([0, 2]).toContain(handleHookEvent(raw, active).exitCode);
      }),
    );
  });
});
