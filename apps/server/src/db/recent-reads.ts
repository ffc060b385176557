// Rows the decision path reads on every request (an API key, the arbiter a name points to, the
// customer's plan), kept briefly per database. A change made through this instance forgets them at
// once; a change made by another instance (several servers on one PostgreSQL) is seen within
// RECENT_READ_TTL_MS.
import { RECENT_READ_TTL_MS } from '../constants.ts';
import type { Database } from './database.ts';

/** Entries kept per table and database at most (the oldest leave first). */
const MAX_ENTRIES = 10_000;

export class RecentReads<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(private readonly ttlMs = RECENT_READ_TTL_MS) {}

  /** The value read for `key` within the last ttlMs, or `read()`'s (kept unless undefined). */
  async get(key: string, read: () => Promise<T | undefined>, now = Date.now()): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (entry && entry.until > now) return entry.value;
    const value = await read();
    this.entries.delete(key);
    if (value !== undefined) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, until: now + this.ttlMs });
    }
    return value;
  }

  /** Forgets everything: called after any write to the table read. */
  clear(): void {
    this.entries.clear();
  }
}

/** One RecentReads per database and purpose. */
export function recentReadsOf<T>(registry: WeakMap<Database, RecentReads<T>>, db: Database): RecentReads<T> {
  let reads = registry.get(db);
  if (!reads) {
    reads = new RecentReads<T>();
    registry.set(db, reads);
  }
  return reads;
}
