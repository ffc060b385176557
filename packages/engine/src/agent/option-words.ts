// How a command's long options carry their values, shared by the line parser (bash.ts) and the
// readers of each program's words; a module of its own so that the readers bash.ts itself uses
// (split-files.ts) can take it without importing bash.ts back.

/** A long option and the value joined to it (`--input=customers.csv`), or the word and no value. */
export function optionAndValue(word: string): [string, string | undefined] {
  const eq = word.indexOf('=');
  return word.startsWith('--') && eq > 0 ? [word.slice(0, eq), word.slice(eq + 1)] : [word, undefined];
}
