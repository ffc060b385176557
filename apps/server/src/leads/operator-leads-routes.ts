// The operators' leads view: GET /api/operator/leads (every kind, newest first, and the demo's A/B
// compile counts) and GET /api/operator/leads.csv?kind=... (one kind, all rows, as a spreadsheet).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseRequest } from '../booking/request-body.ts';
import { ACCOUNT_REQUESTS_PER_MINUTE } from '../constants.ts';
import { variantCounts } from '../demo/variant-counts.ts';
import { perAccount } from '../http/rate-limits.ts';
import { requireOperator } from '../operators/require-operator.ts';
import { toCsv } from './csv.ts';
import { LEAD_KINDS, leadRecords } from './lead-records.ts';
import { LEADS_VIEW_LIMIT } from './leads-constants.ts';

const csvQuery = z.object({ kind: z.enum(LEAD_KINDS, { error: `kind must be one of ${LEAD_KINDS.join(', ')}` }) });

/** Compiles per A/B variant: total, succeeded and failed. */
async function demoVariants(db: FastifyInstance['db']) {
  const byVariant = new Map<string, { variant: string; compiles: number; succeeded: number; failed: number }>();
  for (const row of await variantCounts(db)) {
    const entry = byVariant.get(row.variant) ?? { variant: row.variant, compiles: 0, succeeded: 0, failed: 0 };
    entry.compiles += row.compiles;
    if (row.outcome === 'success') entry.succeeded += row.compiles;
    else entry.failed += row.compiles;
    byVariant.set(row.variant, entry);
  }
  return [...byVariant.values()];
}

export async function operatorLeadsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const guarded = { preValidation: requireOperator(db), config: perAccount(ACCOUNT_REQUESTS_PER_MINUTE) };

  app.get('/api/operator/leads', guarded, async (_request, reply) => {
    const limit = { limit: LEADS_VIEW_LIMIT };
    const [bookings, pilotRequests, contacts, subscribers, variants] = await Promise.all([
      leadRecords.bookings(db, limit),
      leadRecords.pilotRequests(db, limit),
      leadRecords.contacts(db, limit),
      leadRecords.subscribers(db, limit),
      demoVariants(db),
    ]);
    reply.header('cache-control', 'no-store');
    return { bookings, pilotRequests, contacts, subscribers, demoVariants: variants };
  });

  app.get('/api/operator/leads.csv', guarded, async (request, reply) => {
    const { kind } = parseRequest(csvQuery, request.query);
    const rows = await leadRecords[kind](db);
    const header = CSV_COLUMNS[kind];
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bytebound-${kind}-${date}.csv"`)
      .header('cache-control', 'no-store')
      .send(toCsv(header, rows.map((row) => header.map((key) => row[key]))));
  });
}

/** The columns of each kind's CSV, in order (the fields of the JSON view). */
const CSV_COLUMNS: Record<(typeof LEAD_KINDS)[number], string[]> = {
  bookings: ['id', 'start', 'end', 'status', 'name', 'email', 'company', 'interest', 'notes', 'timeZone', 'source', 'pilotRequestId', 'createdAt', 'cancelledAt'],
  pilotRequests: ['id', 'company', 'name', 'email', 'useCase', 'regulations', 'createdAt'],
  contacts: ['id', 'name', 'email', 'company', 'interest', 'message', 'createdAt'],
  subscribers: ['email', 'status', 'createdAt', 'confirmedAt', 'unsubscribedAt'],
};
