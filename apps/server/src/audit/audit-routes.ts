// The audit log over HTTP: checkpoints, inclusion and consistency proofs, single bundles and the
// whole log, each in the format `bytebound verify` checks offline.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticate, lacksScope, useApiKeyAuth } from '../api-keys/api-key-auth.ts';
import { parseApiKey } from '../api-keys/api-key-store.ts';
import { findSession } from '../auth/sessions.ts';
import { AUDIT_READS_PER_MINUTE } from '../constants.ts';
import { HttpError } from '../http/errors.ts';
import type { DsseEnvelope } from '@bytebound/engine/dsse';
import { decisionOfEnvelope } from '@bytebound/engine/proof-bundle';
import { perClient } from '../http/rate-limits.ts';
import { checkpointFor, consistencyProofFor, exportAuditLog, findBundle, inclusionProofFor, mayReadPayload } from './audit-log.ts';

export const AUDIT_MESSAGES = {
  payloadNeedsOwner: "A proof bundle's payload is readable with the API key or the signed-in session of the customer whose decision it is",
} as const;

/**
 * The customer a request speaks for: the owner of its API key (Bearer bb_live_... or an HMAC
 * signature), or the signed-in account of its session; null for an anonymous caller. A bad key
 * is a 401, as on every keyed route. A key reads its customer's proofs with the scope of the
 * decisions they prove (`decide`): the receptionist's publishable key, which every visitor of the
 * site holds, reads no one's.
 */
async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (typeof request.headers['x-bytebound-signature'] === 'string' || (bearer !== undefined && parseApiKey(bearer) !== null)) {
    const key = await authenticate(app, request);
    if (key && !key.scopes.includes('decide')) throw new HttpError(403, lacksScope('decide'));
    return key?.customerId ?? null;
  }
  return (await findSession(app.db, request))?.account.id ?? null;
}

const AUDIT_EXPORTS_PER_MINUTE = 10;

const TREE_SIZE = 'a tree size: a whole number of entries, e.g. 42';
// Decimal digits only: Number() would also take '', ' ' (0) and '0x10' (16).
const treeSize = z
  .string({ error: TREE_SIZE })
  .regex(/^\d{1,16}$/, TREE_SIZE)
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, TREE_SIZE));
const sizeQuery = z.object({ size: treeSize.optional() }).strict();
const idParams = z.object({ id: z.string().min(1).max(80) }).strict();
const consistencyQuery = z.object({ from: treeSize, to: treeSize.optional() }).strict();

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  useApiKeyAuth(app);
  const reads = perClient(AUDIT_READS_PER_MINUTE);
  app.get('/api/v1/audit/checkpoint', { config: reads, schema: { querystring: sizeQuery } }, async (request) => {
    const { size } = request.query as z.infer<typeof sizeQuery>;
    return checkpointFor(app.db, app.signingKey, size);
  });

  app.get('/api/v1/audit/proof/:id', { config: reads, schema: { params: idParams, querystring: sizeQuery } }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const { size } = request.query as z.infer<typeof sizeQuery>;
    return inclusionProofFor(app.db, app.signingKey, id, size, await viewerOf(app, request));
  });

  app.get('/api/v1/audit/consistency', { config: reads, schema: { querystring: consistencyQuery } }, async (request) => {
    const { from, to } = request.query as z.infer<typeof consistencyQuery>;
    return consistencyProofFor(app.db, app.signingKey, from, to);
  });

  app.get('/api/v1/audit/bundles/:id', { config: reads, schema: { params: idParams } }, async (request) => {
    const { id } = request.params as z.infer<typeof idParams>;
    const viewer = await viewerOf(app, request);
    if (viewer === null) throw new HttpError(401, AUDIT_MESSAGES.payloadNeedsOwner);
    const row = await findBundle(app.db, id);
    // Another customer's bundle answers as a missing one: its existence is not theirs to learn.
    if (!mayReadPayload(row.customer_id, viewer)) throw new HttpError(404, `No proof bundle ${row.id}`);
    if (row.envelope === null) {
      throw new HttpError(410, `The payload of proof bundle ${row.id} has passed its retention period; its leaf ${row.leaf_index} stays in the log`);
    }
    const envelope = JSON.parse(row.envelope) as DsseEnvelope;
    // Bundles stored before the decision was kept only in the envelope still have it in a column.
    const decision = row.decision === null ? decisionOfEnvelope(envelope) : JSON.parse(row.decision);
    return { id: row.id, leafIndex: Number(row.leaf_index), decision, envelope };
  });

  // The export reads the whole log: a few per minute per client is plenty for an auditor.
  app.get('/api/v1/audit/export', { config: perClient(AUDIT_EXPORTS_PER_MINUTE) }, async (request, reply) => {
    const viewer = await viewerOf(app, request);
    reply.type('application/json');
    reply.header('content-disposition', 'attachment; filename="bytebound-audit-log.json"');
    return reply.send(Readable.from(exportAuditLog(app.db, app.signingKey, viewer)));
  });
}
