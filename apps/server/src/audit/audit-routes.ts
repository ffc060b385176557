// The audit log over HTTP: checkpoints, inclusion and consistency proofs, single bundles and the
// whole log, each in the format `bytebound verify` checks offline.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/errors.ts';
import { checkpointFor, consistencyProofFor, exportAuditLog, findBundle, inclusionProofFor } from './audit-log.ts';

const AUDIT_EXPORTS_PER_MINUTE = 10;

const treeSize = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const sizeQuery = z.object({ size: treeSize.optional() }).strict();
const idParams = z.object({ id: z.string().min(1).max(80) }).strict();
const consistencyQuery = z.object({ from: treeSize, to: treeSize.optional() }).strict();

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/audit/checkpoint', { schema: { querystring: sizeQuery } }, async (request) => {
    const { size } = request.query as z.infer<typeof sizeQuery>;
    return checkpointFor(app.db, app.signingKey, size);
  });

  app.get('/api/v1/audit/proof/:id', { schema: { params: idParams, querystring: sizeQuery } }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const { size } = request.query as z.infer<typeof sizeQuery>;
    return inclusionProofFor(app.db, app.signingKey, id, size);
  });

  app.get('/api/v1/audit/consistency', { schema: { querystring: consistencyQuery } }, async (request) => {
    const { from, to } = request.query as z.infer<typeof consistencyQuery>;
    return consistencyProofFor(app.db, app.signingKey, from, to);
  });

  app.get('/api/v1/audit/bundles/:id', { schema: { params: idParams } }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const row = await findBundle(app.db, id);
    if (row.envelope === null || row.decision === null) {
      throw new HttpError(410, `The payload of proof bundle ${row.id} has passed its retention period; its leaf ${row.leaf_index} stays in the log`);
    }
    return { id: row.id, leafIndex: Number(row.leaf_index), decision: JSON.parse(row.decision), envelope: JSON.parse(row.envelope) };
  });

  // The export reads the whole log: a few per minute per client is plenty for an auditor.
  app.get('/api/v1/audit/export', { config: { rateLimit: { max: AUDIT_EXPORTS_PER_MINUTE, timeWindow: '1 minute' } } }, async (_request, reply) => {
    reply.type('application/json');
    reply.header('content-disposition', 'attachment; filename="bytebound-audit-log.json"');
    return reply.send(Readable.from(exportAuditLog(app.db, app.signingKey)));
  });
}
