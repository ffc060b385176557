// `bytebound mcp`: the MCP tools compile, decide and verify over stdio, for any MCP agent. Decides
// locally (an inline .bb policy or the built-in default), signs with the local key and appends to
// the same local audit log as `bytebound hook`.
import { parsePolicy } from '@bytebound/compiler/bytebound-format';
import type { DecisionRequest, Policy } from '@bytebound/compiler/policy-model';
import { completeRequest } from '@bytebound/compiler/request';
import { appendDecision } from '@bytebound/engine/agent/audit-log';
import { defaultPolicy } from '@bytebound/engine/agent/default-policy';
import { resolveDestination } from '@bytebound/engine/agent/destinations';
import { decide, failSecure } from '@bytebound/engine/decide';
import { type LoadedPolicy, loadPolicy } from '@bytebound/engine/loaded-policy';
import { type DecideArgs, type DecideResult, createBytesboundMcpServer, localAttributes, serveOverStdio } from '@bytebound/engine/mcp/bytebound-mcp-server';
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { byteboundHome, localSigningKey } from './keys.ts';

export const summary = 'serve the compile, decide and verify tools over MCP (stdio)';

const HELP = `Usage: bytebound mcp

Serves the MCP tools compile, decide and verify over stdio. Register it with an MCP client, e.g.
  claude mcp add bytebound -- node /path/to/bytebound/packages/cli/bin/bytebound.mjs mcp
Decisions are signed with the local key and appended to $BYTEBOUND_HOME/audit (default ~/.bytebound).
`;

const policies = new Map<string, { policy: Policy; loaded: LoadedPolicy }>();

function policyFor(text: string | undefined): { policy: Policy; loaded: LoadedPolicy } {
  const key = text ?? '';
  let entry = policies.get(key);
  if (!entry) {
    const policy = text === undefined ? defaultPolicy() : parsePolicy(text);
    entry = { policy, loaded: loadPolicy(policy) };
    policies.set(key, entry);
  }
  return entry;
}

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  const home = byteboundHome();
  const key = localSigningKey(home);
  const decideLocally = async (request: DecisionRequest, call: DecideArgs): Promise<DecideResult> => {
    const started = process.hrtime.bigint();
    let decision;
    if (call.arbiters?.length) {
      decision = failSecure('arbiters are consulted by the hosted endpoint (/mcp); locally, send an inline policy or use the built-in default');
    } else {
      try {
        const { policy, loaded } = policyFor(call.policy);
        const completed = completeRequest(localAttributes(request, (host) => resolveDestination(host, policy.destinations)));
        decision = completed.ok ? decide(loaded, completed.request) : failSecure(completed.error);
      } catch (error) {
        decision = failSecure(`the policy did not load: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    const latency_us = Number(process.hrtime.bigint() - started) / 1000;
    const context = { event: 'mcp decide', tool: call.toolCall?.tool_name ?? null, summary: `${request.action} at ${request.timing}`, found: '', destinations: [], sessionId: null };
    const { bundle, index } = appendDecision(home, key, { decision, latency_us, context });
    return { ...bundle.decision, envelope: bundle.envelope, auditIndex: index };
  };
  const server = createBytesboundMcpServer({ decide: decideLocally, keys: () => keyRingFromJwks({ keys: [key.publicJwk] }), keyRingFromJwks, filesOnThisMachine: true });
  await serveOverStdio(server);
  return 0;
}
