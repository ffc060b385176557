// How a command's words carry their options' values, shared by the line parser (bash.ts) and the
// readers of each program's words; a module of its own so that the readers bash.ts itself uses
// (split-files.ts, container-runs.ts, hosted-databases.ts) can take it without importing bash.ts back.

/** A long option and the value joined to it (`--input=customers.csv`), or the word and no value. */
export function optionAndValue(word: string): [string, string | undefined] {
  const eq = word.indexOf('=');
  return word.startsWith('--') && eq > 0 ? [word.slice(0, eq), word.slice(eq + 1)] : [word, undefined];
}

/** Where a program's options end, from `from`: the index of the first word that is not an option or an option's value (`docker compose -f dev.yml exec`, `gsutil -m cp`). */
export function optionsEnd(args: readonly string[], valueOptions: ReadonlySet<string>, from = 0): number {
  let k = from;
  while (k < args.length && args[k]!.startsWith('-')) k += valueOptions.has(args[k]!) ? 2 : 1;
  return k;
}

/** A command line's words read with the options that take a value: each option given and its value, in order, the flags, and the operands. */
export type Words = { options: [string, string][]; flags: Set<string>; operands: string[] };

/** Reads `args` with `valueOptions` taking the next word (or `--opt=value`, or a short option's glued `-ddist`) as their value; the words after `--` are operands. */
export function wordsOf(args: readonly string[], valueOptions: ReadonlySet<string>): Words {
  const words: Words = { options: [], flags: new Set(), operands: [] };
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') {
      for (const rest of args.slice(k + 1)) words.operands.push(rest);
      break;
    }
    const [option, inline] = optionAndValue(a);
    if (!a.startsWith('--') && a.length > 2 && valueOptions.has(a.slice(0, 2))) words.options.push([a.slice(0, 2), a.slice(2)]);
    else if (valueOptions.has(option)) words.options.push([option, inline ?? args[++k] ?? '']);
    else if (a.startsWith('-') && a !== '-') words.flags.add(option);
    else words.operands.push(a);
  }
  return words;
}

/** The last value given to any of `names` (an option and its other spellings), or undefined. */
export function lastValue(words: Words, ...names: string[]): string | undefined {
  for (let k = words.options.length - 1; k >= 0; k--) if (names.includes(words.options[k]![0])) return words.options[k]![1];
  return undefined;
}

/** Each value given to any of `names`, in order. */
export const valuesOf = (words: Words, ...names: string[]): string[] => words.options.filter(([name]) => names.includes(name)).map(([, value]) => value);

/** What a command reads besides its words: its input, a file it names (`-` its input, a folder whole), and the environment it runs with. */
export type CommandSources = { input: () => string; read: (file: string) => string; env: () => Readonly<Record<string, string | undefined>> };
