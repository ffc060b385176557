// Retention of proof bundle payloads: past the period the envelope and decision are deleted; the
// Merkle leaf stays forever, so the log remains complete and every checkpoint verifiable.
import type { Database } from '../db/database.ts';
import type { RetentionPolicy } from '../retention/retention.ts';
import { AUDIT_RETENTION_MS } from '../retention/retention-periods.ts';

/** Rows purged per statement: short write transactions, so decisions keep appending meanwhile (SQLite has one writer). */
const PURGE_BATCH = 1_000;

export function proofPayloadRetention(periodMs = AUDIT_RETENTION_MS): RetentionPolicy {
  return {
    name: 'proof-bundle-payloads',
    periodMs,
    purge: async (db: Database, cutoff: number) => {
      let purged = 0;
      for (;;) {
        const batch = db
          .selectFrom('proof_bundles')
          .select('id')
          .where('created_at', '<', cutoff)
          .where('payload_purged_at', 'is', null)
          .limit(PURGE_BATCH);
        const result = await db
          .updateTable('proof_bundles')
          .set({ envelope: null, decision: null, payload_purged_at: Date.now() })
          .where('id', 'in', batch)
          .executeTakeFirst();
        const n = Number(result.numUpdatedRows);
        purged += n;
        if (n < PURGE_BATCH) return purged;
      }
    },
  };
}
