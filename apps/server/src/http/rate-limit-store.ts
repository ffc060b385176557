// Rate-limit counters in the app's database, for several server instances over one PostgreSQL
// database: each route's requests are counted per key in fixed windows aligned to the clock
// (rate_limit_counters), by atomic upserts (one for the increments of one turn of the event loop)
// that also read the window before, so every instance sees the same counts and the limit holds over
// the last `timeWindow` ms, as the sliding-window counter estimates it (sliding-window.ts). One
// instance (SQLite) counts in memory (SlidingWindowStore), which costs no database round trip.
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import { chunks, INSERT_ROWS } from '../audit/audit-log.ts';
import type { Database } from '../db/database.ts';
import { type RateLimitState, rateLimitState, SlidingWindowStore, type WindowCounts, windowStart } from './sliding-window.ts';

type Callback = (error: Error | null, state: RateLimitState) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };

/** Rows of windows that stopped counting are deleted at most this often per route and instance. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Adds one to `key`'s count in the window holding `now`; returns the estimated count of the last
 * `timeWindow` ms and, refused past `max`, the ms until a request would be admitted, else the ms
 * left in the window.
 */
export async function incrementRateLimit(db: Database, key: string, timeWindow: number, now = Date.now(), max = Infinity): Promise<RateLimitState> {
  const counts = await incrementsOf(db).add(key, windowStart(now, timeWindow), timeWindow);
  return rateLimitState(counts, timeWindow, max, now);
}

type Increment = { id: string; key: string; windowStart: number; timeWindow: number; resolve: (counts: WindowCounts) => void; reject: (error: unknown) => void };
type Added = { key: string; window_start: number; count: number; timeWindow: number };

/**
 * The increments made in one turn of the event loop, written by one atomic upsert (a statement per
 * INSERT_ROWS keys of one window length) that also reads each key's previous window: each increment
 * is answered the count it would have got alone, in the order they were made, and the previous
 * window's count. One upsert per request was one round trip and one commit per rate-limited request
 * on PostgreSQL.
 */
class Increments {
  private waiting: Increment[] = [];

  constructor(private readonly db: Database) {}

  add(key: string, windowStart: number, timeWindow: number): Promise<WindowCounts> {
    return new Promise((resolve, reject) => {
      const length = this.waiting.push({ id: `${windowStart}:${key}`, key, windowStart, timeWindow, resolve, reject });
      if (length === 1) setImmediate(() => void this.write());
    });
  }

  private async write(): Promise<void> {
    const batch = this.waiting.splice(0);
    const added = new Map<string, Added>();
    // Each increment's place among its key's increments in this batch (1 for the first).
    const places = batch.map(({ id, key, windowStart, timeWindow }) => {
      const row = added.get(id) ?? { key, window_start: windowStart, count: 0, timeWindow };
      added.set(id, row);
      return ++row.count;
    });
    try {
      const totals = new Map<string, { count: number; previous: number }>();
      // In one order on every instance: two upserts taking the same rows' locks in opposite orders would deadlock.
      const rows = [...added.keys()].sort().map((id) => added.get(id)!);
      for (const [timeWindow, ofLength] of byWindowLength(rows)) {
        for (const chunk of chunks(ofLength, INSERT_ROWS)) {
          for (const row of await upsertCounts(this.db, chunk, timeWindow)) {
            totals.set(`${row.window_start}:${row.key}`, { count: Number(row.count), previous: Number(row.previous ?? 0) });
          }
        }
      }
      // A key's increments in this batch end at its new count. A previous window incremented in this
      // batch too counts at its new count: PostgreSQL's statement reads it as it was before, SQLite's
      // as far as the statement got.
      batch.forEach(({ id, key, windowStart, timeWindow, resolve }, i) => {
        const { count, previous } = totals.get(id)!;
        const previousInBatch = totals.get(`${windowStart - timeWindow}:${key}`)?.count;
        resolve({ windowStart, count: count - added.get(id)!.count + places[i]!, previous: previousInBatch ?? previous });
      });
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}

/** `rows` grouped by the length of their window (a route's is one), each group in the order of `rows`. */
function byWindowLength(rows: Added[]): Map<number, Added[]> {
  const groups = new Map<number, Added[]>();
  for (const row of rows) {
    const group = groups.get(row.timeWindow);
    if (group) group.push(row);
    else groups.set(row.timeWindow, [row]);
  }
  return groups;
}

/**
 * Adds `rows`' counts to their windows' rows (created at their count if new); returns each row's
 * new count and the count of its previous window (null if none), read in the same statement.
 */
function upsertCounts(db: Database, rows: Added[], timeWindow: number) {
  return db
    .insertInto('rate_limit_counters')
    .values(rows.map(({ key, window_start, count }) => ({ key, window_start, count })))
    .onConflict((conflict) =>
      conflict.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb(eb.ref('rate_limit_counters.count'), '+', eb.ref('excluded.count')) })),
    )
    .returning((eb) => [
      'rate_limit_counters.key',
      'rate_limit_counters.window_start',
      'rate_limit_counters.count',
      eb
        .selectFrom('rate_limit_counters as before')
        .select('before.count')
        .whereRef('before.key', '=', 'rate_limit_counters.key')
        .where('before.window_start', '=', eb(eb.ref('rate_limit_counters.window_start'), '-', timeWindow))
        .as('previous'),
    ])
    .execute();
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

    incr(key: string, callback: Callback, timeWindow: number, max = Infinity): void {
      const now = Date.now();
      incrementRateLimit(db, this.prefix + key, timeWindow, now, max).then(
        (state) => {
          callback(null, state);
          this.prune(now, timeWindow);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), { current: 0, ttl: 0 }),
      );
    }

    read(key: string, callback: Callback, timeWindow: number, max = Infinity): void {
      const now = Date.now();
      const start = windowStart(now, timeWindow);
      db.selectFrom('rate_limit_counters')
        .select(['window_start', 'count'])
        .where('key', '=', this.prefix + key)
        .where('window_start', 'in', [start - timeWindow, start])
        .execute()
        .then(
          (rows) => {
            const countOf = (at: number) => Number(rows.find((row) => Number(row.window_start) === at)?.count ?? 0);
            const counts = { windowStart: start, count: countOf(start), previous: countOf(start - timeWindow) };
            callback(null, rateLimitState(counts, timeWindow, max, now));
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), { current: 0, ttl: 0 }),
        );
    }

    /** Deletes this route's rows of windows that stopped counting: all before the previous window (throttled; a failure is retried next time). */
    private prune(now: number, timeWindow: number): void {
      if (now - this.lastPrune < PRUNE_EVERY_MS) return;
      this.lastPrune = now;
      db.deleteFrom('rate_limit_counters')
        .where('key', '>=', this.prefix)
        .where('key', '<', `${this.prefix}\uffff`)
        .where('window_start', '<', windowStart(now, timeWindow) - timeWindow)
        .execute()
        .catch(() => {
          this.lastPrune = 0;
        });
    }
  };
}

/** The rate-limit plugin's options: routes opt in (global: false); counts in the database on PostgreSQL, in memory on SQLite. */
export function rateLimitOptions(config: Config, db: Database): RateLimitPluginOptions {
  return { global: false, store: config.database.dialect === 'postgres' ? (databaseRateLimitStore(db) as never) : SlidingWindowStore };
}
