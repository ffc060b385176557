// A repository's objects read from its files (git-objects.ts), against git's own `cat-file` on
// real repositories: loose, packed whole, packed as deltas on an earlier entry (by offset) and on a
// named object (by name), and packs damaged anywhere.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ObjectStore, TOO_LARGE } from '../../src/agent/git-objects.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-git-objects-'));
const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@acme-corp.example', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@acme-corp.example' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env, maxBuffer: 64 * 1_048_576 });
const gitBytes = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, maxBuffer: 64 * 1_048_576 });

/** A repository whose one file is edited in each of 40 commits (lines changed, added and taken out), so that git packs most versions as deltas. */
function editedRepository(name: string): string {
  const work = path.join(root, name);
  git(root, 'init', '-q', '-b', 'main', name);
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
  const lines = Array.from({ length: 300 }, (_, k) => `line ${k}: ${'x'.repeat(next() % 60)}`);
  for (let k = 0; k < 40; k++) {
    for (let edit = 0; edit < 5; edit++) {
      const at = next() % lines.length;
      if (edit % 3 === 0) lines.splice(at, 1);
      else if (edit % 3 === 1) lines.splice(at, 0, `added in ${k}: ${next()}`);
      else lines[at] = `changed in ${k}: ${next()}`;
    }
    fs.writeFileSync(path.join(work, 'records.txt'), lines.join('\n'));
    fs.writeFileSync(path.join(work, `notes-${k % 4}.md`), `note ${k}\n`);
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', `edit ${k}`);
  }
  return work;
}

/** Every object of the repository: its name and type, from git. */
const allObjects = (work: string) =>
  git(work, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname) %(objecttype)')
    .trim()
    .split('\n')
    .map((line) => line.split(' ') as [string, string]);

/** Each object read from the repository's files is what git's `cat-file` gives. */
function expectSameAsGit(work: string): number {
  const store = new ObjectStore(path.join(work, '.git', 'objects'), 16 * 1_048_576);
  const objects = allObjects(work);
  try {
    for (const [sha, type] of objects) {
      const object = store.read(sha);
      expect(object, sha).not.toBe(null);
      expect(object, sha).not.toBe(TOO_LARGE);
      expect({ sha, type: (object as { type: string }).type }).toEqual({ sha, type });
      expect(Buffer.compare((object as { body: Buffer }).body, gitBytes(work, 'cat-file', type, sha)), sha).toBe(0);
    }
  } finally {
    store.close();
  }
  return objects.length;
}

/** The pack's entries as git lists them: name, and the length of its delta chain (0 for one stored whole). */
function packEntries(work: string): Array<{ sha: string; offset: number; chain: number }> {
  const folder = path.join(work, '.git', 'objects', 'pack');
  const [index] = fs.readdirSync(folder).filter((name) => name.endsWith('.idx'));
  return [...git(work, 'verify-pack', '-v', path.join(folder, index!)).matchAll(/^([0-9a-f]{40}) \w+ +\d+ \d+ (\d+)(?: (\d+) [0-9a-f]{40})?$/gm)].map((m) => ({ sha: m[1]!, offset: Number(m[2]), chain: Number(m[3] ?? 0) }));
}

/** The type number of a pack's entry at `offset` (6: a delta on an earlier entry, 7: a delta on a named object). */
function entryType(work: string, offset: number): number {
  const folder = path.join(work, '.git', 'objects', 'pack');
  const [pack] = fs.readdirSync(folder).filter((name) => name.endsWith('.pack'));
  return (fs.readFileSync(path.join(folder, pack!))[offset]! >> 4) & 7;
}

