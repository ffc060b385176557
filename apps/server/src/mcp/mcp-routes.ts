// POST /mcp: the MCP tools compile, decide and verify over Streamable HTTP (stateless: one MCP
// server and transport per request). An API key with the decide scope is required; every decision
// goes through the decision API's arbiters and the plan's limits, is signed, logged and counted
// like /api/v1/decide (a limit reached answers the tool call as an error that says which).
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { type DecideResult, createBytesboundMcpServer, refuseInvalidParams } from '@bytebound/engine/mcp/bytebound-mcp-server';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireApiKey, useApiKeyAuth } from '../api-keys/api-key-auth.ts';
import { DECIDE_BODY_LIMIT_BYTES, DECIDE_RATE_PER_MINUTE } from '../constants.ts';
import { recordDecision } from '../decide/decision-recorder.ts';
import { admitDecision, builtInArbitersInPlan } from '../decide/entitlements-check.ts';
import { perApiKey } from '../http/rate-limits.ts';
import { REFUSES_METHOD } from '../http/unserved-methods.ts';
import { publicJwkSet } from '../keys/server-signing-key.ts';
import { compilePool } from '../public-compiler/compile-pool.ts';

/** The built-in arbiters a decide call consults when it names none and sends no policy: the agent hook's default, those of them the plan includes. */
export const MCP_DEFAULT_ARBITERS = ['gdpr', 'pci-dss', 'hipaa'];

function invalidRequest(reply: FastifyReply, why: string) {
  return reply.status(400).send({ jsonrpc: '2.0', error: { code: -32600, message: `Invalid Request: ${why}` }, id: null });
}

export async function mcpRoutes(app: FastifyInstance): Promise<void> {
  useApiKeyAuth(app);
  app.post(
    '/mcp',
    {
      bodyLimit: DECIDE_BODY_LIMIT_BYTES,
      preValidation: [requireApiKey(app, 'decide')],
      config: perApiKey(DECIDE_RATE_PER_MINUTE),
    },
    async (request, reply) => {
      // JSON-RPC 2.0: an empty batch, or JSON that is not a JSON-RPC message as MCP reads one (params
      // an object, when given), is an invalid request, answered with one error (the SDK would call it a parse error).
      const messages: unknown[] = Array.isArray(request.body) ? request.body : [request.body];
      if (messages.length === 0) return invalidRequest(reply, 'an empty batch holds no message');
      if (!messages.every((message) => JSONRPCMessageSchema.safeParse(message).success)) return invalidRequest(reply, 'the body is not a JSON-RPC 2.0 message');
      const key = request.apiKey!;
      const server = createBytesboundMcpServer({
        // In the compile worker, in the customer's turn, stopped at the synthesis timeout: a compile never holds the event loop.
        compile: (text, input) => compilePool().compile(text, input, `customer:${key.customerId}`),
        decide: async (decisionRequest, args) => {
          const named = args.arbiters?.length || args.policy;
          const inPlan = named ? [] : await builtInArbitersInPlan(app.db, key.customerId, MCP_DEFAULT_ARBITERS);
          const names = [...new Set(named ? (args.arbiters ?? []) : inPlan.length > 0 ? inPlan : MCP_DEFAULT_ARBITERS)];
          const counted = await admitDecision(app.db, key.customerId, names);
          try {
            const calls = await app.decisions.resolve(key.customerId, names);
            if (args.policy !== undefined) calls.push(app.decisions.inlinePolicy(args.policy, `key:${key.id}`));
            const consultation = await app.decisions.consult(calls, decisionRequest);
            const recorded = await recordDecision(app.db, app.signingKey, {
              customerId: key.customerId,
              apiKeyId: key.id,
              source: 'mcp',
              decision: consultation.decision,
              outcomes: consultation.outcomes,
              latencyNs: consultation.latencyNs,
              request: decisionRequest,
              subject: args.subject,
            });
            return recorded as unknown as DecideResult;
          } finally {
            counted();
          }
        },
        keys: async () => keyRingFromJwks(await publicJwkSet(app.db)),
        keyRingFromJwks,
        // The files a tool call names are on the agent's machine: this server never reads its own for a caller.
        filesOnThisMachine: false,
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      refuseInvalidParams(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );
  // Stateless: no server-initiated stream to open and no session to end.
  const notAllowed = { error: 'The MCP endpoint is stateless: send JSON-RPC messages with POST /mcp' };
  app.get('/mcp', { config: REFUSES_METHOD }, async (_request, reply) => reply.status(405).header('allow', 'POST').send(notAllowed));
  app.delete('/mcp', { config: REFUSES_METHOD }, async (_request, reply) => reply.status(405).header('allow', 'POST').send(notAllowed));
}
