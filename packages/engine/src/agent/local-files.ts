// The local files an outbound command names, read the way the shell would find them: a path, a
// glob (`*.csv`, `report-?.csv`, `[ab].csv`, `[[:digit:]]*.log`) or a brace list
// (`customers.{csv,json}`), each file read once per tool call and only up to the hook's bounds.
// What cannot be read whole is said in `uninspected`, so that the call is blocked, not passed.
import fs from 'node:fs';
import { MAX_GLOB_FILES, MAX_SCAN_CHARS, MAX_SENT_FILE_BYTES } from './config.ts';
import { localPath } from './own-files.ts';

/** Characters that make a word a glob the shell expands. */
const GLOB = /[*?[]/;
/** A brace list to expand: `{a,b}` with at least one comma. */
const BRACES = /\{[^{}]*,[^{}]*\}/;

/** The files one tool call reads: each once, and past MAX_SCAN_CHARS in all, no more (the call is blocked as too long to inspect anyway). */
export class LocalFiles {
  private readonly texts = new Map<string, string>();
  private readonly folders = new Map<string, string[]>();
  private total = 0;

  /** The text of the files `word` names from `cwd`; what is left unread is noted in `uninspected`. */
  read(word: string, cwd: string, uninspected: Set<string>): string {
    const paths = this.paths(word, cwd, uninspected);
    return paths.map((path) => this.file(path, uninspected)).join('\n');
  }

  private paths(word: string, cwd: string, uninspected: Set<string>): string[] {
    const words = braceExpanded(word);
    if (words.length > MAX_GLOB_FILES) {
      uninspected.add(`a file name it sends expands to more than ${MAX_GLOB_FILES} names`);
      return [];
    }
    const paths: string[] = [];
    for (const w of words) {
      const full = localPath(w, cwd);
      // A glob that matches nothing is left as written, as the shell leaves it.
      const matched = GLOB.test(w) ? this.globMatches(full, uninspected) : [];
      paths.push(...(matched.length > 0 ? matched : [full]));
      if (paths.length > MAX_GLOB_FILES) {
        uninspected.add(`a glob it sends matches more than ${MAX_GLOB_FILES} files`);
        return [];
      }
    }
    return paths;
  }

  /** The paths a glob matches: each segment's pattern against the folder's entries, a leading dot matched only by a dot. */
  private globMatches(pattern: string, uninspected: Set<string>): string[] {
    let paths = ['/'];
    for (const segment of pattern.split('/').filter(Boolean)) {
      if (!GLOB.test(segment)) {
        paths = paths.map((p) => `${p === '/' ? '' : p}/${segment}`);
        continue;
      }
      const matches = globMatcher(segment);
      paths = paths.flatMap((dir) =>
        this.entries(dir)
          .filter((name) => matches(name) && (!name.startsWith('.') || segment.startsWith('.')))
          .map((name) => `${dir === '/' ? '' : dir}/${name}`),
      );
      if (paths.length > MAX_GLOB_FILES) {
        uninspected.add(`a glob it sends matches more than ${MAX_GLOB_FILES} files`);
        return [];
      }
    }
    return paths;
  }

  private entries(dir: string): string[] {
    let names = this.folders.get(dir);
    if (names === undefined) {
      try {
        names = fs.readdirSync(dir).sort();
      } catch {
        names = [];
      }
      this.folders.set(dir, names);
    }
    return names;
  }

  private file(full: string, uninspected: Set<string>): string {
    let text = this.texts.get(full);
    if (text === undefined) {
      if (this.total > MAX_SCAN_CHARS) {
        uninspected.add(`what it sends is longer than ${MAX_SCAN_CHARS.toLocaleString('en-US')} characters`);
        return '';
      }
      text = readBounded(full, uninspected);
      this.total += text.length;
      this.texts.set(full, text);
    }
    return text;
  }
}

/** A regular file's text, up to MAX_SENT_FILE_BYTES (a larger one is noted); '' for anything else or a file that cannot be read. */
function readBounded(full: string, uninspected: Set<string>): string {
  try {
    // Only a regular file is read: opening a FIFO or a device would wait, or never end.
    const stat = fs.statSync(full);
    if (!stat.isFile()) return '';
    if (stat.size > MAX_SENT_FILE_BYTES) uninspected.add(`a file it sends is larger than ${MAX_SENT_FILE_BYTES / 1_048_576} MB`);
    const fd = fs.openSync(full, 'r');
    try {
      const buffer = Buffer.allocUnsafe(MAX_SENT_FILE_BYTES);
      const n = fs.readSync(fd, buffer, 0, MAX_SENT_FILE_BYTES, 0);
      return buffer.subarray(0, n).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return '';
  }
}

/** A word's brace lists expanded (`a.{csv,json}` is `a.csv a.json`), at most MAX_GLOB_FILES + 1 words. */
function braceExpanded(word: string): string[] {
  const out: string[] = [];
  const pending = [word];
  while (pending.length > 0 && out.length <= MAX_GLOB_FILES) {
    const w = pending.pop()!;
    const m = BRACES.exec(w);
    if (!m) out.push(w);
    else for (const part of m[0].slice(1, -1).split(',').reverse()) pending.push(w.slice(0, m.index) + part + w.slice(m.index + m[0].length));
  }
  return out;
}

type GlobToken = { kind: 'star' } | { kind: 'any' } | { kind: 'char'; char: string } | { kind: 'set'; negated: boolean; test: (c: string) => boolean };

const CHARACTER_CLASSES: Record<string, RegExp> = {
  alpha: /[A-Za-z]/,
  digit: /[0-9]/,
  alnum: /[A-Za-z0-9]/,
  upper: /[A-Z]/,
  lower: /[a-z]/,
  space: /\s/,
  blank: /[ \t]/,
  punct: /[!-/:-@[-`{-~]/,
  xdigit: /[0-9A-Fa-f]/,
  word: /\w/,
};

/** A glob segment as tokens: `*`, `?`, a bracket set, or a literal character (a `[` that no `]` closes is literal). */
function globTokens(segment: string): GlobToken[] {
  const tokens: GlobToken[] = [];
  const lastClose = segment.lastIndexOf(']');
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') {
      if (tokens[tokens.length - 1]?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (c === '?') tokens.push({ kind: 'any' });
    else if (c === '\\' && i + 1 < segment.length) tokens.push({ kind: 'char', char: segment[++i]! });
    else if (c === '[' && i + 1 < lastClose) {
      const set = bracketSet(segment, i);
      if (set) {
        tokens.push(set.token);
        i = set.end;
      } else tokens.push({ kind: 'char', char: c });
    } else tokens.push({ kind: 'char', char: c });
  }
  return tokens;
}

/** The bracket set opening at `start`: its test and the index of its closing `]`; null when none closes it. */
function bracketSet(segment: string, start: number): { token: GlobToken; end: number } | null {
  let j = start + 1;
  const negated = segment[j] === '!' || segment[j] === '^';
  if (negated) j++;
  const tests: ((c: string) => boolean)[] = [];
  // A `]` first in the set is one of its characters.
  if (segment[j] === ']') {
    tests.push((c) => c === ']');
    j++;
  }
  while (j < segment.length && segment[j] !== ']') {
    const named = segment[j] === '[' && segment[j + 1] === ':' ? /^\[:([a-z]+):\]/.exec(segment.slice(j, j + 12)) : null;
    if (named) {
      const re = CHARACTER_CLASSES[named[1]!];
      tests.push(re ? (c) => re.test(c) : () => false);
      j += named[0].length;
    } else if (segment[j + 1] === '-' && segment[j + 2] !== undefined && segment[j + 2] !== ']') {
      const [lo, hi] = [segment[j]!, segment[j + 2]!];
      // A range written backwards matches nothing, as in bash.
      tests.push((c) => c >= lo && c <= hi);
      j += 3;
    } else {
      const member = segment[j]!;
      tests.push((c) => c === member);
      j++;
    }
  }
  if (j >= segment.length) return null;
  return { token: { kind: 'set', negated, test: (c) => tests.some((t) => t(c)) }, end: j };
}

/**
 * A matcher for one glob segment. Matching keeps only the last `*` to return to (the classic
 * wildcard walk), so its time grows with the name times the pattern, never exponentially.
 */
export function globMatcher(segment: string): (name: string) => boolean {
  const tokens = globTokens(segment);
  const matchesOne = (t: GlobToken, c: string) => t.kind === 'any' || (t.kind === 'char' && t.char === c) || (t.kind === 'set' && t.test(c) !== t.negated);
  return (name) => {
    let p = 0;
    let n = 0;
    let star = -1;
    let resume = 0;
    while (n < name.length) {
      const t = tokens[p];
      if (t?.kind === 'star') {
        star = p++;
        resume = n;
      } else if (t && matchesOne(t, name[n]!)) {
        p++;
        n++;
      } else if (star >= 0) {
        p = star + 1;
        n = ++resume;
      } else return false;
    }
    while (tokens[p]?.kind === 'star') p++;
    return p === tokens.length;
  };
}
