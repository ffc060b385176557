// curl's options given in a config file (`curl -K up.cfg`, `--config`, `-K -` on stdin) and in the
// user's `.curlrc`, as the words they stand for on the command line, so that classify.ts reads a
// config's `data = "@customers.csv"` and `url = "https://..."` as it reads `-d @customers.csv`.
import path from 'node:path';

/**
 * How deep config files naming config files are read (`-K outer.cfg` whose `config = "inner.cfg"`
 * names another): curl's own bound, CONFIG_MAX_LEVELS in its src/tool_parsecfg.h. Past it the call
 * is blocked as not read whole.
 */
export const MAX_CURL_CONFIG_DEPTH = 5;

/**
 * Whether curl reads the user's `.curlrc`: not when its first argument starts with `-q` (`-q`,
 * `-qs`) or is `--disable`. curl looks at that one word only (`strncmp(first_arg, "-q", 2)` in
 * operate(), src/tool_operate.c), so `curl -s -q` and `curl -sq` still read it.
 */
export function readsCurlrc(argv: readonly string[]): boolean {
  const first = argv[1];
  return first === undefined || !(first.startsWith('-q') || first === '--disable');
}

/**
 * A config file's options as command-line words: one option a line, `#` comments, a long option's
 * name with or without its dashes, its value after `=`, `:` or a space, in double quotes with
 * backslash escapes, or up to the first space (`url = "https://..."`, `data=@c.csv`, `-d @c.csv`, `silent`).
 */
export function curlConfigWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(-{0,2}[A-Za-z0-9][\w-]*)(?:\s*[=:]\s*|\s+)?(.*)$/.exec(line);
    if (!m) continue;
    words.push(m[1]!.startsWith('-') ? m[1]! : `--${m[1]}`);
    const value = m[2]!.trim();
    if (value !== '') words.push(value.startsWith('"') ? unquoted(value) : value.split(/\s/)[0]!);
  }
  return words;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', v: '\v' };

/** A double-quoted config value, its escapes read (`\"`, `\\`, `\n`, `\t`, `\r`, `\v`). */
function unquoted(value: string): string {
  let out = '';
  for (let k = 1; k < value.length; k++) {
    const c = value[k]!;
    if (c === '"') break;
    if (c === '\\' && k + 1 < value.length) out += ESCAPES[value[++k]!] ?? value[k];
    else out += c;
  }
  return out;
}

/** Where curl looks for the user's default config, in its order: `$CURL_HOME/.curlrc`, `$XDG_CONFIG_HOME/curlrc`, `~/.curlrc`. */
export function curlrcPaths(env: NodeJS.ProcessEnv, home: string): string[] {
  const paths: string[] = [];
  if (env.CURL_HOME) paths.push(path.join(env.CURL_HOME, '.curlrc'));
  paths.push(path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'curlrc'), path.join(home, '.curlrc'));
  return paths;
}
