// The files an outbound command names are found as the shell finds them — globs, bracket sets,
// character classes and brace lists — in time that grows with the names, never exponentially.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { globMatcher, LocalFiles } from '../../src/agent/local-files.ts';
import { Unread } from '../../src/agent/unread.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-local-files-'));
const files: Record<string, string> = {
  'customers.csv': 'customers',
  'x.csv': 'x data',
  '[x].csv': 'bracket name',
  'ab.dat': 'ab',
  ']b.dat': 'close b',
  '.env': 'dot',
  [`${'a'.repeat(200)}`]: 'long',
};
for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
const read = (word: string, uninspected = new Unread()) => new LocalFiles().read(word, dir, uninspected);

describe('globMatcher', () => {
  it.each([
    ['*.csv', 'customers.csv', true],
    ['cust?mers.csv', 'customers.csv', true],
    ['[a-c]ustomers.csv', 'customers.csv', true],
    ['[!a-c]ustomers.csv', 'customers.csv', false],
    ['[!]]b.dat', 'ab.dat', true],
    ['[!]]b.dat', ']b.dat', false],
    ['[]]b.dat', ']b.dat', true],
    ['[[:alpha:]]*.csv', 'customers.csv', true],
    ['[[:digit:]]*.csv', 'customers.csv', false],
    ['[z-a]*.csv', 'customers.csv', false],
    ['[abc', '[abc', true],
    ['*a*a*a*a*a*a*b', 'a'.repeat(200), false],
  ])('%s against %s: %s', (pattern, name, expected) => {
    expect(globMatcher(pattern)(name)).toBe(expected);
  });

  it('takes time that grows with the name and the pattern, not exponentially', () => {
    // A backtracking matcher takes minutes on this; the walk keeps one star to return to.
    expect(globMatcher(`${'*a'.repeat(40)}b`)('a'.repeat(5_000))).toBe(false);
    expect(globMatcher('['.repeat(300_000))('[')).toBe(false);
  });
});

describe('LocalFiles', () => {
  it('reads what a glob matches, leaving dot files to a pattern that starts with a dot', () => {
    expect(read('*.csv').split('\n').sort()).toEqual(['bracket name', 'customers', 'x data']);
    expect(read('.e*')).toBe('dot');
  });
  it('takes a glob before a file named as the pattern is written, as the shell does', () => {
    expect(read('[x].csv')).toBe('x data');
    expect(read('[q].csv')).toBe(''); // matches nothing: the literal name, which does not exist
  });
  it('expands brace lists', () => {
    expect(read('{customers,x}.csv')).toBe('customers\nx data');
  });
  it('reads files written into a folder by names not known here in the folder, a file under it, and a glob of it', () => {
    const local = new LocalFiles();
    local.writeInto('out', dir, '*.yaml', () => 'built');
    const unread = new Unread();
    expect(local.read('out', dir, unread, { folders: true }).trim()).toBe('built');
    expect(local.read('out/*.yaml', dir, unread).trim()).toBe('built');
    expect(local.read('out/v1_configmap_seed.yaml', dir, unread).trim()).toBe('built');
    expect(local.read('elsewhere.yaml', dir, unread)).toBe('');
    expect(unread.isEmpty).toBe(true);
  });
  it('notes a glob or brace list that names more files than it reads', () => {
    const uninspected = new Unread();
    expect(read(`f{${Array.from({ length: 300 }, (_, i) => i).join(',')}}.csv`, uninspected)).toBe('');
    expect(uninspected.list()).toEqual(['a file name it sends expands to more than 256 names']);
    expect(uninspected.onlyTooMuch()).toBe(true);
  });
});
