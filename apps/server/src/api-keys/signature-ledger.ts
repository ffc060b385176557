// The HMAC signatures accepted, so that each signed request is accepted once, by every server
// instance sharing the database (the table's primary key decides). The signatures of the requests
// that arrive in one turn of the event loop are recorded with one statement, and those past their
// window are deleted at most once a SWEEP_MS per database rather than by every request: a signed
// request then costs a share of one write instead of two writes of its own.
import { chunks, INSERT_ROWS } from '../audit/audit-log.ts';
import type { Database } from '../db/database.ts';
import { type Gathered, gatheredPerTurn } from '../db/gathered-calls.ts';

/** How often, at most, signatures past their window are deleted (per database). */
const SWEEP_MS = 1_000;

type Signature = { signature: string; expiresAt: number; now: number };

const lastSweeps = new WeakMap<Database, number>();
const recordTogether = gatheredPerTurn<Signature, boolean>(record);

/** Records a signature valid until `expiresAt`: true when it is new, false when it was seen before (a replay). */
export function acceptSignatureOnce(db: Database, signature: string, expiresAt: number, now = Date.now()): Promise<boolean> {
  return recordTogether(db, { signature, expiresAt, now });
}

async function record(db: Database, calls: readonly Gathered<Signature, boolean>[]): Promise<void> {
  // A signature sent twice in one batch: the first is accepted (if new), the second is a replay.
  const first = new Map<string, Gathered<Signature, boolean>>();
  for (const call of calls) {
    if (first.has(call.ask.signature)) call.resolve(false);
    else first.set(call.ask.signature, call);
  }
  const now = calls[0]!.ask.now;
  if (now - (lastSweeps.get(db) ?? Number.NEGATIVE_INFINITY) >= SWEEP_MS) {
    lastSweeps.set(db, now);
    await db.deleteFrom('api_key_signatures').where('expires_at', '<', now).execute();
  }
  const accepted = new Set<string>();
  for (const chunk of chunks([...first.values()], INSERT_ROWS)) {
    const rows = await db
      .insertInto('api_key_signatures')
      .values(chunk.map(({ ask }) => ({ signature: ask.signature, expires_at: ask.expiresAt })))
      .onConflict((conflict) => conflict.column('signature').doNothing())
      .returning('signature')
      .execute();
    for (const row of rows) accepted.add(row.signature);
  }
  for (const call of first.values()) call.resolve(accepted.has(call.ask.signature));
}
