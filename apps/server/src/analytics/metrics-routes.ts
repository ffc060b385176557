// GET /api/v1/analytics/metrics: public, aggregate, anonymous counters of the real decisions this
// service has made (the signed decisions of POST /api/v1/decide). Read from one counters row, so
// the cost does not grow with the log; never cached by the client.
import type { FastifyInstance } from 'fastify';
import { GLOBAL_COUNTERS_ID, readCounters } from '../decide/decision-counters.ts';

export type PublicMetrics = {
  totalDecisions: number;
  allowedDecisions: number;
  blockedDecisions: number;
  /** Mean engine time per decision, in microseconds; 0 before the first decision. */
  averageExecutionTime: number;
  /** Seconds since this server started. */
  uptime: number;
};

export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/analytics/metrics', async (_request, reply) => {
    const counters = await readCounters(app.db, GLOBAL_COUNTERS_ID);
    const metrics: PublicMetrics = {
      totalDecisions: counters.total,
      allowedDecisions: counters.allowed,
      blockedDecisions: counters.blocked,
      averageExecutionTime: counters.averageExecutionTimeUs,
      uptime: Math.floor((Date.now() - app.startedAt) / 1000),
    };
    reply.header('cache-control', 'no-store');
    return metrics;
  });
}
