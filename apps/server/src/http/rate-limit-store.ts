// Rate-limit counters in the app's database, for several server instances over one PostgreSQL
// database: each route's limit is counted in fixed windows (rate_limit_counters), incremented by
// atomic upserts (one for the increments of one turn of the event loop), so every instance sees
// the same count. One instance (SQLite) keeps the plugin's in-memory store, which costs no database
// round trip.
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import { chunks, INSERT_ROWS } from '../audit/audit-log.ts';
import type { Database } from '../db/database.ts';

type RateLimitState = { current: number; ttl: number };
type Callback = (error: Error | null, state: RateLimitState) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };

/** Rows of windows that ended are deleted at most this often per route and instance. */
const PRUNE_EVERY_MS = 60_000;

/** The start of the fixed window of `timeWindow` ms that holds `now`. */
export function windowStart(now: number, timeWindow: number): number {
  return timeWindow > 0 ? Math.floor(now / timeWindow) * timeWindow : now;
}

/** Adds one to `key`'s count in the window holding `now`; returns the new count and the ms left in the window. */
export async function incrementRateLimit(db: Database, key: string, timeWindow: number, now = Date.now()): Promise<RateLimitState> {
  const start = windowStart(now, timeWindow);
  const current = await incrementsOf(db).add(key, start);
  return { current, ttl: Math.max(0, start + timeWindow - now) };
}

type Increment = { id: string; key: string; windowStart: number; resolve: (count: number) => void; reject: (error: unknown) => void };

/**
 * The increments made in one turn of the event loop, written by one atomic upsert (a statement per
 * INSERT_ROWS keys), each answered the count it would have got alone, in the order they were made.
 * One upsert per request was one round trip and one commit per rate-limited request on PostgreSQL.
 */
class Increments {
  private waiting: Increment[] = [];

  constructor(private readonly db: Database) {}

  add(key: string, windowStart: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const length = this.waiting.push({ id: `${windowStart}:${key}`, key, windowStart, resolve, reject });
      if (length === 1) setImmediate(() => void this.write());
    });
  }

  private async write(): Promise<void> {
    const batch = this.waiting.splice(0);
    const added = new Map<string, { key: string; window_start: number; count: number }>();
    // Each increment's place among its key's increments in this batch (1 for the first).
    const places = batch.map(({ id, key, windowStart }) => {
      const row = added.get(id) ?? { key, window_start: windowStart, count: 0 };
      added.set(id, row);
      return ++row.count;
    });
    try {
      const totals = new Map<string, number>();
      // In one order on every instance: two upserts taking the same rows' locks in opposite orders would deadlock.
      const rows = [...added.keys()].sort().map((id) => added.get(id)!);
      for (const chunk of chunks(rows, INSERT_ROWS)) {
        const counted = await this.db
          .insertInto('rate_limit_counters')
          .values(chunk)
          .onConflict((conflict) =>
            conflict.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb(eb.ref('rate_limit_counters.count'), '+', eb.ref('excluded.count')) })),
          )
          .returning(['key', 'window_start', 'count'])
          .execute();
        for (const row of counted) totals.set(`${row.window_start}:${row.key}`, Number(row.count));
      }
      // A key's increments in this batch end at its new count.
      batch.forEach(({ id, resolve }, i) => resolve(totals.get(id)! - added.get(id)!.count + places[i]!));
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}

const increments = new WeakMap<Database, Increments>();

function incrementsOf(db: Database): Increments {
  let of = increments.get(db);
  if (of === undefined) {
    of = new Increments(db);
    increments.set(db, of);
  }
  return of;
}

/**
 * A @fastify/rate-limit store class over `db` (the plugin instantiates it and asks each rate-limited
 * route for a child). A route's keys are prefixed with its method and URL, as the plugin's own
 * stores keep each route's counts apart.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    private lastPrune = 0;

    constructor(private readonly prefix = '') {}

    child(params: RouteParams): DatabaseRateLimitStore {
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(params.groupId !== undefined ? `group:${params.groupId}:` : `${method}:${params.routeInfo?.url ?? ''}:`);
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      incrementRateLimit(db, this.prefix + key, timeWindow, now).then(
        (state) => {
          callback(null, state);
          this.prune(now, timeWindow);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), { current: 0, ttl: 0 }),
      );
    }

    read(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      const start = windowStart(now, timeWindow);
      db.selectFrom('rate_limit_counters')
        .select('count')
        .where('key', '=', this.prefix + key)
        .where('window_start', '=', start)
        .executeTakeFirst()
        .then(
          (row) => callback(null, row ? { current: Number(row.count), ttl: Math.max(0, start + timeWindow - now) } : { current: 0, ttl: 0 }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), { current: 0, ttl: 0 }),
        );
    }

    /** Deletes this route's rows of windows that have ended (throttled; a failure is retried next time). */
    private prune(now: number, timeWindow: number): void {
      if (now - this.lastPrune < PRUNE_EVERY_MS) return;
      this.lastPrune = now;
      db.deleteFrom('rate_limit_counters')
        .where('key', '>=', this.prefix)
        .where('key', '<', `${this.prefix}\uffff`)
        .where('window_start', '<', windowStart(now, timeWindow))
        .execute()
        .catch(() => {
          this.lastPrune = 0;
        });
    }
  };
}

/** The rate-limit plugin's options: routes opt in (global: false); counts in the database on PostgreSQL. */
export function rateLimitOptions(config: Config, db: Database): RateLimitPluginOptions {
  return config.database.dialect === 'postgres' ? { global: false, store: databaseRateLimitStore(db) as never } : { global: false };
}
