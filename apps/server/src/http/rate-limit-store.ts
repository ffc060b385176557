// Rate-limit counters in the app's database, for several server instances over one PostgreSQL
// database: each route's limit is counted in fixed windows (rate_limit_counters), incremented by
// one atomic upsert, so every instance sees the same count. One instance (SQLite) keeps the
// plugin's in-memory store, which costs no database round trip.
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Config } from '../config.ts';
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
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_start: start, count: 1 })
    .onConflict((conflict) => conflict.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb(eb.ref('rate_limit_counters.count'), '+', 1) })))
    .returning('count')
    .executeTakeFirstOrThrow();
  return { current: Number(row.count), ttl: Math.max(0, start + timeWindow - now) };
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
