// The files `split` and `csplit` write a file's parts into, from their words: the input they read
// and the first names they write (`split -l 1000 customers.csv part_` writes part_aa, part_ab, ...).
// classify.ts notes each as holding what the input holds, so that a later command sending a part
// (`curl -T part_aa`, `for f in part_*`) reads it.
import { optionAndValue } from './bash.ts';

/** How many of a split's parts are named: each holds the whole input as far as the hook knows, so more would only read it again. */
export const SPLIT_PARTS = 26;

/** split's options that take the next word as a value (a long one may give it after `=`). */
const SPLIT_VALUE_OPTIONS = new Set(['-a', '--suffix-length', '-b', '--bytes', '-C', '--line-bytes', '-l', '--lines', '-n', '--number', '-t', '--separator', '--additional-suffix', '--filter']);
/** csplit's options that take the next word as a value. */
const CSPLIT_VALUE_OPTIONS = new Set(['-f', '--prefix', '-n', '--digits', '-b', '--suffix-format']);

/** The input a split reads (`-` for its stdin) and the names of its first parts, or null for another program. */
export function splitParts(program: string, args: readonly string[]): { input: string; names: string[] } | null {
  if (program !== 'split' && program !== 'csplit') return null;
  const values = program === 'split' ? SPLIT_VALUE_OPTIONS : CSPLIT_VALUE_OPTIONS;
  const given = new Map<string, string>();
  const operands: string[] = [];
  let digits = program === 'csplit';
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    const [option, inline] = optionAndValue(a);
    if (option === '-d' || option === '--numeric-suffixes' || option === '-x' || option === '--hex-suffixes') digits = true;
    else if (values.has(option)) given.set(option, inline ?? args[++k] ?? '');
    else if (/^-[a-zA-Z]\S/.test(a) && values.has(a.slice(0, 2))) given.set(a.slice(0, 2), a.slice(2));
    else if (!a.startsWith('-') || a === '-') operands.push(a);
  }
  const input = operands[0] ?? '-';
  if (program === 'csplit') {
    const prefix = given.get('-f') ?? given.get('--prefix') ?? 'xx';
    const width = Number(given.get('-n') ?? given.get('--digits') ?? 2) || 2;
    return { input, names: Array.from({ length: SPLIT_PARTS }, (_, k) => prefix + String(k).padStart(width, '0')) };
  }
  const prefix = operands[1] ?? 'x';
  const width = Number(given.get('-a') ?? given.get('--suffix-length') ?? 2) || 2;
  const extra = given.get('--additional-suffix') ?? '';
  const suffix = (k: number) => (digits ? String(k).padStart(width, '0') : alphabetic(k, width));
  return { input, names: Array.from({ length: SPLIT_PARTS }, (_, k) => `${prefix}${suffix(k)}${extra}`) };
}

/** The k-th of split's alphabetic suffixes of `width` letters: aa, ab, ..., az, ba, ... */
function alphabetic(k: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++, k = Math.floor(k / 26)) out = String.fromCharCode(97 + (k % 26)) + out;
  return out;
}
