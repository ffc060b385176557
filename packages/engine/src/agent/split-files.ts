// The files `split` and `csplit` write a file's parts into, from their words: the input they read
// and the first names they write (`split -l 1000 customers.csv part_` writes part_aa, part_ab, ...).
// classify.ts notes each as holding what the input holds, so that a later command sending a part
// (`curl -T part_aa`, `for f in part_*`) reads it.
// Only its first names are listed; any other name a part may take is told by `isSuffix` (`part_bz`,
// the 54th). A `--filter` command gets each part on its input instead (bash.ts runs it).
import { optionAndValue } from './option-words.ts';

/** How many of a split's parts are named: each holds the whole input as far as the hook knows, so more would only read it again. */
export const SPLIT_PARTS = 26;
/** The widest suffix a part's name is made with (`-a 1000000000` is read as this): NAME_MAX, past which a name names no file. */
const MAX_SUFFIX_WIDTH = 255;

/** split's options that take the next word as a value (a long one may give it after `=`). */
const SPLIT_VALUE_OPTIONS = new Set(['-a', '--suffix-length', '-b', '--bytes', '-C', '--line-bytes', '-l', '--lines', '-n', '--number', '-t', '--separator', '--additional-suffix', '--filter']);
/** csplit's options that take the next word as a value. */
const CSPLIT_VALUE_OPTIONS = new Set(['-f', '--prefix', '-n', '--digits', '-b', '--suffix-format']);

/**
 * What a split writes: the input it reads (`-` for its stdin), the names of its first parts, its
 * `--filter` command (null without), its prefix, and whether what follows the prefix in a name makes
 * it one of its parts: a suffix of at least its width in its letters or digits (split widens them
 * past the first names: `xyz`, then `xzaaaa`), then its `--additional-suffix`. Every name a part may
 * take is taken as a part holding the whole input: simpler than working out how many parts the input
 * makes, and never fewer than split writes.
 */
export type SplitParts = { input: string; names: string[]; filter: string | null; prefix: string; isSuffix: (rest: string) => boolean };

/** What a split or csplit writes (SplitParts), or null for another program. */
export function splitParts(program: string, args: readonly string[]): SplitParts | null {
  if (program !== 'split' && program !== 'csplit') return null;
  const values = program === 'split' ? SPLIT_VALUE_OPTIONS : CSPLIT_VALUE_OPTIONS;
  const given = new Map<string, string>();
  const operands: string[] = [];
  let digits = program === 'csplit';
  let hex = false;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    const [option, inline] = optionAndValue(a);
    if (option === '-x' || option === '--hex-suffixes') hex = true;
    if (option === '-d' || option === '--numeric-suffixes' || option === '-x' || option === '--hex-suffixes') digits = true;
    else if (values.has(option)) given.set(option, inline ?? args[++k] ?? '');
    else if (/^-[a-zA-Z]\S/.test(a) && values.has(a.slice(0, 2))) given.set(a.slice(0, 2), a.slice(2));
    else if (!a.startsWith('-') || a === '-') operands.push(a);
  }
  const input = operands[0] ?? '-';
  const csplit = program === 'csplit';
  const prefix = csplit ? (given.get('-f') ?? given.get('--prefix') ?? 'xx') : (operands[1] ?? 'x');
  const width = Math.min(Number((csplit ? (given.get('-n') ?? given.get('--digits')) : (given.get('-a') ?? given.get('--suffix-length'))) ?? 2) || 2, MAX_SUFFIX_WIDTH);
  const extra = csplit ? '' : (given.get('--additional-suffix') ?? '');
  const suffix = (k: number) => (digits ? String(k).padStart(width, '0') : alphabetic(k, width));
  const letters = hex ? /^[0-9a-f]+$/ : digits ? /^[0-9]+$/ : /^[a-z]+$/;
  const isSuffix = (rest: string) => rest.endsWith(extra) && rest.length - extra.length >= width && letters.test(rest.slice(0, rest.length - extra.length));
  const names = Array.from({ length: SPLIT_PARTS }, (_, k) => `${prefix}${suffix(k)}${extra}`);
  return { input, names, filter: csplit ? null : (given.get('--filter') ?? null), prefix, isSuffix };
}

/** The k-th of split's alphabetic suffixes of `width` letters: aa, ab, ..., az, ba, ... */
function alphabetic(k: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++, k = Math.floor(k / 26)) out = String.fromCharCode(97 + (k % 26)) + out;
  return out;
}
