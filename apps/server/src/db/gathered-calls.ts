// Calls made in one turn of the event loop, gathered per database and handled together (one
// statement for the rows of many requests), each caller still getting its own answer.
import type { Database } from './database.ts';

/** One gathered call: what it asks, and how to answer it. */
export type Gathered<Ask, Answer> = { ask: Ask; resolve: (answer: Answer) => void; reject: (error: unknown) => void };

/**
 * A function whose calls on one database in one turn of the event loop reach `handle` together.
 * `handle` answers each call; should it throw, the calls it has not answered fail with its error.
 */
export function gatheredPerTurn<Ask, Answer>(handle: (db: Database, calls: readonly Gathered<Ask, Answer>[]) => Promise<void>): (db: Database, ask: Ask) => Promise<Answer> {
  const pending = new WeakMap<Database, Gathered<Ask, Answer>[]>();
  return (db, ask) =>
    new Promise((resolve, reject) => {
      let calls = pending.get(db);
      if (!calls) {
        const gathered: Gathered<Ask, Answer>[] = [];
        calls = gathered;
        pending.set(db, gathered);
        setImmediate(() => {
          pending.delete(db);
          // A promise already answered keeps its answer: only the others take the error.
          handle(db, gathered).catch((error: unknown) => gathered.forEach((call) => call.reject(error)));
        });
      }
      calls.push({ ask, resolve, reject });
    });
}
