import { describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { gatheredPerTurn } from './gathered-calls.ts';

describe('calls gathered per turn of the event loop', () => {
  it('hands the calls of one turn on one database over together, and later calls in a new batch', async () => {
    const batches: number[][] = [];
    const double = gatheredPerTurn<number, number>(async (_db, calls) => {
      batches.push(calls.map((c) => c.ask));
      for (const call of calls) call.resolve(call.ask * 2);
    });
    const a = {} as Database;
    const b = {} as Database;
    expect(await Promise.all([double(a, 1), double(a, 2), double(b, 3)])).toEqual([2, 4, 6]);
    expect(await double(a, 4)).toBe(8);
    expect(batches).toEqual([[1, 2], [3], [4]]);
  });

  it('fails the calls left unanswered with the error thrown, and keeps the answers given', async () => {
    const firstOnly = gatheredPerTurn<string, string>(async (_db, calls) => {
      calls[0]!.resolve('answered');
      throw new Error('the database is gone');
    });
    const db = {} as Database;
    const results = await Promise.allSettled([firstOnly(db, 'x'), firstOnly(db, 'y')]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'answered' },
      { status: 'rejected', reason: new Error('the database is gone') },
    ]);
  });
});
