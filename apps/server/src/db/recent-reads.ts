// Rows the decision path reads on every request (an API key, the arbiter a name points to, the
// customer's plan), kept briefly per database. A change made through this instance forgets them at
// once; a change made by another instance (several servers on one PostgreSQL) is seen within
// RECENT_READ_TTL_MS.
import { RECENT_READ_TTL_MS } from '../constants.ts';
import type { Database } from './database.ts';

/** Entries kept per purpose and database at most (the oldest leave first). */
const MAX_ENTRIES = 10_000;

type Entry<T> = { value: T; until: number };

export type RecentReads<T> = {
  /** The value read for `key` within the last ttlMs, or `read()`'s (kept unless undefined). */
  get: (db: Database, key: string, read: () => Promise<T | undefined>, now?: number) => Promise<T | undefined>;
  /** Forgets the database's entries: called after any write to what is read. */
  forget: (db: Database) => void;
};

/** One purpose's recent reads (say, API keys by id), kept apart per database. */
export function recentReads<T>(ttlMs = RECENT_READ_TTL_MS): RecentReads<T> {
  /** The entries, and how many times they were forgotten: a read that a write overtook is not kept. */
  const perDatabase = new WeakMap<Database, { entries: Map<string, Entry<T>>; forgotten: number }>();
  return {
    async get(db, key, read, now = Date.now()) {
      let kept = perDatabase.get(db);
      if (!kept) {
        kept = { entries: new Map(), forgotten: 0 };
        perDatabase.set(db, kept);
      }
      const entry = kept.entries.get(key);
      if (entry && entry.until > now) return entry.value;
      const forgotten = kept.forgotten;
      const value = await read();
      // A write while it was read (a key revoked, a subject erased) may have changed it: this caller,
      // whose request came first, gets it, and the next one reads again.
      if (kept.forgotten !== forgotten) return value;
      kept.entries.delete(key);
      if (value !== undefined) {
        if (kept.entries.size >= MAX_ENTRIES) kept.entries.delete(kept.entries.keys().next().value!);
        kept.entries.set(key, { value, until: now + ttlMs });
      }
      return value;
    },
    forget(db) {
      const kept = perDatabase.get(db);
      if (!kept) return;
      kept.entries.clear();
      kept.forgotten += 1;
    },
  };
}
