// Ignore files, read as the tools that write them read them: .gitignore, .npmignore, .dockerignore,
// .gcloudignore, .helmignore, a deploy tool's own. Each is a list of patterns read in order, the
// last one matching a path deciding, an exception (`!keep.csv`) taking back what a pattern before it
// left out; a file past the bounds is set aside whole, so that nothing is left out.
import path from 'node:path';

/** The longest ignore line read as a pattern, and the most wildcards (`*`, `**`, `?`) it may hold: a regex of a longer one, or of one with more, could take exponential time, or not be made at all. */
export const MAX_IGNORE_LINE = 1024;
export const MAX_IGNORE_WILDCARDS = 4;
/** The most patterns an ignore file is read with: each path a walk meets is tested against each. */
export const MAX_IGNORE_PATTERNS = 512;

/** Whether ignore lines are past the bounds (MAX_IGNORE_LINE, MAX_IGNORE_WILDCARDS, MAX_IGNORE_PATTERNS), and so are set aside whole rather than read. */
export function beyondIgnoreBounds(lines: readonly string[]): boolean {
  let patterns = 0;
  for (const line of lines) {
    if (line.length > MAX_IGNORE_LINE || (line.match(/\*+|\?/g)?.length ?? 0) > MAX_IGNORE_WILDCARDS) return true;
    const trimmed = line.trim();
    if (trimmed !== '' && !trimmed.startsWith('#') && ++patterns > MAX_IGNORE_PATTERNS) return true;
  }
  return false;
}

/** An ignore file's pattern, and whether it is an exception (`!src`) and what its first wildcard follows. */
type IgnoreRule = { pattern: RegExp; exception: boolean; literal: string; foldersOnly: boolean };

/**
 * A test of a folder's paths (relative, and whether each is a folder) against ignore lines, read in
 * order, the last line matching a path or a folder it is in deciding (an exception `!src` takes back
 * what `*` left out). With `fromTop` each pattern is from the folder's top, as Docker reads them;
 * without, one with no slash at its start or inside names any depth's (`*.csv`), as gcloud and git
 * read them. A
 * folder left out is still walked when an exception may take back something in it.
 */
export function orderedIgnoreRules(lines: readonly string[], fromTop: boolean): (relative: string, folder: boolean) => boolean {
  // A line past the bounds is not read as a pattern (a regex of it could take exponential time, or
  // not be made at all): the whole file is set aside, and nothing is left out.
  if (beyondIgnoreBounds(lines)) return () => false;
  const rules: IgnoreRule[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const exception = line.startsWith('!');
    const text = line.slice(exception ? 1 : 0).trim();
    const clean = path.posix.normalize(text).replace(/^(?:\.?\/)+/, '').replace(/\/+$/, '');
    if (clean === '' || clean === '.') continue;
    // A slash at its start or inside (`/fixtures`, `test/fixtures`) ties a pattern to the folder's top, as git reads it.
    const glob = fromTop || text.replace(/\/+$/, '').includes('/') ? clean : `**/${clean}`;
    const source = glob
      .split(/(\*\*\/|\*\*|\*|\?)/)
      .map((part) => (part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('');
    rules.push({ pattern: new RegExp(`^${source}$`), exception, literal: glob.split(/[*?[]/)[0]!, foldersOnly: !fromTop && text.endsWith('/') });
  }
  return (relative, folder) => {
    const parts = relative.split('/');
    const prefixes = parts.map((_, k) => parts.slice(0, k + 1).join('/'));
    let ignored = false;
    for (const rule of rules) {
      if (prefixes.some((prefix, k) => (!rule.foldersOnly || folder || k < parts.length - 1) && rule.pattern.test(prefix))) ignored = !rule.exception;
    }
    if (!ignored || !folder) return ignored;
    const inside = `${relative}/`;
    return !rules.some((rule) => rule.exception && (rule.literal.startsWith(inside) || inside.startsWith(rule.literal)));
  };
}
