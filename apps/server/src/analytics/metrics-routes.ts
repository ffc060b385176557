// GET /api/v1/analytics/metrics: public, aggregate, anonymous counters of the real decisions this
// service has made (the signed decisions of POST /api/v1/decide). Read from one counters row, so
// the cost does not grow with the log; never cached by the client.
import type { FastifyInstance } from 'fastify';
import { GLOBAL_COUNTERS_ID } from '../decide/decision-recorder.ts';

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
    const row = await app.db.selectFrom('decision_counters').selectAll().where('id', '=', GLOBAL_COUNTERS_ID).executeTakeFirst();
    const total = Number(row?.total ?? 0);
    const metrics: PublicMetrics = {
      totalDecisions: total,
      allowedDecisions: Number(row?.allowed ?? 0),
      blockedDecisions: Number(row?.blocked ?? 0),
      averageExecutionTime: total === 0 ? 0 : Math.round(Number(row!.latency_ns_sum) / total / 10) / 100,
      uptime: Math.floor((Date.now() - app.startedAt) / 1000),
    };
    reply.header('cache-control', 'no-store');
    return metrics;
  });
}
