// Ignore files read as git reads them (ignore-files.ts): patterns at any depth or from the top,
// folders only, globs, and exceptions taking back, the last matching line deciding; a file past the
// bounds set aside whole. Docker's reading, each pattern from the top: container-images.test.ts.
import { describe, expect, it } from 'vitest';
import { orderedIgnoreRules } from '../../src/agent/ignore-files.ts';

describe('reading ignore lines', () => {
  it('reads ignore lines as git does', () => {
    const ignored = orderedIgnoreRules(['fixtures', '/build', 'docs/*.pdf', 'tmp/', '**/secret.txt', '!keep.txt', 'a?.csv'], false);
    expect(ignored('test/fixtures/c.csv', false)).toBe(true);
    expect(ignored('build/out.js', false)).toBe(true);
    expect(ignored('src/build/out.js', false)).toBe(false);
    expect(ignored('docs/guide.pdf', false)).toBe(true);
    expect(ignored('docs/deep/guide.pdf', false)).toBe(false);
    // A folder an exception might take something back from is walked; what is in it is left out.
    expect(ignored('tmp/run.log', false)).toBe(true);
    expect(ignored('tmp', false)).toBe(false);
    expect(ignored('a/b/secret.txt', false)).toBe(true);
    expect(ignored('secret.txt', false)).toBe(true);
    expect(ignored('keep.txt', false)).toBe(false);
    expect(ignored('ab.csv', false)).toBe(true);
    expect(ignored('abc.csv', false)).toBe(false);
  });

  it('takes back what an exception names after the pattern that left it out, and not before it', () => {
    expect(orderedIgnoreRules(['*.csv', '!keep.csv'], false)('data/keep.csv', false)).toBe(false);
    expect(orderedIgnoreRules(['*.csv', '!keep.csv'], false)('data/other.csv', false)).toBe(true);
    expect(orderedIgnoreRules(['!keep.csv', '*.csv'], false)('keep.csv', false)).toBe(true);
  });
});

describe('reading long adversarial ignore files', () => {
  // Linear work on a few hundred kilobytes takes milliseconds; a pattern of many wildcards, or a path tested against every one of 300,000 lines, would run past the test's timeout.
  it('sets aside an ignore file with a line past the bounds, leaving nothing out', () => {
    expect(orderedIgnoreRules(['fixtures', `${'*a'.repeat(2000)}b`], false)('a'.repeat(200), false)).toBe(false);
    expect(orderedIgnoreRules(['fixtures', `a${' '.repeat(300_000)}b`], false)('fixtures', true)).toBe(false);
    expect(orderedIgnoreRules(['fixtures', '**/*.log'], false)('fixtures', true)).toBe(true);
  });

  it('sets aside an ignore file of more lines than a walk can test each path against', () => {
    const ignored = orderedIgnoreRules(Array<string>(300_000).fill('fixtures'), false);
    expect(Array.from({ length: 4096 }, (_, k) => ignored(`fixtures/f${k}`, false)).some(Boolean)).toBe(false);
  });
});
