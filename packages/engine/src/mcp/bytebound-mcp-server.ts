// The MCP tools compile, decide and verify, so any MCP agent can ask for a verdict before it acts.
// One definition for both transports: `bytebound mcp` (stdio, deciding locally) and the server's
// /mcp endpoint (Streamable HTTP, deciding through the decision API and counting the decision).
import { type CompileInput, type CompileResult, compile } from '@bytebound/compiler/compile';
import type { DecisionRequest, Timing } from '@bytebound/compiler/policy-model';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  type JSONRPCMessage,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { classifyToolCall } from '../agent/classify.ts';
import { type ResolvedDestination, hostOf } from '../agent/destinations.ts';
import { describeFindings, targetsOf } from '../agent/detect.ts';
import { LocalFiles } from '../agent/local-files.ts';
import type { KeyRing } from '../signing-keys.ts';
import { MAX_SUBJECT_REFERENCE_LENGTH } from '../config.ts';
import { verifyFile } from '../verify.ts';

export const MCP_SERVER_NAME = 'bytebound';
export const MCP_SERVER_VERSION = '0.1.0';

export const decideInput = {
  request: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('A decision request: {action, timing, target, resource?, attributes?} in the vocabulary of docs/policy-semantics.md'),
  toolCall: z
    .object({ tool_name: z.string().min(1).max(200), tool_input: z.record(z.string(), z.unknown()) })
    .optional()
    .describe('Instead of a request: the tool call you are about to make (name and arguments); Bytebound classifies it'),
  policy: z.string().min(1).max(1_000_000).optional().describe('An inline bytebound (.bb) policy; default: the built-in GDPR + PCI DSS + HIPAA policy (stdio) or the named arbiters'),
  arbiters: z.array(z.string().min(1).max(100)).min(1).max(10).optional().describe('Arbiters to consult (hosted endpoint only): built-in names or your arbiter ids'),
  subject: z
    .string()
    .min(1)
    .max(MAX_SUBJECT_REFERENCE_LENGTH)
    .optional()
    .describe('Your own reference to the data subject the action concerns, such as a user id (hosted endpoint only): the proof commits with that subject’s key, which erasing the subject deletes'),
};
export type DecideArgs = { request?: Record<string, unknown>; toolCall?: { tool_name: string; tool_input: Record<string, unknown> }; policy?: string; arbiters?: string[]; subject?: string };

/** What a decide implementation returns: the decision (signed where the transport signs) as JSON. */
export type DecideResult = Record<string, unknown> & { decision: 'ALLOW' | 'DENY'; exitCode: 0 | 2 };

export type McpToolsOptions = {
  /**
   * Compiles legal text: in this process by default (`bytebound mcp`, one agent's own compiles); the
   * hosted endpoint passes its compile worker, which a compile cannot hold past the synthesis timeout.
   */
  compile?: (text: string, input: CompileInput) => Promise<CompileResult> | CompileResult;
  /** Decides one complete-able request against the policy or arbiters the caller named. */
  decide: (request: DecisionRequest, args: DecideArgs) => Promise<DecideResult>;
  /** The public keys verify uses when the caller sends none. */
  keys: () => Promise<KeyRing> | KeyRing;
  /** Parses a JWK set the caller sent. */
  keyRingFromJwks: (jwks: unknown) => KeyRing;
  /**
   * True where this server runs on the agent's machine (`bytebound mcp`): the files a tool call
   * names are read. False for the hosted endpoint, which never reads its own files for a caller.
   */
  filesOnThisMachine: boolean;
};

/**
 * The decision requests a tool call stands for, policy-agnostic: a transfer names its host in
 * `resource.host`, and the deciding side fills destination, basis and safeguards from its policy's
 * destinations table; local work is `destination: local`.
 */
