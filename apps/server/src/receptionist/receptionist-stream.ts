// The live compliance stream's events and figures: each receptionist decision (sent only to its
// own visitor's sockets), the global anonymous counters over all receptionist decisions, and the
// signed audit checkpoint over each RECEPTIONIST_CHECKPOINT_EVERY decisions (DESIGN section 5).
// Events fan out in memory to this instance's sockets and, on PostgreSQL, to every other instance
// through LISTEN/NOTIFY (DESIGN section 6); the figures themselves are read from the database.
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { AUDIT_LOG_ORIGIN } from '@bytebound/engine/config';
import type { Signer } from '@bytebound/engine/signing-keys';
import { checkpointFor } from '../audit/audit-log.ts';
import { RECEPTIONIST_CHECKPOINT_EVERY, RECEPTIONIST_CHECKPOINTS_SENT } from '../constants.ts';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/database.ts';
import { addToCounters, type Counters, readCounters } from '../decide/decision-counters.ts';

/** The PostgreSQL channel the instances share the stream's events on. */
const CHANNEL = 'receptionist_stream';

/** The receptionist's row in decision_counters, beside the global one of all decisions. */
export const RECEPTIONIST_COUNTERS_ID = 'receptionist';

export type StreamDecision = { id: string; bundleId: string; timestamp: string; action: string; field: string; exitCode: 0 | 2; article: string | null; executionTimeUs: number; sessionId: string };

export type StreamCheckpoint = { id: string; origin: string; timestamp: string; treeSize: number; rootHash: string; signature: string; keyId: string; decisions: string[]; bundleIds: string[]; decisionCount: number };

export type StreamEvents = {
  decision: [{ sessionRowId: string; decision: StreamDecision }];
  counters: [Counters];
  checkpoint: [StreamCheckpoint];
};

type Published = { [K in keyof StreamEvents]: { from: string; event: K; data: StreamEvents[K][0] } }[keyof StreamEvents];

export class ReceptionistStream extends EventEmitter<StreamEvents> {
  private readonly instance = crypto.randomBytes(8).toString('hex');
  private listener: pg.Client | null = null;

  constructor(private readonly db: Database) {
    super();
    this.setMaxListeners(0);
  }

  /** PostgreSQL: receives the events the other instances publish. */
  async listen(url: string, onError: (error: Error) => void): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', onError);
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const published = JSON.parse(message.payload) as Published;
      if (published.from === this.instance) return;
      (this.emit as (event: string, data: unknown) => boolean)(published.event, published.data);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  async close(): Promise<void> {
    await this.listener?.end();
    this.listener = null;
  }

  /** Emits to this instance's sockets and, on PostgreSQL, to every other instance's. */
  async publish<K extends keyof StreamEvents>(event: K, data: StreamEvents[K][0]): Promise<void> {
    (this.emit as (event: K, data: StreamEvents[K][0]) => boolean)(event, data);
    if (this.db.dialect === 'postgres') {
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ from: this.instance, event, data })})`.execute(this.db);
    }
  }

  /**
   * Counts one receptionist decision in its running counters (one upsert, not an aggregate over
   * every decision so far) and answers the counters after it, `total` being this decision's place.
   */
  async count(exitCode: 0 | 2, latencyNs: number): Promise<Counters> {
    return addToCounters(this.db, RECEPTIONIST_COUNTERS_ID, { total: 1, allowed: exitCode === 0 ? 1 : 0, latencyNs });
  }

  async counters(): Promise<Counters> {
    return readCounters(this.db, RECEPTIONIST_COUNTERS_ID);
  }

  async recentCheckpoints(limit = RECEPTIONIST_CHECKPOINTS_SENT): Promise<StreamCheckpoint[]> {
    const rows = (await this.db.selectFrom('receptionist_checkpoints').selectAll().orderBy('created_at', 'desc').orderBy('tree_size', 'desc').limit(limit).execute()).reverse();
    const ids = rows.flatMap((r) => JSON.parse(r.decision_ids) as string[]);
    const bundles = new Map<string, string>();
    if (ids.length > 0) for (const d of await this.db.selectFrom('receptionist_decisions').select(['id', 'bundle_id']).where('id', 'in', ids).execute()) bundles.set(d.id, d.bundle_id);
    return rows.map((r) => {
      const decisions = JSON.parse(r.decision_ids) as string[];
      return {
        id: r.id,
        origin: AUDIT_LOG_ORIGIN,
        timestamp: r.timestamp,
        treeSize: Number(r.tree_size),
        rootHash: r.root_hash,
        signature: r.signature,
        keyId: r.key_id,
        decisions,
        bundleIds: decisions.map((id) => bundles.get(id) ?? ''),
        decisionCount: RECEPTIONIST_CHECKPOINT_EVERY,
      };
    });
  }

  /**
   * After the `n`th receptionist decision, at audit position `seq`: when it completes a batch of
   * ten, signs the audit log's checkpoint (which covers all ten) and announces it.
   */
  async checkpointIfDue(signer: Signer, seq: number, n: number, now = Date.now()): Promise<StreamCheckpoint | null> {
    if (n === 0 || n % RECEPTIONIST_CHECKPOINT_EVERY !== 0) return null;
    const batch = await this.db.selectFrom('receptionist_decisions').select(['id', 'bundle_id']).where('seq', '<=', seq).orderBy('seq', 'desc').limit(RECEPTIONIST_CHECKPOINT_EVERY).execute();
    const checkpoint = await checkpointFor(this.db, signer);
    const row = {
      id: `rcp_${n / RECEPTIONIST_CHECKPOINT_EVERY}_${crypto.randomBytes(4).toString('hex')}`,
      tree_size: checkpoint.size,
      root_hash: checkpoint.root,
      signature: checkpoint.signature,
      key_id: checkpoint.keyId,
      timestamp: checkpoint.timestamp,
      decision_ids: JSON.stringify(batch.map((b) => b.id).reverse()),
      created_at: now,
    };
    await this.db.insertInto('receptionist_checkpoints').values(row).execute();
    const announced: StreamCheckpoint = {
      id: row.id,
      origin: AUDIT_LOG_ORIGIN,
      timestamp: row.timestamp,
      treeSize: row.tree_size,
      rootHash: row.root_hash,
      signature: row.signature,
      keyId: row.key_id,
      decisions: JSON.parse(row.decision_ids) as string[],
      bundleIds: batch.map((b) => b.bundle_id).reverse(),
      decisionCount: RECEPTIONIST_CHECKPOINT_EVERY,
    };
    await this.publish('checkpoint', announced);
    return announced;
  }
}
