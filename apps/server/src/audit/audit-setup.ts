// Wires the audit log into the app: app.audit.append(bundle) for the decision path, the payload
// retention policy, and the routes. Needs app.signingKey and app.retention set up first.
import type { ProofBundle } from '@bytebound/engine/proof-bundle';
import type { FastifyInstance } from 'fastify';
import { dataKeyOf } from '../api-keys/api-key-auth.ts';
import { type AppendOptions, type AppendResult, appendToAuditLog } from './audit-log.ts';
import { auditRoutes } from './audit-routes.ts';
import { sealCommitmentKeysWith } from './commitment-keys.ts';
import { proofPayloadRetention } from './proof-retention.ts';

export type AuditLog = {
  /** Appends a signed decision to the log (and signs a checkpoint every 10 leaves). */
  append: (bundle: ProofBundle, options?: Omit<AppendOptions, 'signer'>) => Promise<AppendResult>;
};

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditLog;
  }
}

export async function setUpAudit(app: FastifyInstance): Promise<void> {
  // The app's one data key, also the one HMAC-signed requests unseal their key's secret with.
  sealCommitmentKeysWith(app.db, dataKeyOf(app.config));
  app.decorate('audit', {
    append: (bundle: ProofBundle, options: Omit<AppendOptions, 'signer'> = {}) => appendToAuditLog(app.db, bundle, { ...options, signer: app.signingKey }),
  });
  app.retention.register(proofPayloadRetention());
  await app.register(auditRoutes);
}
