// The HMAC signatures accepted, so that each signed request is accepted once, by every server
// instance sharing the database (the table's primary key decides). The signatures of the requests
// that arrive in one turn of the event loop are recorded with one statement, and those past their
// window are deleted at most once a SWEEP_MS per database rather than by every request: a signed
// request then costs a share of one write instead of two writes of its own.
import { chunks, INSERT_ROWS } from '../audit/audit-log.ts';
import type { Database } from '../db/database.ts';

/** How often, at most, signatures past their window are deleted (per database). */
const SWEEP_MS = 1_000;

type Pending = { signature: string; expiresAt: number; resolve: (accepted: boolean) => void; reject: (error: unknown) => void };

const pendingOf = new WeakMap<Database, Pending[]>();
const lastSweeps = new WeakMap<Database, number>();

/** Records a signature valid until `expiresAt`: true when it is new, false when it was seen before (a replay). */
export function acceptSignatureOnce(db: Database, signature: string, expiresAt: number, now = Date.now()): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let pending = pendingOf.get(db);
    if (!pending) {
      pending = [];
      pendingOf.set(db, pending);
      setImmediate(() => void record(db, now));
    }
    pending.push({ signature, expiresAt, resolve, reject });
  });
}

async function record(db: Database, now: number): Promise<void> {
  const batch = pendingOf.get(db)!;
  pendingOf.delete(db);
  // A signature sent twice in one batch: the first is accepted (if new), the second is a replay.
  const first = new Map<string, Pending>();
  for (const p of batch) {
    if (first.has(p.signature)) p.resolve(false);
    else first.set(p.signature, p);
  }
  try {
    if (!(now - (lastSweeps.get(db) ?? Number.NEGATIVE_INFINITY) < SWEEP_MS)) {
      lastSweeps.set(db, now);
      await db.deleteFrom('api_key_signatures').where('expires_at', '<', now).execute();
    }
    const accepted = new Set<string>();
    for (const chunk of chunks([...first.values()], INSERT_ROWS)) {
      const rows = await db
        .insertInto('api_key_signatures')
        .values(chunk.map((p) => ({ signature: p.signature, expires_at: p.expiresAt })))
        .onConflict((conflict) => conflict.column('signature').doNothing())
        .returning('signature')
        .execute();
      for (const row of rows) accepted.add(row.signature);
    }
    for (const p of first.values()) p.resolve(accepted.has(p.signature));
  } catch (error) {
    for (const p of first.values()) p.reject(error);
  }
}
