// POST /api/logs: batches from the browser's logger (off by default in the client). Bounded in
// size and rate, personal data scrubbed again here, and only the newest rows kept.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CLIENT_LOG_BATCH_MAX,
  CLIENT_LOG_LEVEL_MAX,
  CLIENT_LOG_MESSAGE_MAX,
  CLIENT_LOG_RATE_PER_MINUTE,
  CLIENT_LOG_ROWS_KEPT,
} from '../constants.ts';
// The browser's own scrubber, run again here on every field: a client need not have run it.
import { scrubPersonalData } from '../../../web/src/lib/scrub-personal-data.ts';
import { perClient } from '../http/rate-limits.ts';

const entry = z
  .object({
    level: z.number().int().min(0).max(CLIENT_LOG_LEVEL_MAX),
    message: z.string().max(CLIENT_LOG_MESSAGE_MAX),
    timestamp: z.union([z.string().max(40), z.number()]),
    url: z.string().max(2_000).optional(),
    userAgent: z.string().max(500).optional(),
  })
  .strict();

const batch = z.object({ logs: z.array(entry).min(1).max(CLIENT_LOG_BATCH_MAX) }).strict();

export async function clientLogRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/logs',
    {
      schema: { body: batch },
      config: perClient(CLIENT_LOG_RATE_PER_MINUTE),
    },
    async (request, reply) => {
      const { logs } = request.body as z.infer<typeof batch>;
      const now = Date.now();
      const rows = logs.map((log) => ({
        level: log.level,
        message: scrubPersonalData(log.message),
        url: log.url ? scrubPersonalData(log.url) : null,
        user_agent: log.userAgent ? scrubPersonalData(log.userAgent) : null,
        logged_at: loggedAt(log.timestamp, now),
        received_at: now,
      }));
      await app.db.transaction().execute(async (trx) => {
        await trx.insertInto('client_logs').values(rows).execute();
        const cutoff = await trx
          .selectFrom('client_logs')
          .select('id')
          .orderBy('id', 'desc')
          .offset(CLIENT_LOG_ROWS_KEPT)
          .limit(1)
          .executeTakeFirst();
        if (cutoff) await trx.deleteFrom('client_logs').where('id', '<=', cutoff.id).execute();
      });
      return reply.status(202).send({ accepted: rows.length });
    },
  );
}

/** The entry's time in whole ms, when it is a time a Date can hold (so that it fits the column); otherwise `fallback`. */
function loggedAt(timestamp: string | number, fallback: number): number {
  const ms = Math.round(typeof timestamp === 'number' ? timestamp : Date.parse(timestamp));
  return Number.isNaN(new Date(ms).getTime()) ? fallback : ms;
}
