import { describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { recentReads } from './recent-reads.ts';

const db = {} as Database;

describe('recent reads', () => {
  it('answers a value read within the time it is kept without reading again, then reads again', async () => {
    const reads = recentReads<string>(1000);
    let count = 0;
    const read = async () => `value ${++count}`;
    expect(await reads.get(db, 'k', read, 0)).toBe('value 1');
    expect(await reads.get(db, 'k', read, 999)).toBe('value 1');
    expect(await reads.get(db, 'k', read, 1000)).toBe('value 2');
    expect(await reads.get({} as Database, 'k', read, 1000)).toBe('value 3'); // another database, its own reads
  });

  it('reads again after a write forgot the reads, and does not keep what was not found', async () => {
    const reads = recentReads<string>(1000);
    let stored: string | undefined = 'before';
    expect(await reads.get(db, 'k', async () => stored, 0)).toBe('before');
    stored = undefined;
    reads.forget(db);
    expect(await reads.get(db, 'k', async () => stored, 1)).toBeUndefined();
    stored = 'after';
    expect(await reads.get(db, 'k', async () => stored, 2)).toBe('after');
  });

  it('does not keep a value read before a write that was forgotten while the read ran', async () => {
    const reads = recentReads<string>(1000);
    let finish!: (value: string) => void;
    // A request reads an API key; the key is revoked (and the reads forgotten) before the read answers.
    const first = reads.get(db, 'k', () => new Promise<string>((resolve) => (finish = resolve)), 0);
    reads.forget(db);
    finish('active');
    expect(await first).toBe('active'); // the request that came first is answered with what it read
    expect(await reads.get(db, 'k', async () => 'revoked', 1)).toBe('revoked'); // the next one reads again
  });
});
