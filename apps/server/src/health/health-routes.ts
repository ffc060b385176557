// GET /api/health: is the server up, which version, and can it reach its database.
import type { FastifyInstance } from 'fastify';
import { isReachable } from '../db/database.ts';
import { version } from '../version.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    const reachable = await isReachable(app.db);
    return reply.status(reachable ? 200 : 503).send({
      status: reachable ? 'ok' : 'degraded',
      version,
      uptimeSeconds: Math.round(process.uptime()),
      database: { dialect: app.db.dialect, reachable },
    });
  });
}
