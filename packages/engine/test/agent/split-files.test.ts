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

  it('is none for another program', () => {
    expect(splitParts('cut', ['-d,', '-f2', 'customers.csv'])).toBeNull();
  });
});
