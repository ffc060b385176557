// The application factory: one Fastify instance with every capability registered as a plugin.
// `npm start` and the tests build the server through this function alone.
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { dataKeyOf } from './api-keys/api-key-auth.ts';
import { checkDataKey } from './api-keys/data-key-check.ts';
import { clientLogRoutes } from './client-logs/client-log-routes.ts';
import type { Config } from './config.ts';
import { DEFAULT_BODY_LIMIT_BYTES, REQUEST_TIMEOUT_MS, STREAM_CLOSE_TIMEOUT_MS, STREAM_MESSAGE_MAX_BYTES } from './constants.ts';
import { type Database, openDatabase } from './db/database.ts';
import { migrate } from './db/migrations.ts';
import { healthRoutes } from './health/health-routes.ts';
import { AccessLog } from './http/access-log.ts';
import { registerErrorHandling } from './http/errors.ts';
import { useJsonBodies } from './http/json-body.ts';
import { rateLimitOptions } from './http/rate-limit-store.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { answerProtocolErrors, applyProtocolRules } from './http/protocol-errors.ts';
import { answerUpgradesInJson } from './http/stream-upgrades.ts';
import { answerUnservedMethods } from './http/unserved-methods.ts';
import { applyUrlRules } from './http/url-rules.ts';
import { useZodValidation } from './http/validation.ts';
import { siteRoutes } from './site/site-routes.ts';
import { metricsRoutes } from './analytics/metrics-routes.ts';
import { homeRoutes } from './home/home-routes.ts';
import { arbiterRoutes } from './arbiters/arbiter-routes.ts';
import { decideRoutes } from './decide/decide-routes.ts';
import { decisionServices } from './decide/decision-services.ts';
import { publicCompilerRoutes } from './public-compiler/public-compiler-routes.ts';
import { demoRoutes } from './demo/demo-routes.ts';
import { setUpAudit } from './audit/audit-setup.ts';
import { setUpSigningKey } from './keys/signing-key-setup.ts';
import { setUpRetention } from './retention/retention.ts';
import { registerAccounts } from './auth/accounts.ts';
import { registerBooking } from './booking/register-booking.ts';
import { mcpRoutes } from './mcp/mcp-routes.ts';
import { receptionistRoutes } from './receptionist/receptionist-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
}

export type BuildOptions = {
  /** An already open database (tests share one per file); otherwise the config's is opened and closed with the app. */
  db?: Database;
  /** Where the log's lines go (tests read them); standard output by default. */
  logStream?: { write: (line: string) => void };
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-bytebound-signature"]'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new AccessLog(),
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // A path parameter is checked by its route's schema, which says what it should be; the router's
    // default of 100 characters answered a longer one as a route that does not exist.
    routerOptions: { maxParamLength: 1_000 },
    // A path Fastify cannot decode (a broken percent-escape) is answered in the API's error shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).status(400).send({ error: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL: a percent-escape in the path is not valid' : 'Bad request' });
    },
    // What Node answers itself with an empty body (a request it cannot parse, no Host, an unknown
    // Expect) is answered in the API's error shape instead (protocol-errors.ts).
    clientErrorHandler: answerProtocolErrors,
    http: { requireHostHeader: false },
  });
  applyProtocolRules(app);

  const db = options.db ?? openDatabase(config.database);
  app.decorate('config', config);
  app.decorate('db', db);
  if (!options.db) app.addHook('onClose', async () => db.destroy());
  await migrate(db);
  try {
    await checkDataKey(db, dataKeyOf(config));
  } catch (error) {
    await app.close(); // closes the database it opened
    throw error;
  }

  useZodValidation(app);
  useJsonBodies(app);
  registerErrorHandling(app);
  applyUrlRules(app);
  answerUnservedMethods(app);

  await registerSecurityHeaders(app);
  await app.register(rateLimit, rateLimitOptions(config, db));
  // One WebSocket server for every stream (the demo monitor, the receptionist): a second would route each upgrade twice.
  // A stream refused for its messages stops being read, so its client's close frame never arrives:
  // its connection is cut after the close timeout (an option of ws 8.23 its types do not list yet).
  const streamServerOptions = { maxPayload: STREAM_MESSAGE_MAX_BYTES, closeTimeout: STREAM_CLOSE_TIMEOUT_MS };
  await app.register(websocket, {
    options: streamServerOptions,
    // A client that breaks the protocol (a message over the limit, a malformed frame) has its socket
    // closed, with 1009 or 1002 from ws; that is the client's doing, not a failure of the server.
    errorHandler: (error, socket, request) => {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) request.log.info({ code }, 'WebSocket closed: the client broke the protocol');
      else request.log.error({ err: error }, 'WebSocket handler failed');
      socket.terminate();
    },
  });
  answerUpgradesInJson(app);
  await app.register(healthRoutes);
  await app.register(clientLogRoutes);
  setUpRetention(app);
  await setUpSigningKey(app);
  await setUpAudit(app);
  await app.register(decisionServices);
  await app.register(arbiterRoutes);
  await app.register(decideRoutes);
  await app.register(mcpRoutes);
  await app.register(metricsRoutes);
  await app.register(homeRoutes);
  await app.register(publicCompilerRoutes);
  await app.register(demoRoutes);
  await registerAccounts(app);
  await registerBooking(app);
  await app.register(receptionistRoutes);
  await app.register(siteRoutes);
  return app;
}