describe('reading a repository’s objects from its files', () => {
  it('reads every loose object as git does, and none that is not there', () => {
    const work = editedRepository('loose');
    expect(fs.existsSync(path.join(work, '.git', 'objects', 'pack')) && fs.readdirSync(path.join(work, '.git', 'objects', 'pack')).length).toBe(0);
    expect(expectSameAsGit(work)).toBeGreaterThan(120);
    const store = new ObjectStore(path.join(work, '.git', 'objects'), 1_048_576);
    expect(store.read('0123456789abcdef0123456789abcdef01234567')).toBe(null);
    store.close();
  });

  it('reads every packed object as git does, deltas on earlier entries applied down their chains', () => {
    const work = editedRepository('packed');
    git(work, 'gc', '-q', '--aggressive');
    expect(fs.readdirSync(path.join(work, '.git', 'objects')).filter((name) => /^[0-9a-f]{2}$/.test(name))).toEqual([]);
    const entries = packEntries(work);
    expect(Math.max(...entries.map((e) => e.chain))).toBeGreaterThan(5);
    expect(entries.filter((e) => e.chain > 0).every((e) => entryType(work, e.offset) === 6)).toBe(true);
    expect(expectSameAsGit(work)).toBe(entries.length);
  });

  it('reads a pack whose deltas name their base, as git writes without offsets', () => {
    const work = editedRepository('named-bases');
    const listed = git(work, 'rev-list', '--objects', '--all');
    execFileSync('git', ['pack-objects', '-q', '--window=50', '--depth=50', path.join(work, '.git', 'objects', 'pack', 'pack')], { cwd: work, env, input: listed });
    git(work, 'prune-packed');
    const deltas = packEntries(work).filter((e) => e.chain > 0);
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.every((e) => entryType(work, e.offset) === 7)).toBe(true);
    expectSameAsGit(work);
  });

  it('reads the objects a repository borrows (`clone --shared`, alternates of alternates, relative paths) as git does', () => {
    const lender = editedRepository('lender');
    git(lender, 'gc', '-q');
    // A clone that borrows the lender's objects, with commits of its own; a clone of that clone borrows from both.
    git(root, 'clone', '-q', '--shared', lender, 'borrower');
    const borrower = path.join(root, 'borrower');
    fs.writeFileSync(path.join(borrower, 'records.txt'), 'rewritten\n');
    git(borrower, 'commit', '-q', '-am', 'rewrite');
    git(root, 'clone', '-q', '--shared', borrower, 'second-hand');
    const secondHand = path.join(root, 'second-hand');
    expect(fs.readFileSync(path.join(secondHand, '.git', 'objects', 'info', 'alternates'), 'utf8').trim()).toBe(path.join(borrower, '.git', 'objects'));
    const lent = allObjects(lender).length;
    expect(expectSameAsGit(borrower)).toBeGreaterThan(lent);
    expect(expectSameAsGit(secondHand)).toBeGreaterThan(lent);
    // An alternate named relative to the objects folder, as git also takes it.
    fs.writeFileSync(path.join(secondHand, '.git', 'objects', 'info', 'alternates'), `# borrowed\n${path.relative(path.join(secondHand, '.git', 'objects'), path.join(borrower, '.git', 'objects'))}\n`);
    expect(expectSameAsGit(secondHand)).toBeGreaterThan(lent);
    // Abbreviated names are found in the borrowed folders too.
    const first = git(lender, 'rev-list', '--max-parents=0', 'HEAD').trim();
    const store = new ObjectStore(path.join(secondHand, '.git', 'objects'), 1_048_576);
    expect(store.expand(first.slice(0, 10))).toBe(first);
    store.close();
  });

  it('says an object is too large past its limit, packed whole or as a delta', () => {
    const work = editedRepository('limit');
    git(work, 'gc', '-q', '--aggressive');
    const [, , blob] = git(work, 'rev-parse', 'HEAD', 'HEAD^{tree}', 'HEAD:records.txt').trim().split('\n');
    const oldest = git(work, 'rev-parse', 'HEAD~39:records.txt').trim();
    const size = Number(git(work, 'cat-file', '-s', blob!).trim());
    const small = new ObjectStore(path.join(work, '.git', 'objects'), size - 100);
    expect(small.read(blob!)).toBe(TOO_LARGE);
    expect(small.read(oldest)).toBe(TOO_LARGE);
    expect(small.readOf(blob!, 'blob')).toBe(null);
    small.close();
  });

  it('never throws on a damaged pack or index, and reads the repaired one as git does', () => {
    const work = editedRepository('damaged');
    git(work, 'gc', '-q');
    const folder = path.join(work, '.git', 'objects', 'pack');
    const [pack] = fs.readdirSync(folder).filter((name) => name.endsWith('.pack'));
    const index = pack!.replace(/\.pack$/, '.idx');
    const original = { pack: fs.readFileSync(path.join(folder, pack!)), index: fs.readFileSync(path.join(folder, index)) };
    const objects = allObjects(work);
    const truth = new Map(objects.map(([sha, type]) => [sha, gitBytes(work, 'cat-file', type, sha)]));
    fc.assert(
      fc.property(fc.boolean(), fc.nat(), fc.integer({ min: 0, max: 255 }), fc.option(fc.nat(), { nil: null }), (inIndex, where, value, cut) => {
        const damaged = Buffer.from(inIndex ? original.index : original.pack);
        damaged[where % damaged.length] = value;
        fs.writeFileSync(path.join(folder, inIndex ? index : pack!), cut === null ? damaged : damaged.subarray(0, cut % damaged.length));
        fs.writeFileSync(path.join(folder, inIndex ? pack! : index), inIndex ? original.pack : original.index);
        const store = new ObjectStore(path.join(work, '.git', 'objects'), 16 * 1_048_576);
        try {
          for (const [sha] of objects) {
            const object = store.read(sha);
            // A damaged entry is not read, or (zlib's checksum passed, a byte of a header changed) read as some object; never as a crash.
            expect(object === null || object === TOO_LARGE || Buffer.isBuffer(object.body)).toBe(true);
          }
        } finally {
          store.close();
        }
      }),
      // A fan-out bound past 2^31 (its top byte changed) for the first byte of names the pack holds, which a 32-bit midpoint once made an endless search.
      { numRuns: 150, examples: objects.slice(0, 3).map(([sha]) => [true, 8 + Number.parseInt(sha.slice(0, 2), 16) * 4, 0xe2, null]) },
    );
    fs.writeFileSync(path.join(folder, pack!), original.pack);
    fs.writeFileSync(path.join(folder, index), original.index);
    const store = new ObjectStore(path.join(work, '.git', 'objects'), 16 * 1_048_576);
    for (const [sha] of objects) expect(Buffer.compare((store.read(sha) as { body: Buffer }).body, truth.get(sha)!)).toBe(0);
    store.close();
  });
});
