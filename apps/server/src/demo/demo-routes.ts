// The free demo compiler's endpoints (spec section 7): POST /api/demo/compile with the spec's body,
// the legacy envelope POST /demo/compile, and the WebSocket monitor GET /api/demo/monitor that
// streams a compilation's stage events by compilationId. Public: rate-limited per client address,
// bodies bounded above the compiler's own 1 MB limit so that its clear message is what users see.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { perClient } from '../http/rate-limits.ts';
import { CompileMonitor, type MonitorEvent } from './compile-monitor.ts';
import { demoCompile, type DemoCompileFailure, type DemoCompileSuccess } from './demo-compile.ts';
import {
  AB_TEST_VARIANTS,
  DEMO_BODY_LIMIT_BYTES,
  DEMO_COMPILE_RATE_PER_MINUTE,
  DEMO_MONITOR_RATE_PER_MINUTE,
  ENVELOPE_FORMAT,
  MONITOR_IDLE_MS,
  MONITOR_WATCHES_PER_SOCKET,
} from './demo-config.ts';
import { addressLimit, boundedStream, OpenStreams } from '../http/open-streams.ts';
import { upgradeRequired } from '../http/stream-upgrades.ts';
import { countVariantCompile } from './variant-counts.ts';

const COMPILATION_ID = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'compilationId: 8 to 64 letters, digits, - or _');
const SHORT = z.string().max(200);

export const demoCompileBody = z
  .object({
    type: z.literal('compile'),
    payload: z
      .object({
        legalText: z.string(),
        codeType: z.string().min(1).max(20),
        jurisdiction: z.string().min(1).max(20).optional(),
        options: z
          .object({
            enforcementLevel: z.enum(['strict', 'moderate', 'permissive']),
            includeTests: z.boolean(),
            optimizationLevel: z.enum(['none', 'basic', 'maximum']),
            targetEnvironment: z.enum(['development', 'production']),
          })
          .partial()
          .strict()
          .default({}),
        metadata: z
          .object({
            detectedRegulation: z.string().max(40).nullable(),
            wordCount: z.number().int().nonnegative(),
            requestTime: z.union([z.string().max(40), z.number()]),
            abTestVariant: z.enum(AB_TEST_VARIANTS),
          })
          .partial()
          .strict()
          .default({}),
      })
      .strict(),
    timestamp: z.union([z.string().max(40), z.number()]).optional(),
    /** Chosen by the client so that it can watch the monitor while the compile runs. */
    compilationId: COMPILATION_ID.optional(),
  })
  .strict();

/** DESIGN section 8: the wire envelope; metadata is open, everything else validated. */
export const demoEnvelopeBody = z
  .object({
    target: SHORT.min(1),
    identification: z.object({ id: SHORT.min(1), type: z.literal('REQUEST') }).strict(),
    sender: SHORT.min(1),
    domain: z.literal('demo'),
    action: z.literal('compile'),
    payload: z.object({ lawText: z.string() }).strict(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const monitorQuery = z.object({ compilationId: COMPILATION_ID.optional() }).strict();
const monitorMessage = z.object({ type: z.literal('monitor'), compilationId: COMPILATION_ID }).strict();

declare module 'fastify' {
  interface FastifyInstance {
    demoMonitor: CompileMonitor;
  }
}

function send(reply: FastifyReply, result: DemoCompileSuccess | DemoCompileFailure, wrap: (r: typeof result) => unknown = (r) => r) {
  return reply.status(result.success ? 200 : 400).send(wrap(result));
}

export async function demoRoutes(app: FastifyInstance): Promise<void> {
  const monitor = new CompileMonitor();
  app.decorate('demoMonitor', monitor);

  const newId = () => crypto.randomUUID();

  app.post(
    '/api/demo/compile',
    { bodyLimit: DEMO_BODY_LIMIT_BYTES, schema: { body: demoCompileBody }, config: perClient(DEMO_COMPILE_RATE_PER_MINUTE) },
    async (request, reply) => {
      const body = request.body as z.infer<typeof demoCompileBody>;
      const compilationId = body.compilationId ?? newId();
      if (!monitor.claim(compilationId)) {
        return reply.status(409).send({ error: `compilationId '${compilationId}' was already used: send a new one for each compile` });
      }
      const result = await demoCompile(
        {
          legalText: body.payload.legalText,
          format: body.payload.codeType,
          jurisdiction: body.payload.jurisdiction,
          options: body.payload.options,
          compilationId,
          client: request.ip,
        },
        monitor,
      );
      const variant = body.payload.metadata.abTestVariant;
      if (variant) await countVariantCompile(app.db, variant, result.success ? 'success' : 'failure');
      return send(reply, result);
    },
  );

  app.post(
    '/demo/compile',
    { bodyLimit: DEMO_BODY_LIMIT_BYTES, schema: { body: demoEnvelopeBody }, config: perClient(DEMO_COMPILE_RATE_PER_MINUTE) },
    async (request, reply) => {
      const body = request.body as z.infer<typeof demoEnvelopeBody>;
      const result = await demoCompile(
        { legalText: body.payload.lawText, format: ENVELOPE_FORMAT, options: {}, compilationId: newId(), client: request.ip },
        monitor,
      );
      return send(reply, result, (payload) => ({
        target: body.sender,
        identification: { id: newId(), type: 'RESPONSE', inReplyTo: body.identification.id },
        sender: body.target,
        domain: 'demo',
        action: 'compile',
        ...(payload.success ? {} : { error: payload.error }),
        payload,
      }));
    },
  );

  const openStreams = new OpenStreams();
  app.get(
    '/api/demo/monitor',
    { websocket: true, onRequest: upgradeRequired, schema: { querystring: monitorQuery }, config: perClient(DEMO_MONITOR_RATE_PER_MINUTE) },
    (socket, request) => {
      if (!openStreams.admit(socket, [addressLimit(request)])) return;
      const subscriptions = new Map<string, () => void>();
      const idle = setTimeout(() => socket.close(1000, 'idle'), MONITOR_IDLE_MS);
      const { send } = boundedStream(socket, (data) => {
        let parsed;
        try {
          parsed = monitorMessage.safeParse(JSON.parse(data.toString('utf8')));
        } catch {
          parsed = null;
        }
        if (!parsed?.success) {
          send({ type: 'invalid', error: 'Send {"type":"monitor","compilationId":"<id>"} to watch a compilation' });
          return;
        }
        watch(parsed.data.compilationId);
      });
      const forward = (event: MonitorEvent) => send(event);
      const watch = (compilationId: string) => {
        idle.refresh();
        if (subscriptions.has(compilationId)) return;
        if (subscriptions.size >= MONITOR_WATCHES_PER_SOCKET) {
          const [oldest, unsubscribe] = subscriptions.entries().next().value!;
          unsubscribe();
          subscriptions.delete(oldest);
        }
        const subscription = monitor.subscribe(compilationId, forward);
        subscriptions.set(compilationId, subscription.unsubscribe);
      };
      const { compilationId } = request.query as z.infer<typeof monitorQuery>;
      if (compilationId) watch(compilationId);
      socket.on('close', () => {
        clearTimeout(idle);
        for (const unsubscribe of subscriptions.values()) unsubscribe();
      });
    },
  );
}