export function toolCallRequests(
  toolCall: { tool_name: string; tool_input: Record<string, unknown> },
  { cwd = process.cwd(), timing = 'pre-action', filesOnThisMachine }: { cwd?: string; timing?: Timing; filesOnThisMachine: boolean },
): { requests: DecisionRequest[]; summary: string; found: string; uninspected?: string[] } {
  const c = classifyToolCall(toolCall.tool_name, toolCall.tool_input, { cwd, destinations: [], files: new LocalFiles(filesOnThisMachine) });
  if (c.uninspected) return { requests: [], summary: c.summary, found: '', uninspected: c.uninspected };
  const found = targetsOf(c.findings);
  const principal = { type: 'agent' };
  if (c.transfers.length === 0) {
    return { requests: [{ principal, action: c.action, timing, target: 'general', attributes: { destination: 'local' } }], summary: c.summary, found: describeFindings(c.findings) };
  }
  const requests = c.transfers.map((t: ResolvedDestination & { encrypted: boolean }) => {
    const networkLocal = t.destination === 'local' || t.destination === 'internal';
    return {
      principal,
      action: c.action,
      timing,
      target: found.length > 0 ? found : 'general',
      resource: { host: t.host },
      attributes: { encrypted: t.encrypted, ...(networkLocal ? { destination: t.destination } : {}) },
    } satisfies DecisionRequest;
  });
  return { requests, summary: c.summary, found: describeFindings(c.findings) };
}

const json = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
  structuredContent: value as Record<string, unknown>,
  ...(isError ? { isError: true } : {}),
});

/** A decide call answered without a signed decision: a DENY (exit code 2) that says why, as an error. */
const refused = (why: string): CallToolResult => json({ decision: 'DENY', exitCode: 2, error: why }, true);

export function createBytesboundMcpServer(options: McpToolsOptions): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION });

  server.registerTool(
    'compile',
    {
      title: 'Compile legal text to policy',
      description:
        'Compiles legal text (GDPR, CCPA, HIPAA, PCI DSS, EU AI Act, ...) into a machine-enforceable policy in one of the formats bytebound, rego, cedar, rust, javascript, sql, wasm. Returns the output, the norms found and the compile metadata.',
      inputSchema: {
        text: z.string().min(1).max(1_000_000).describe('The legal text'),
        format: z.string().default('bytebound').describe('bytebound | rego | cedar | rust | javascript | sql | wasm'),
        jurisdiction: z.string().optional().describe('EU, US, US-CA, ...; detected from the text when absent'),
        options: z
          .object({
            enforcementLevel: z.enum(['strict', 'moderate', 'permissive']).optional(),
            includeTests: z.boolean().optional(),
            optimizationLevel: z.enum(['none', 'basic', 'maximum']).optional(),
            targetEnvironment: z.enum(['development', 'production']).optional(),
          })
          .optional(),
      },
    },
    async ({ text, format, jurisdiction, options: compileOptions }) => {
      const result = await (options.compile ?? compile)(text, { format, ...(jurisdiction ? { jurisdiction } : {}), ...(compileOptions ? { options: compileOptions } : {}) });
      if (!result.ok) return json({ ok: false, stage: result.stage, error: result.error, validation: result.validation }, true);
      return json({ ok: true, output: result.output, norms: result.norms.length, note: result.note, detected: result.detected, validation: result.validation, metadata: result.metadata, stages: result.stages });
    },
  );

  server.registerTool(
    'decide',
    {
      title: 'Decide before acting',
      description:
        'Ask before an action runs: allow (exitCode 0) or block (exitCode 2) with the article that decided. Send either a decision request or the tool call you are about to make. Do not act when the decision is DENY.',
      inputSchema: decideInput,
    },
    async (args) => {
      if (!args.request === !args.toolCall) return refused('send exactly one of request or toolCall');
      try {
        if (args.request) return json(await options.decide(args.request as DecisionRequest, args));
        const { requests, summary, found, uninspected } = toolCallRequests(args.toolCall!, { filesOnThisMachine: options.filesOnThisMachine });
        if (uninspected) return refused(`the tool call could not be inspected whole (${uninspected.join('; ')})`);
        let last: DecideResult | null = null;
        for (const request of requests) {
          last = await options.decide(request, args);
          if (last.decision === 'DENY') break;
        }
        return json({ ...last!, toolCall: { summary, found } });
      } catch (error) {
        // No decision could be made: the answer is still a block (fail secure), with the reason.
        return refused(error instanceof Error ? error.message : String(error));
      }
    },
  );

  server.registerTool(
    'verify',
    {
      title: 'Verify a proof',
      description:
        'Verifies offline, with public keys only, a proof bundle, a DSSE envelope, the decide tool\'s result, an inclusion or consistency proof, or an exported audit log. Without keys, this server\'s own public keys are used.',
      inputSchema: {
        document: z.record(z.string(), z.unknown()).describe('The proof bundle, decision, proof or export, as JSON'),
        keys: z.record(z.string(), z.unknown()).optional().describe('A JWK set {"keys": [...]}'),
      },
    },
    async ({ document, keys }) => {
      let ring: KeyRing;
      try {
        ring = keys ? options.keyRingFromJwks(keys) : await options.keys();
      } catch (error) {
        return json({ error: (error as Error).message }, true);
      }
      return json(verifyFile(document, ring));
    },
  );
  return server;
}

