// Retention of proof bundle payloads: past the period the envelope and decision are deleted; the
// Merkle leaf stays forever, so the log remains complete and every checkpoint verifiable.
import type { Database } from '../db/database.ts';
import type { RetentionPolicy } from '../retention/retention.ts';
import { AUDIT_RETENTION_MS } from '../retention/retention-periods.ts';

export function proofPayloadRetention(periodMs = AUDIT_RETENTION_MS): RetentionPolicy {
  return {
    name: 'proof-bundle-payloads',
    periodMs,
    purge: async (db: Database, cutoff: number) => {
      const result = await db
        .updateTable('proof_bundles')
        .set({ envelope: null, decision: null, payload_purged_at: Date.now() })
        .where('created_at', '<', cutoff)
        .where('payload_purged_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
