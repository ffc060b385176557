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
  const perDatabase = new WeakMap<Database, Map<string, Entry<T>>>();
  return {
    async get(db, key, read, now = Date.now()) {
      let entries = perDatabase.get(db);
      const entry = entries?.get(key);
      if (entry && entry.until > now) return entry.value;
      const value = await read();
      if (!entries) {
        entries = new Map();
        perDatabase.set(db, entries);
      }
      entries.delete(key);
      if (value !== undefined) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, { value, until: now + ttlMs });
      }
      return value;
    },
    forget(db) {
      perDatabase.get(db)?.clear();
    },
  };
}