/** Fills a raw request's destination from a policy's destinations table by `resource.host` or `resource.url` (stdio's local decide). */
export function localAttributes(request: DecisionRequest, resolve: (host: string) => ResolvedDestination): DecisionRequest {
  const resource = (request.resource ?? {}) as { host?: unknown; url?: unknown };
  const host = typeof resource.host === 'string' && resource.host ? resource.host.toLowerCase() : typeof resource.url === 'string' ? hostOf(resource.url) : null;
  if (host === null) return request;
  const given = request.attributes ?? {};
  const d = resolve(host);
  return { ...request, attributes: { destination: d.destination, legalBasis: d.legalBasis, safeguards: d.safeguards, ...given } };
}

/** The requests this server answers whose params the SDK checks, with what each needs. */
const PARAMS_OF: Record<string, { schema: z.ZodType; needs: string }> = {
  initialize: {
    schema: InitializeRequestSchema,
    needs: 'initialize needs params with protocolVersion (a string), capabilities (an object) and clientInfo (an object with name and version)',
  },
  'tools/list': { schema: ListToolsRequestSchema, needs: 'tools/list takes no params but an optional cursor (a string)' },
  'tools/call': { schema: CallToolRequestSchema, needs: "tools/call needs params with the tool's name (a string) and its arguments" },
};

/**
 * Answers a request whose params the SDK's own schema refuses (a tools/call without a tool name,
 * an initialize without a protocol version, a cursor that is not a string) with JSON-RPC's invalid
 * params (-32602) and what the method needs, where the SDK would answer an internal error (-32603)
 * holding its schema's report. Call it once the server is connected to `transport`, on either transport.
 */
export function refuseInvalidParams(transport: Transport): void {
  const forward = transport.onmessage!;
  transport.onmessage = (message, extra) => {
    const params = 'method' in message && 'id' in message && Object.hasOwn(PARAMS_OF, message.method) ? PARAMS_OF[message.method]! : null;
    if (params && !params.schema.safeParse(message).success) {
      const { id } = message as { id: string | number };
      void transport.send({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidParams, message: `Invalid params: ${params.needs}` } }, { relatedRequestId: id }).catch(() => {});
      return;
    }
    forward(message, extra);
  };
}

/** Serves the tools over stdio until the client closes stdin. */
export async function serveOverStdio(server: McpServer): Promise<void> {
  const transport = new StdioServerTransport();
  // A line that is not JSON, or not a JSON-RPC message, gets JSON-RPC's own error (id null, as
  // its id cannot be known) instead of silence, which would leave the client waiting.
  transport.onerror = (error) => {
    const code = error instanceof SyntaxError ? -32700 : error.name === 'ZodError' ? -32600 : null;
    if (code === null) return;
    const message = code === -32700 ? 'Parse error: the line is not JSON' : 'Invalid Request: the line is not a JSON-RPC 2.0 message';
    void transport.send({ jsonrpc: '2.0', id: null, error: { code, message } } as unknown as JSONRPCMessage).catch(() => {});
  };
  await server.connect(transport);
  refuseInvalidParams(transport);
  await new Promise<void>((resolve) => process.stdin.on('close', resolve));
  await server.close();
}
