// Running counters of the decisions made (table decision_counters), one row per purpose: the global
// row every signed decision adds to, and the receptionist's own. Each figure the site shows (public
// metrics, the live demo, the receptionist's stream) is one row read, however long the log grows.
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.ts';

/** The row of all signed decisions. */
export const GLOBAL_COUNTERS_ID = 'global';

export type Counters = { total: number; allowed: number; blocked: number; averageExecutionTimeUs: number };

/** What some decisions add: how many, how many were allowed, and their engine time in nanoseconds. */
export type Counted = { total: number; allowed: number; latencyNs: number };

type Row = { total: number | string; allowed: number | string; blocked: number | string; latency_ns_sum: number | string };

function countersOf(row: Row): Counters {
  const total = Number(row.total);
  const averageExecutionTimeUs = total === 0 ? 0 : Math.round(Number(row.latency_ns_sum) / total / 10) / 100;
  return { total, allowed: Number(row.allowed), blocked: Number(row.blocked), averageExecutionTimeUs };
}

/** Adds decisions to a row (created at the first) in one upsert, and answers the row after it. */
export async function addToCounters(db: Kysely<Tables>, id: string, { total, allowed, latencyNs }: Counted): Promise<Counters> {
  const blocked = total - allowed;
  const row = await db
    .insertInto('decision_counters')
    .values({ id, total, allowed, blocked, latency_ns_sum: latencyNs })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        total: eb(eb.ref('decision_counters.total'), '+', total),
        allowed: eb(eb.ref('decision_counters.allowed'), '+', allowed),
        blocked: eb(eb.ref('decision_counters.blocked'), '+', blocked),
        latency_ns_sum: eb(eb.ref('decision_counters.latency_ns_sum'), '+', latencyNs),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return countersOf(row);
}

/** A row's counters: zeros before its first decision. */
export async function readCounters(db: Kysely<Tables>, id: string): Promise<Counters> {
  const row = await db.selectFrom('decision_counters').selectAll().where('id', '=', id).executeTakeFirst();
  return countersOf(row ?? { total: 0, allowed: 0, blocked: 0, latency_ns_sum: 0 });
}
