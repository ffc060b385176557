// A shell command line parsed into its simple commands: a real tokenizer for quotes ('', "",
// $''), escapes, pipes, &&, ||, ;, &, subshells ( ) and { }, $( ) and backticks, redirections,
// heredocs and leading VAR=value assignments. Wrappers (sudo, env, bash -c, eval, xargs, timeout,
// nohup, setsid, flock, su -c, ...) are unwrapped, so `sh -c "curl ..."` is seen as the curl it
// runs. One pass: linear time.
import { MAX_SCAN_CHARS, MAX_SHELL_NESTING } from './config.ts';
import { CONTAINER_RUNNERS, containerRun } from './container-runs.ts';
import { environmentRun } from './environment-runs.ts';
import { hostedDatabaseClient } from './hosted-databases.ts';
import { optionAndValue } from './option-words.ts';
import { platformRun } from './platform-runs.ts';
import { splitParts } from './split-files.ts';
import { Unread } from './unread.ts';

export { optionAndValue };

/** A redirection: its operator, its target word, and the file descriptor written before it (`3<>`, `2>`, a name for `{s}<>`), if any. */
export type Redirect = { op: string; target: string; fd?: string };

export type SimpleCommand = {
  /** Words after quote removal; argv[0] is the program. */
  argv: string[];
  env: Record<string, string>;
  redirects: Redirect[];
  /** Body of a heredoc or here-string feeding this command's stdin. */
  stdin: string | null;
  /** The command whose stdout pipes into this one, if any. */
  pipedFrom: SimpleCommand | null;
  /** Run by xargs: what comes in on stdin becomes its arguments. */
  argsFromStdin?: boolean;
  /**
   * Run by find -exec or xargs -I, or naming what a `read` took: its `{}` (xargs's replace string,
   * the variable `read` sets, are rewritten to it) names files chosen only when it runs.
   */
  filesAtRunTime?: boolean;
  /** The head of a for loop (`for f in *.csv`): its words are the variable, `in`, and the words the variable takes, one each time round. */
  loop?: boolean;
};

type Token = { kind: 'word'; value: string } | { kind: 'op'; value: string; fd?: string } | { kind: 'heredoc'; value: string };

const OPERATORS = ['&&', '||', ';;', '|&', '>>', '<<<', '<<-', '<<', '<>', '&>', '>&', '<&', '>|', '|', '&', ';', '(', ')', '<', '>', '\n'];

/**
 * Splits a command line into words and operators; nested $( ), <( ) and backticks are kept as text
 * in their word and also returned for parsing (`nested`); a word holding >( ) is returned in
 * `written` with their bodies (a quoted ">(...)" is text, not one of them).
 */
function tokenize(src: string, nested: string[], written: Map<string, string[]>): Token[] {
  const tokens: Token[] = [];
  const pendingHeredocs: { delimiter: string; strip: boolean; index: number }[] = [];
  let i = 0;
  let word = '';
  let inWord = false;
  /** The bodies of the >( ) in the word being read. */
  let writtenInWord: string[] = [];
  const flush = () => {
    if (inWord) tokens.push({ kind: 'word', value: word });
    if (writtenInWord.length > 0) written.set(word, writtenInWord);
    writtenInWord = [];
    word = '';
    inWord = false;
  };
  /** Reads a $( ... ), <( ... ) or ` ... ` body starting after its opener; returns the index after the closer. `>( ... )` bodies are parsed with the command that writes into them, not here. */
  const readSubstitution = (start: number, closer: ')' | '`', parseHere = true): number => {
    let depth = 1;
    let j = start;
    while (j < src.length) {
      const c = src[j]!;
      if (c === '\\') j += 2;
      else if (c === "'" && closer === ')') {
        const end = src.indexOf("'", j + 1);
        j = end < 0 ? src.length : end + 1;
      } else if (c === '"' && closer === ')') {
        // A double-quoted ")" does not close the substitution.
        j++;
        while (j < src.length && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
        j++;
      } else if (closer === '`' && c === '`') break;
      else if (closer === ')' && c === '(') {
        depth++;
        j++;
      } else if (closer === ')' && c === ')') {
        depth--;
        if (depth === 0) break;
        j++;
      } else j++;
    }
    if (parseHere) nested.push(src.slice(start, Math.min(j, src.length)));
    return Math.min(j + 1, src.length);
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\n' && pendingHeredocs.length > 0) {
      flush();
      tokens.push({ kind: 'op', value: '\n' });
      i++;
      // Heredoc bodies follow the line that opened them, in order.
      for (const h of pendingHeredocs.splice(0)) {
        let body = '';
        while (i < src.length) {
          let end = src.indexOf('\n', i);
          if (end < 0) end = src.length;
          const line = src.slice(i, end);
          i = end + 1;
          const compare = h.strip ? line.replace(/^\t+/, '') : line;
          if (compare === h.delimiter) break;
          body += `${h.strip ? line.replace(/^\t+/, '') : line}\n`;
        }
        tokens[h.index] = { kind: 'heredoc', value: body };
      }
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      flush();
      i++;
      continue;
    }
    if (c === '#' && !inWord) {
      const end = src.indexOf('\n', i);
      i = end < 0 ? src.length : end;
      continue;
    }
    if (c === '\\') {
      if (src[i + 1] === '\n') i += 2;
      else {
        word += src[i + 1] ?? '';
        inWord = true;
        i += 2;
      }
      continue;
    }
    if (c === "'") {
      const end = src.indexOf("'", i + 1);
      word += src.slice(i + 1, end < 0 ? src.length : end);
      inWord = true;
      i = end < 0 ? src.length : end + 1;
      continue;
    }
    if (c === '$' && src[i + 1] === "'") {
      let j = i + 2;
      while (j < src.length && src[j] !== "'") {
        if (src[j] === '\\' && j + 1 < src.length) {
          const e = src[j + 1]!;
          word += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
        } else word += src[j++];
      }
      inWord = true;
      i = j + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') {
        if (src[j] === '\\' && j + 1 < src.length && '"\\$`\n'.includes(src[j + 1]!)) {
          if (src[j + 1] !== '\n') word += src[j + 1];
          j += 2;
        } else if (src[j] === '$' && src[j + 1] === '(') {
          const after = readSubstitution(j + 2, ')');
          word += src.slice(j, after);
          j = after;
        } else if (src[j] === '`') {
          const after = readSubstitution(j + 1, '`');
          word += src.slice(j, after);
          j = after;
        } else word += src[j++];
      }
      inWord = true;
      i = j + 1;
      continue;
    }
    if (c === '$' && src[i + 1] === '(') {
      const after = readSubstitution(i + 2, ')');
      word += src.slice(i, after);
      inWord = true;
      i = after;
      continue;
    }
    if (c === '`') {
      const after = readSubstitution(i + 1, '`');
      word += src.slice(i, after);
      inWord = true;
      i = after;
      continue;
    }
    if ((c === '<' || c === '>') && src[i + 1] === '(') {
      // Process substitution: <(cmd) is a file holding cmd's output, >(cmd) a file cmd reads.
      const after = readSubstitution(i + 2, ')', c === '<');
      if (c === '>') writtenInWord.push(src.slice(i + 2, src[after - 1] === ')' ? after - 1 : after));
      word += src.slice(i, after);
      inWord = true;
      i = after;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op) {
      // "2>" and "2>&1": a digit right before a redirection belongs to it, as does a {name} (bash picks its number).
      let fd: string | undefined;
      if ((op[0] === '>' || op[0] === '<') && inWord && /^(?:\d+|\{[A-Za-z_]\w*\})$/.test(word)) {
        fd = word.replace(/[{}]/g, '');
        word = '';
        inWord = false;
      }
      flush();
      tokens.push(fd === undefined ? { kind: 'op', value: op } : { kind: 'op', value: op, fd });
      i += op.length;
      if (op === '<<' || op === '<<-') {
        // The delimiter word, quotes removed.
        while (src[i] === ' ' || src[i] === '\t') i++;
        let delimiter = '';
        while (i < src.length && !/[\s;&|<>()]/.test(src[i]!)) {
          if (src[i] !== '"' && src[i] !== "'" && src[i] !== '\\') delimiter += src[i];
          i++;
        }
        pendingHeredocs.push({ delimiter, strip: op === '<<-', index: tokens.length });
        tokens.push({ kind: 'heredoc', value: '' });
      }
      continue;
    }
    word += c;
    inWord = true;
    i++;
  }
  flush();
  return tokens;
}

const REDIRECTS = new Set(['>', '>>', '<', '<>', '&>', '>&', '<&', '>|', '<<<']);
const SEPARATORS = new Set(['&&', '||', ';', ';;', '&', '\n', '(', ')']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** An ASSIGNMENT word's name and value. */
const assignment = (word: string): [string, string] => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)];
const KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', 'for', 'in', 'case', 'esac', '{', '}', '!', 'time']);

/**
 * Where the body of a definition starting at token `k` of a function in `functions` begins (`up (
 * ) {`, `function up {`, `function up ( ) {`), or -1 when none starts there.
 */
function functionBodyAt(tokens: readonly Token[], k: number, functions: ReadonlyMap<string, string>): number {
  const parens = (at: number) => tokens[at]?.value === '(' && tokens[at + 1]?.value === ')';
  const t = tokens[k]!;
  if (t.kind !== 'word') return -1;
  if (t.value === 'function') return functions.has(tokens[k + 1]?.value ?? '') ? k + 2 + (parens(k + 2) ? 2 : 0) : -1;
  return functions.has(t.value) && parens(k + 1) ? k + 3 : -1;
}

/** The index of the last token of a function's `{ ... }` body that starts at `from` (braces counted); `from - 1` when none starts there. */
function skipFunctionBody(tokens: readonly Token[], from: number): number {
  if (tokens[from]?.kind !== 'word' || tokens[from]!.value !== '{') return from - 1;
  let depth = 0;
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === 'word' && t.value === '{') depth++;
    else if (t.kind === 'word' && t.value === '}' && --depth === 0) return k;
  }
  return tokens.length - 1;
}

/** The simple commands of a token list; `input`, if given, is what the line reads on stdin (the writer into a >( )). */
function commandsOf(tokens: Token[], input: SimpleCommand | null, functions: ReadonlyMap<string, string> = new Map()): SimpleCommand[] {
  const out: SimpleCommand[] = [];
  let current: SimpleCommand = { argv: [], env: {}, redirects: [], stdin: null, pipedFrom: input };
  const finish = (pipeNext: boolean) => {
    const done = current;
    // A bare assignment (`F=customers.csv;`) is kept too: later words may expand it.
    if (done.argv.length > 0 || done.redirects.length > 0 || Object.keys(done.env).length > 0) out.push(done);
    current = { argv: [], env: {}, redirects: [], stdin: null, pipedFrom: pipeNext && done.argv.length > 0 ? done : input };
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === 'heredoc') {
      current.stdin = t.value;
      continue;
    }
    // A function's definition (`up() { ... }`, `function up { ... }`) runs nothing: its body runs where it is called (definedFunctions).
    // One whose body was not found there is read where it stands, as commands.
    const body = current.argv.length === 0 ? functionBodyAt(tokens, k, functions) : -1;
    if (body >= 0) {
      k = skipFunctionBody(tokens, body);
      continue;
    }
    if (t.kind === 'op') {
      if (t.value === '|' || t.value === '|&') finish(true);
      else if (SEPARATORS.has(t.value)) finish(false);
      else if (t.value === '<<' || t.value === '<<-') continue;
      else if (REDIRECTS.has(t.value)) {
        const next = tokens[k + 1];
        if (next?.kind === 'word') {
          k++;
          if (t.value === '<<<') current.stdin = next.value;
          else current.redirects.push(t.fd === undefined ? { op: t.value, target: next.value } : { op: t.value, target: next.value, fd: t.fd });
        }
      }
      continue;
    }
    if (current.argv.length === 0 && ASSIGNMENT.test(t.value)) {
      const [name, value] = assignment(t.value);
      current.env[name] = value;
      continue;
    }
    if (current.argv.length === 0 && t.value === 'for') current.loop = true;
    if (current.argv.length === 0 && KEYWORDS.has(t.value)) continue;
    // `time -p cmd`: the keyword's own flag (POSIX output), not a program.
    if (current.argv.length === 0 && t.value === '-p' && tokens[k - 1]?.kind === 'word' && tokens[k - 1]!.value === 'time') continue;
    current.argv.push(t.value);
  }
  finish(false);
  return out;
}

/** Options of wrapper programs that take a value, so the wrapped program is found after them. */
const WRAPPERS: Record<string, Set<string>> = {
  sudo: new Set(['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U']),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '-C']),
  nohup: new Set(),
  nice: new Set(['-n']),
  ionice: new Set(['-c', '-n', '-p']),
  time: new Set(['-f', '-o']),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  stdbuf: new Set(['-i', '-o', '-e']),
  exec: new Set(['-a']),
  command: new Set(),
  builtin: new Set(),
  xargs: new Set(['-I', '-n', '-P', '-L', '-d', '-E', '-s', '-a', '--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-lines', '--max-chars', '--eof']),
  watch: new Set(['-n', '-d']),
  caffeinate: new Set(),
  setsid: new Set(),
  unbuffer: new Set(),
  torsocks: new Set(['-u', '-p', '-a', '-P']),
  proxychains: new Set(['-f']),
  proxychains4: new Set(['-f']),
  chrt: new Set(['-T', '-P', '-D', '--sched-runtime', '--sched-period', '--sched-deadline']),
  taskset: new Set(),
  flock: new Set(['-w', '--wait', '--timeout', '-E', '--conflict-exit-code']),
  runuser: new Set(['-u', '-g', '-G', '-s', '-w', '--user', '--group', '--supp-group', '--shell', '--whitelist-environment']),
  coproc: new Set(),
  npx: new Set(['-p', '--package']),
  pnpx: new Set(['-p', '--package']),
  bunx: new Set(['-p', '--package']),
  // uv's tool runner (`uvx --from requests python up.py`).
  uvx: new Set(['--from', '--with', '--with-requirements', '--python', '-p', '--index', '--index-url', '--env-file']),
  // Tracers, sandboxes and namespaces: the program runs here, traced or confined.
  strace: new Set(['-o', '-e', '-p', '-s', '-u', '-E', '-a', '-b', '-I', '-P', '-X', '-O', '-S', '-U']),
  ltrace: new Set(['-o', '-e', '-p', '-s', '-u', '-n', '-a', '-A', '-D', '-F', '-l', '-x']),
  valgrind: new Set(),
  firejail: new Set(),
  pkexec: new Set(['--user']),
  tsocks: new Set(),
  'dbus-launch': new Set(),
  'with-contenv': new Set(),
  unshare: new Set(['-S', '--setuid', '-G', '--setgid', '-R', '--root', '-w', '--wd']),
  nsenter: new Set(['-t', '--target', '-S', '--setuid', '-G', '--setgid']),
  'systemd-run': new Set(['-u', '--unit', '-p', '--property', '--description', '--slice', '-E', '--setenv', '-M', '--machine', '-H', '--host', '--uid', '--gid', '--nice', '--working-directory', '--service-type']),
  // A password given to ssh, a virtual display, an agent holding keys, and BusyBox's applets (`busybox wget ...`).
  sshpass: new Set(['-p', '-f', '-d', '-P']),
  'xvfb-run': new Set(['-n', '--server-num', '-s', '--server-args', '-f', '--auth-file', '-e', '--error-file', '-w', '--wait', '-p', '--xauth-protocol']),
  'ssh-agent': new Set(['-a', '-t', '-E', '-P', '-O']),
  busybox: new Set(),
  toybox: new Set(),
  // dotenv-cli (`dotenv -e .env -- cmd`) and python-dotenv (`dotenv -f .env run cmd`): the program runs with the file's variables.
  dotenv: new Set(['-e', '-v', '-c', '-p', '-f', '--file', '-q', '--quote', '--export']),
};

/**
 * Programs that run a command in a project's environment after a subcommand (`uv run python up.py`,
 * `poetry run`, `pipenv run`, `npm exec -- tsx up.ts`, `pnpm dlx`), or with its secrets (`doppler
 * run -- cmd`, `op run --`, `aws-vault exec prod -- cmd`), with the subcommand's options that take
 * the next word as a value; `line`, its options whose value is a command line (`doppler run
 * --command "..."`); `dashDash`, whether the command is the words after a `--` where there is one
 * (`mise exec node@20 -- cmd`: what comes before names tools); `operands`, how many words before
 * the command are not it (`direnv exec DIR cmd`).
 */
type RunLauncher = { subcommands: ReadonlySet<string>; values: Set<string>; line?: ReadonlySet<string>; dashDash?: boolean; operands?: number };
const RUN_LAUNCHERS: Record<string, RunLauncher> = {
  uv: { subcommands: new Set(['run']), values: new Set(['--with', '--with-requirements', '--python', '-p', '--env-file', '--directory', '--project', '--extra', '--group', '--index', '--index-url', '--from', '--package']) },
  poetry: { subcommands: new Set(['run']), values: new Set(['-C', '--directory', '-P', '--project']) },
  pipenv: { subcommands: new Set(['run']), values: new Set() },
  pdm: { subcommands: new Set(['run']), values: new Set(['-p', '--project']) },
  hatch: { subcommands: new Set(['run']), values: new Set(['-e', '--env']) },
  conda: { subcommands: new Set(['run']), values: new Set(['-n', '--name', '-p', '--prefix', '--cwd']) },
  mamba: { subcommands: new Set(['run']), values: new Set(['-n', '--name', '-p', '--prefix', '--cwd']) },
  micromamba: { subcommands: new Set(['run']), values: new Set(['-n', '--name', '-p', '--prefix', '--cwd']) },
  pixi: { subcommands: new Set(['run', 'exec']), values: new Set(['-e', '--environment', '--manifest-path', '-s', '--spec']) },
  rye: { subcommands: new Set(['run']), values: new Set(['--pyproject']) },
  pipx: { subcommands: new Set(['run']), values: new Set(['--spec', '--python', '--index-url', '-i', '--pip-args']) },
  npm: { subcommands: new Set(['exec', 'x']), values: new Set(['-p', '--package', '-w', '--workspace']) },
  pnpm: { subcommands: new Set(['exec', 'dlx']), values: new Set(['-C', '--dir', '--filter', '-F']) },
  yarn: { subcommands: new Set(['exec', 'dlx']), values: new Set(['-p', '--package']) },
  bun: { subcommands: new Set(['x']), values: new Set() },
  bundle: { subcommands: new Set(['exec']), values: new Set(['--gemfile']) },
  asdf: { subcommands: new Set(['exec']), values: new Set() },
  mise: { subcommands: new Set(['exec', 'x']), values: new Set(['-C', '--cd', '-j', '--jobs', '-E', '--env']), line: new Set(['-c', '--command']), dashDash: true },
  devbox: { subcommands: new Set(['run']), values: new Set(['-c', '--config', '-e', '--env', '--env-file']) },
  direnv: { subcommands: new Set(['exec']), values: new Set(), operands: 1 },
  railway: { subcommands: new Set(['run']), values: new Set(['-s', '--service', '-e', '--environment']) },
  doppler: {
    subcommands: new Set(['run']),
    values: new Set(['-p', '--project', '-c', '--config', '-t', '--token', '--fallback', '--mount', '--mount-format', '--mount-template', '--name-transformer', '--only-secrets', '--passphrase', '--scope', '--api-host']),
    line: new Set(['--command']),
  },
  op: { subcommands: new Set(['run']), values: new Set(['--env-file', '--account', '--config', '--session', '--encoding']) },
  infisical: { subcommands: new Set(['run']), values: new Set(['--env', '--projectId', '--path', '--token', '--domain', '--tags', '--project-config-dir']), line: new Set(['--command']) },
  dotenvx: { subcommands: new Set(['run']), values: new Set(['-f', '--env-file', '-fv', '--env-vault-file', '-e', '--env', '--convention', '-fk', '--env-keys-file']) },
  'aws-vault': { subcommands: new Set(['exec']), values: new Set(['-d', '--duration', '-t', '--mfa-token', '--region', '--prompt']), dashDash: true, operands: 1 },
  chamber: { subcommands: new Set(['exec']), values: new Set(['-b', '--backend']), dashDash: true },
};

/** Wrappers unwrapped around one command (`nohup setsid timeout 9 sudo ... curl`); more are not read, and block. */
const MAX_WRAPPERS = 16;

/** Wrappers whose first operand is not the program: chrt's priority, taskset's CPU mask or list, flock's lock file. */
const LEADING_OPERAND = new Set(['chrt', 'taskset', 'flock']);

/**
 * Programs whose -c (--command) option is a command line of its own (`su -c "..."`, `script -qc
 * "..."`, `flock file -c "..."`), with their options that take a value.
 */
const COMMAND_OPTION: Record<string, Set<string>> = {
  su: new Set(['-s', '-g', '-G', '-w', '--shell', '--group', '--supp-group', '--whitelist-environment']),
  script: new Set(['-E', '-I', '-O', '-B', '-T', '--echo', '--log-in', '--log-out', '--log-io', '--log-timing']),
  runuser: WRAPPERS.runuser!,
  flock: WRAPPERS.flock!,
};

const runsAsUser = (argv: readonly string[]) => argv.some((a) => a === '-u' || a === '--user' || a.startsWith('--user='));

/**
 * The command line a COMMAND_OPTION program's own -c carries (`-c x`, `-qc x`, `-c'x'`,
 * `--command=x`), or null. Only the program's own options are read: flock's stop at its lock file
 * and runuser -u's at its user, where the program they run (and its own -c) begins.
 */
function commandOption(program: string, argv: readonly string[]): string | null {
  const options = COMMAND_OPTION[program]!;
  let operands = 0;
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') return null;
    const long = /^--(?:session-)?command=(.*)$/s.exec(a);
    if (long) return long[1]!;
    if (a === '--command' || a === '--session-command' || /^-[A-Za-z]*c$/.test(a)) return argv[k + 1] ?? null;
    const attached = /^-([A-Za-z]*?)c(.+)$/s.exec(a);
    if (attached && !a.startsWith('--')) return attached[2]!;
    if (a.startsWith('-')) {
      if (options.has(a)) k++;
      continue;
    }
    operands++;
    if ((program === 'flock' && operands > 1) || (program === 'runuser' && runsAsUser(argv))) return null;
  }
  return null;
}

/** find's actions that run a command. */
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** The commands a find runs (`-exec cmd {} ;`, `-execdir cmd {} +`, ...), as argument lists. */
export function findExecs(argv: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (let k = 1; k < argv.length; k++) {
    if (!FIND_EXEC.has(argv[k]!)) continue;
    const end = argv.findIndex((a, j) => j > k && (a === ';' || a === '+'));
    const run = argv.slice(k + 1, end < 0 ? argv.length : end);
    if (run.length > 0) runs.push(run);
    k = end < 0 ? argv.length : end;
  }
  return runs;
}

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish']);

/** A redirection of a command's input: `< file`, `<> file` and `<&N` on descriptor 0. */
export const readsInput = (r: Redirect) => (r.op === '<' || r.op === '<>' || r.op === '<&') && (r.fd ?? '0') === '0';
/** A redirection of a command's output to a file: `> f`, `>> f`, `>| f` on descriptor 1, and `&> f`. */
const writesOutput = (r: Redirect) => ((r.op === '>' || r.op === '>>' || r.op === '>|') && (r.fd ?? '1') === '1') || r.op === '&>' || r.op === '&>>';

function unwrap(cmd: SimpleCommand, depth: number, out: SimpleCommand[], uninspected: Unread): void {
  let argv = cmd.argv;
  const env = { ...cmd.env };
  let argsFromStdin = cmd.argsFromStdin === true;
  let filesAtRunTime = cmd.filesAtRunTime === true;
  /** xargs's replace string (-I R, -i, --replace): where each input line goes. */
  let replace: string | null = null;
  /** xargs's `-a FILE` (`--arg-file`): the file its arguments come from instead of its input. */
  let argFile: string | null = null;
  /**
   * A command line a wrapper carries as a string: its commands run with the wrapper's environment,
   * input and pipe, and its redirections. Those that read the line's input (not piped from another
   * of its commands, no input of their own) read what the wrapper's input redirections give (`bash
   * -c "curl -d @- URL" < c.csv`); those whose output is not piped on or redirected write where the
   * wrapper's output goes (`sh -c "cat c.csv" > /dev/tcp/host/80`).
   */
  const runLine = (line: string) => {
    const input = cmd.redirects.filter(readsInput);
    const output = cmd.redirects.filter(writesOutput);
    const inners = parseCommandLine(line, depth + 1, uninspected, cmd.pipedFrom);
    for (const [k, inner] of inners.entries()) {
      const next = inners[k + 1];
      const pipedOn = next !== undefined && next.pipedFrom !== null && next.pipedFrom !== cmd.pipedFrom;
      const reads = input.length > 0 && inner.stdin === null && inner.pipedFrom === cmd.pipedFrom && !inner.redirects.some(readsInput);
      const writes = output.length > 0 && !pipedOn && !inner.redirects.some(writesOutput);
      const redirects = [...(reads ? input : []), ...inner.redirects, ...(writes ? output : [])];
      out.push({ ...inner, env: { ...env, ...inner.env }, stdin: inner.stdin ?? cmd.stdin, redirects, ...(filesAtRunTime ? { filesAtRunTime } : {}) });
    }
  };
  let wrappers = 0;
  for (; wrappers < MAX_WRAPPERS && argv.length > 0; wrappers++) {
    const program = basename(argv[0]!);
    if (Object.hasOwn(COMMAND_OPTION, program)) {
      const line = commandOption(program, argv);
      if (line !== null) {
        runLine(line);
        return;
      }
    }
    if (program === 'parallel') {
      const run = parallelRun(argv);
      for (const line of run.lines) runLine(line);
      if (run.argv.length === 0) return;
      argv = run.argv;
      if (run.atRunTime) argsFromStdin = filesAtRunTime = true;
      continue;
    }
    // `docker run -v "$PWD":/data image curl -d @/data/c.csv URL`: the command it runs, reading the folders it mounts here (container-runs.ts).
    if (CONTAINER_RUNNERS.has(program)) {
      const run = containerRun(argv);
      if (run === null) break;
      argv = run.argv;
      Object.assign(env, run.env);
      continue;
    }
    // `nix-shell -p curl --run "..."`, `nix run nixpkgs#curl -- ...`, `ip netns exec blue curl ...`: what runs in that environment (environment-runs.ts).
    const environment = environmentRun(argv);
    if (environment !== null) {
      if ('line' in environment) {
        runLine(environment.line);
        return;
      }
      argv = environment.argv;
      continue;
    }
    const launcher = Object.hasOwn(RUN_LAUNCHERS, program) && RUN_LAUNCHERS[program]!.subcommands.has(argv[1] ?? '') ? RUN_LAUNCHERS[program] : undefined;
    const wrapper = Object.hasOwn(WRAPPERS, program) ? WRAPPERS[program] : launcher?.values;
    if (!wrapper) break;
    if (program === 'runuser' && !runsAsUser(argv)) break; // `runuser app`: a login shell, no command
    if (program === 'xargs') argsFromStdin = true;
    // coproc NAME { command; }: the name is only there before a compound command.
    if (program === 'coproc' && argv[2] === '{') argv = [argv[0]!, ...argv.slice(3)];
    else if (program === 'coproc' && argv[1] === '{') argv = [argv[0]!, ...argv.slice(2)];
    let k = launcher ? 2 : 1;
    const dashes = launcher?.dashDash ? argv.indexOf('--', k) : -1;
    if (dashes >= 0) k = dashes + 1;
    while (dashes < 0 && k < argv.length) {
      const a = argv[k]!;
      // doppler run --command "curl ...": the string is a command line of its own.
      const [option, inline] = optionAndValue(a);
      if (launcher?.line?.has(option)) {
        runLine(inline ?? argv[k + 1] ?? '');
        return;
      }
      // env -S "curl -d ... host": the string is a command line of its own.
      const split = program === 'env' ? /^(?:-S|--split-string)(?:=)?(.*)$/s.exec(a) : null;
      if (split) {
        runLine([split[1] || argv[k + 1] || '', ...argv.slice(split[1] ? k + 1 : k + 2)].join(' '));
        return;
      }
      if (program === 'xargs' && /^(?:-I|-i|--replace)/.test(a)) replace = xargsReplace(a, argv[k + 1]) ?? replace;
      if (program === 'xargs' && (option === '-a' || option === '--arg-file' || /^-a./.test(a))) argFile = inline ?? (a.length > 2 && a.startsWith('-a') ? a.slice(2) : (argv[k + 1] ?? null));
      if (program === 'env' && ASSIGNMENT.test(a)) {
        const eq = a.indexOf('=');
        env[a.slice(0, eq)] = a.slice(eq + 1);
        k++;
      } else if (a.startsWith('-')) k += wrapper.has(a) ? 2 : 1;
      else if (program === 'timeout' && /^\d/.test(a)) k++;
      else if (program === 'dotenv' && a === 'run') k++;
      else break;
    }
    if (LEADING_OPERAND.has(program)) k++;
    if (dashes < 0) k += launcher?.operands ?? 0;
    argv = argv.slice(k);
    // `uv run up.py` runs the script with the project's Python.
    if (program === 'uv' && /\.py$/.test(argv[0] ?? '')) argv = ['python', ...argv];
  }
  if (wrappers === MAX_WRAPPERS && argv.length > 0 && isWrapper(basename(argv[0]!))) uninspected.add(`its command is wrapped in more than ${MAX_WRAPPERS} programs`);
  // `heroku pg:psql < seed.sql`, `fly postgres connect`: the psql a hosted database's service opens there (hosted-databases.ts).
  argv = hostedDatabaseClient(argv) ?? argv;
  // `heroku run "curl ..."`, `fly ssh console -C "..."`: the command and the input go to the platform's machine (classify.ts reads that), and the command runs there.
  const platform = platformRun(argv);
  if (platform !== null) {
    out.push({ ...cmd, argv, env });
    if ('line' in platform) runLine(platform.line);
    else if (platform.argv.length > 0) unwrap({ ...cmd, argv: platform.argv, env }, depth + 1, out, uninspected);
    return;
  }
  // xargs -I%: each file name comes in as %; written as {} so that what reads it knows it is chosen at run time.
  if (replace !== null) {
    filesAtRunTime = true;
    argv = argv.map((word) => word.split(replace!).join('{}'));
  }
  // `exec 3<>/dev/tcp/host/80`: no program, but its redirections stay for the commands after it.
  if (argv.length === 0) {
    if (cmd.redirects.length > 0) out.push({ ...cmd, env });
    return;
  }
  const program = basename(argv[0]!);
  if (SHELLS.has(program)) {
    const c = argv.indexOf('-c');
    const lc = argv.findIndex((a) => /^-[a-z]*c$/.test(a));
    const at = c >= 0 ? c : lc;
    if (at >= 0 && argv[at + 1] !== undefined) {
      // sh -c 'curl -T "$1" host' _ file: the words after the script are its $0, $1, ...; run by
      // xargs, more of them come in when it runs, and they name files chosen then.
      const params = argsFromStdin ? [...argv.slice(at + 2), ...Array<string>(10).fill('{}')] : argv.slice(at + 2);
      if (argsFromStdin) filesAtRunTime = true;
      runLine(withPositionals(argv[at + 1]!, params, uninspected));
      return;
    }
    // A script on stdin (`bash <<< "..."`, `bash -s`, `echo "curl ..." | sh`) is parsed like -c's;
    // the words after -s are its $1, $2, ...
    const s = argv.indexOf('-s');
    const onlyFlags = argv.slice(1, s > 0 ? s : undefined).every((a) => /^-[a-z]+$/.test(a));
    const piped = cmd.pipedFrom && ['echo', 'printf'].includes(basename(cmd.pipedFrom.argv[0] ?? '')) ? cmd.pipedFrom.argv.slice(1).join(' ') : null;
    const script = cmd.stdin ?? piped;
    if (script !== null && onlyFlags) {
      out.push(...parseCommandLine(s > 0 ? withPositionals(script, [program, ...argv.slice(s + 1)], uninspected) : script, depth + 1, uninspected));
      return;
    }
  }
  if (program === 'eval') {
    out.push(...parseCommandLine(argv.slice(1).join(' '), depth + 1, uninspected));
    return;
  }
  // find -exec cmd {} ; (or +): cmd runs too, on the files find picks (`{}`).
  if (program === 'find') {
    for (const run of findExecs(argv)) unwrap({ argv: run, env, redirects: [], stdin: null, pipedFrom: null, filesAtRunTime: true }, depth + 1, out, uninspected);
  }
  // split --filter='curl -T - host' customers.csv: the filter runs for each part with the part on its
  // input, read as a command line whose input is split's (its file, or its own input), `$FILE` a part's name.
  const filtered = program === 'split' ? splitParts(program, argv.slice(1)) : null;
  if (filtered?.filter) {
    const input: SimpleCommand = filtered.input === '-' ? { ...cmd, argv: ['cat'] } : { argv: ['cat', filtered.input], env, redirects: [], stdin: null, pipedFrom: null };
    for (const inner of parseCommandLine(`FILE=${shellWord(filtered.names[0]!)}; ${filtered.filter}`, depth + 1, uninspected, input)) out.push({ ...inner, env: { ...env, ...inner.env } });
  }
  // `xargs -a customers.csv curl -d`: the file gives what its input would.
  const redirects = argFile === null ? cmd.redirects : [...cmd.redirects.filter((r) => !readsInput(r)), { op: '<', target: argFile, fd: '0' }];
  out.push({ ...cmd, argv, env, redirects, ...(argsFromStdin ? { argsFromStdin } : {}), ...(filesAtRunTime ? { filesAtRunTime } : {}) });
}

/** GNU parallel's options that take the next word as a value. */
const PARALLEL_VALUE_OPTIONS = new Set([
  '-j', '--jobs', '-P', '--max-procs', '-S', '--sshlogin', '--delay', '--timeout', '--joblog', '--results', '--res', '-a', '--arg-file', '-d', '--delimiter',
  '-C', '--colsep', '-I', '--tmpdir', '--workdir', '--wd', '-N', '-n', '--max-args', '-L', '--max-lines', '--env', '--halt', '--retries', '--memfree', '--load',
  '-E', '--eof', '--tag-string', '--tagstring', '--sshloginfile', '--slf', '--basefile', '--bf', '--return', '--transferfile', '--tf', '--block', '--block-size',
]);
/** How GNU parallel's inputs are given after its command: `:::` the words after it, `::::` the files they name (`+`: linked to the group before). */
const PARALLEL_SEPARATORS = new Set([':::', ':::+', '::::', '::::+']);

/**
 * What GNU parallel runs: its command (the words before its first `:::` or `::::`) with each input
 * in its `{}` (or after its last word where it has none). Inputs given after `:::` stand in as a
 * brace list (`{a.csv,b.csv}`), as a `for` loop's words do; inputs from its own input or from
 * `::::` files are chosen when it runs (`{}`, atRunTime). Without a command, the inputs are
 * command lines (`parallel ::: "curl ..." "curl ..."`), given in `lines`, or on its input, which it
 * runs as `sh` would.
 */
function parallelRun(argv: readonly string[]): { argv: string[]; lines: string[]; atRunTime: boolean } {
  let k = 1;
  while (k < argv.length && argv[k]!.startsWith('-') && !PARALLEL_SEPARATORS.has(argv[k]!)) k += PARALLEL_VALUE_OPTIONS.has(argv[k]!) ? 2 : 1;
  const end = argv.findIndex((a, j) => j >= k && PARALLEL_SEPARATORS.has(a));
  const command = argv.slice(k, end < 0 ? argv.length : end);
  const inputs: string[] = [];
  let atRunTime = end < 0;
  for (let j = end < 0 ? argv.length : end, group = ''; j < argv.length; j++) {
    if (PARALLEL_SEPARATORS.has(argv[j]!)) group = argv[j]!;
    else if (group.startsWith('::::')) atRunTime = true;
    else inputs.push(argv[j]!);
  }
  // No command: the inputs are command lines; on its input, as a shell reads them there (`cat jobs.txt | parallel`).
  if (command.length === 0) return end < 0 ? { argv: ['sh'], lines: [], atRunTime: false } : { argv: [], lines: inputs, atRunTime };
  const input = atRunTime ? '{}' : inputs.length === 1 ? inputs[0]! : `{${inputs.join(',')}}`;
  const placed = command.some((word) => word.includes('{}'));
  return { argv: placed ? command.map((word) => word.split('{}').join(input)) : [...command, input], lines: [], atRunTime };
}

/** The replace string an xargs option sets (`-I R`, `-IR`, `-i`, `-iR`, `--replace`, `--replace=R`), or null for another option. */
function xargsReplace(option: string, next: string | undefined): string | null {
  if (option === '-I') return next ?? null;
  if (option.startsWith('--replace')) return option.startsWith('--replace=') ? option.slice('--replace='.length) : '{}';
  if (option.startsWith('-I') || option.startsWith('-i')) return option.slice(2) || '{}';
  return null;
}

/** A positional parameter: `${1}`, `${@}`, `$1`, `$@`, `$*`. */
const POSITIONAL = /\$(?:\{(\d+|[@*])\}|(\d)|([@*]))/g;

/** A script's positional parameters ($0, $1, ..., $@, $*) replaced by the words given after it; left as written past MAX_SCAN_CHARS. */
function withPositionals(script: string, params: readonly string[], uninspected: Unread): string {
  if (params.length === 0) return script;
  const all = params.slice(1).join(' ');
  const references = script.match(POSITIONAL)?.length ?? 0;
  const longest = params.reduce((most, p) => Math.max(most, p.length), all.length);
  if (script.length + references * longest > MAX_SCAN_CHARS) {
    uninspected.add(`its script's parameters expand to more than ${MAX_SCAN_CHARS.toLocaleString('en-US')} characters`, true);
    return script;
  }
  return script.replace(POSITIONAL, (whole, braced: string | undefined, bare: string | undefined, every: string | undefined) => {
    const name = braced ?? bare ?? every!;
    return name === '@' || name === '*' ? all : (params[Number(name)] ?? whole);
  });
}

/** What a simple command runs once its wrappers are unwrapped (`setsid cat f` runs `cat f`, `su -c 'cat f | gzip'` a pipeline). */
export function unwrapped(cmd: SimpleCommand, uninspected: Unread): SimpleCommand[] {
  const out: SimpleCommand[] = [];
  unwrap(cmd, 0, out, uninspected);
  return out;
}

/** True for a program that runs another one (sudo, setsid, xargs, sh -c, eval, ...). */
function isWrapper(program: string): boolean {
  return Object.hasOwn(WRAPPERS, program) || Object.hasOwn(COMMAND_OPTION, program) || SHELLS.has(program) || program === 'eval';
}

export function basename(program: string): string {
  const slash = program.lastIndexOf('/');
  return slash >= 0 ? program.slice(slash + 1) : program;
}

const DECLARATIONS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);
/** `$NAME`, `${NAME}`, and an array's `${NAME[*]}`, `${NAME[@]}`, `${NAME[0]}` (an array stands for all its items). */
const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * Variables the parser expands, and what it could not: once the line's expansions together would
 * pass MAX_SCAN_CHARS, words are left as written, and that is said.
 */
type Variables = { values: Record<string, string>; uninspected: Unread; expandedChars: number };

/** A word with the variables assigned earlier on the line expanded (`$F`, `${F}`); others are left as written. */
function expand(word: string, variables: Variables): string {
  if (!word.includes('$')) return word;
  // Each reference's length is counted before anything is built, so a word never grows past the bound.
  let length = word.length;
  for (const m of word.matchAll(VARIABLE)) length += (variables.values[(m[1] ?? m[2])!]?.length ?? m[0].length) - m[0].length;
  if (variables.expandedChars + length <= MAX_SCAN_CHARS) {
    variables.expandedChars += length;
    return word.replace(VARIABLE, (whole, braced: string | undefined, bare: string | undefined) => variables.values[(braced ?? bare)!] ?? whole);
  }
  variables.uninspected.add(`its variables expand to more than ${MAX_SCAN_CHARS.toLocaleString('en-US')} characters`, true);
  return word;
}

/**
 * `for f in a.csv b.csv` (or `in *.csv`): `$f` stands for each of the words in turn, which a brace
 * list names at once (`{a.csv,b.csv}`), so that a file read through it is each of them.
 */
function assignLoop(variables: Variables, argv: readonly string[]): void {
  const [name, keyword, ...words] = argv;
  if (name === undefined || keyword !== 'in' || words.length === 0 || !/^[A-Za-z_]\w*$/.test(name)) return;
  variables.values[name] = words.length === 1 ? words[0]! : `{${words.join(',')}}`;
}

/** mapfile's options that take the next word as a value. */
const MAPFILE_VALUE_OPTIONS = new Set(['-d', '-n', '-O', '-s', '-u', '-C', '-c']);
/** read's options that take the next word as a value. */
const READ_VALUE_OPTIONS = new Set(['-a', '-d', '-i', '-n', '-N', '-p', '-t', '-u']);
/** What a variable `read` sets begins with: as a file's name, `{}`, a file chosen only when it runs (as find -exec's). */
const READ_AT_RUN_TIME = '{}';

/**
 * `while read -r f; do ... "$f" ...; done < list.txt`: a variable read sets is a file chosen when it
 * runs, and as text, what it reads: `{}` and its input (readInput), `{}$(< list.txt)`, whose
 * substitution classify.ts reads where the word is sent or written.
 */
function assignRead(variables: Variables, args: readonly string[], input: string | null): void {
  for (let k = 0; k < args.length; k++) {
    if (READ_VALUE_OPTIONS.has(args[k]!)) k++;
    else if (/^[A-Za-z_]\w*$/.test(args[k]!)) variables.values[args[k]!] = `${READ_AT_RUN_TIME}${input ?? ''}`;
  }
}

/**
 * What a `read` reads, as text the shell would expand: a substitution of what is piped into it
 * (`cat list.txt | while read f`), of the file it reads (`read x < file`, `<> file`, or after the
 * loop's `done < list.txt`), or of a descriptor (`read x <&3`, `read -u 3 x`, `done <&3`, and
 * with no input of its own, its stdin: `cat <&0`), which classify.ts follows to the file an `exec 3<
 * file` opened; or its here-string.
 */
function readInput(read: SimpleCommand, after: readonly SimpleCommand[]): string {
  const fd = readDescriptor(read.argv.slice(1), basename(read.argv[0] ?? '') === 'read' ? READ_VALUE_OPTIONS : MAPFILE_VALUE_OPTIONS);
  if (fd !== null) return `$(cat <&${shellWord(fd)})`;
  if (read.pipedFrom !== null) return `$(${read.pipedFrom.argv.map(shellWord).join(' ')})`;
  // `read -r x <<< "..."`, `read -r -d '' DATA < customers.csv`, `mapfile -t rows < customers.csv`: its own input.
  if (read.stdin !== null) return read.stdin;
  const inputOf = (cmd: SimpleCommand | undefined) => cmd?.redirects.find((r) => (r.fd ?? '0') === '0' && (r.op === '<' || r.op === '<>' || r.op === '<&'));
  const input = inputOf(read) ?? inputOf(after.find((cmd) => cmd.argv.length === 0 && inputOf(cmd) !== undefined));
  if (input === undefined) return '$(cat <&0)';
  return input.op === '<&' ? `$(cat <&${shellWord(input.target)})` : `$(< ${shellWord(input.target)})`;
}

/** The descriptor `read -u 3` or `mapfile -u 3` (`-u3`, `-ru 3`) reads from, or null; `values` are the program's options that take a value. */
function readDescriptor(args: readonly string[], values: ReadonlySet<string>): string | null {
  for (let k = 0; k < args.length; k++) {
    const option = /^-[A-Za-z]*u(\d*)$/.exec(args[k]!);
    if (option) return option[1] || (args[k + 1] ?? null);
    if (values.has(args[k]!)) k++;
  }
  return null;
}

/**
 * A shell function a line defines (`up() { ...; }`, `function up { ...; }`, `function up() { ...; }`)
 * and its body, by name. Braces in quotes (`awk '{print $1}'`) and in `${...}` are the body's; a
 * body holding others (a `{ ...; }` group) is not found, and is read where it stands.
 */
const FUNCTION_DEFINITION =
  /(?:^|[\n;&|(]\s*)(?:function\s+([A-Za-z_][\w-]*)\s*(?:\(\s*\))?|([A-Za-z_][\w-]*)\s*\(\s*\))\s*\{((?:[^{}'"]|'[^']*'|"(?:[^"\\]|\\.)*"|\$\{[^{}]*\})*)\}/g;

/** Characters the function and alias calls of one tool call have expanded to, by the Unread that tool call's parsing shares. */
const callsExpanded = new WeakMap<Unread, number>();

function definedFunctions(line: string): Map<string, string> {
  const functions = new Map<string, string>();
  if (!line.includes('(') && !line.includes('function')) return functions;
  for (const m of line.matchAll(FUNCTION_DEFINITION)) functions.set((m[1] ?? m[2])!, m[3]!);
  return functions;
}

/** A function's body as a call with `args` runs it: `$1`...`$9`, `${1}`, `$@` and `$*` replaced by the call's words (quoted). */
function withPositionalParameters(body: string, args: readonly string[]): string {
  return body.replace(/\$(?:\{([1-9]|@|\*)\}|([1-9]|@|\*))/g, (_whole, braced?: string, bare?: string) => {
    const which = (braced ?? bare)!;
    return which === '@' || which === '*' ? args.join(' ') : (args[Number(which) - 1] ?? "''");
  });
}

/** A word as the shell would read it back: quoted unless it holds only characters the shell leaves alone. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Whether a command's words name a variable `read` set: the files they name are chosen when it runs. */
function readsAtRunTime(cmd: SimpleCommand, variables: Variables): boolean {
  const words = [...cmd.argv, ...cmd.redirects.map((r) => r.target)];
  return words.some((word) => word.includes('$') && [...word.matchAll(VARIABLE)].some((m) => variables.values[(m[1] ?? m[2])!]?.startsWith(READ_AT_RUN_TIME)));
}

function assign(variables: Variables, env: Record<string, string>): void {
  for (const [name, value] of Object.entries(env)) variables.values[name] = expand(value, variables);
}

/** A command as the shell would run it after the line's earlier assignments (`F=customers.csv; curl -d @$F host`). */
function withVariables(cmd: SimpleCommand, variables: Variables, expanded: ReadonlyMap<SimpleCommand, SimpleCommand>): SimpleCommand {
  if (Object.keys(variables.values).length === 0) return cmd;
  return {
    ...cmd,
    argv: cmd.argv.map((word) => expand(word, variables)),
    redirects: cmd.redirects.map((r) => ({ ...r, target: expand(r.target, variables) })),
    pipedFrom: cmd.pipedFrom === null ? null : (expanded.get(cmd.pipedFrom) ?? cmd.pipedFrom),
  };
}

/**
 * The simple commands of a command line, wrappers unwrapped, $( ) and backtick bodies included.
 * What the parser does not read (beyond MAX_SCAN_CHARS, or nested deeper than MAX_SHELL_NESTING)
 * is said in `uninspected`.
 */
export function parseCommandLine(line: string, depth = 0, uninspected: Unread = new Unread(), input: SimpleCommand | null = null): SimpleCommand[] {
  if (depth > MAX_SHELL_NESTING) {
    uninspected.add(`its shell commands are nested more than ${MAX_SHELL_NESTING} levels deep`);
    return [];
  }
  if (line.length > MAX_SCAN_CHARS) uninspected.add(`its command is longer than ${MAX_SCAN_CHARS.toLocaleString('en-US')} characters`, true);
  const src = line.length > MAX_SCAN_CHARS ? line.slice(0, MAX_SCAN_CHARS) : line;
  const nested: string[] = [];
  const written = new Map<string, string[]>();
  const tokens = tokenize(src, nested, written);
  const out: SimpleCommand[] = [];
  const variables: Variables = { values: {}, uninspected, expandedChars: 0 };
  // Each command as expanded, so that a pipe links the expanded commands (`F=x; cat $F | curl ...`).
  const expanded = new Map<SimpleCommand, SimpleCommand>();
  // Shell functions and aliases the line defines: a call runs what they stand for.
  const functions = definedFunctions(src);
  const commands = commandsOf(tokens, input, functions);
  const exported = new Set<string>();
  const aliases = new Map<string, string>();
  for (const [at, cmd] of commands.entries()) {
    if (cmd.loop) assignLoop(variables, withVariables(cmd, variables, expanded).argv);
    else if (cmd.argv.length === 0 && cmd.redirects.length === 0) assign(variables, cmd.env);
    else if (DECLARATIONS.has(cmd.argv[0]!)) {
      // export F=customers.csv, declare -x F=..., local F=...: assignments as well.
      const assigned = cmd.argv.slice(1).filter((a) => ASSIGNMENT.test(a));
      assign(variables, Object.fromEntries(assigned.map(assignment)));
      // Exported, they are in the environment of the commands after it (`export API_URL=...; python3 up.py`).
      if (cmd.argv[0] === 'export' || cmd.argv.slice(1).some((a) => /^-[a-zA-Z]*x/.test(a))) {
        for (const a of cmd.argv.slice(1)) if (/^[A-Za-z_]\w*(?:=|$)/.test(a)) exported.add(a.split('=')[0]!);
      }
    } else if (cmd.argv[0] === 'alias') {
      for (const a of cmd.argv.slice(1)) if (ASSIGNMENT.test(a)) aliases.set(...assignment(a));
    } else {
      let run = withVariables(cmd, variables, expanded);
      // `up() { curl -T "$1" ...; }; up customers.csv`, `alias up='curl -T customers.csv'; up https://...`.
      const called = functions.get(run.argv[0]!) ?? aliases.get(run.argv[0]!);
      if (called !== undefined) {
        const args = run.argv.slice(1).map(shellWord);
        const line = functions.has(run.argv[0]!) ? withPositionalParameters(called, args) : [called, ...args].join(' ');
        // Each call is read anew: what the calls of one tool call expand to is bounded like its command.
        const before = callsExpanded.get(uninspected) ?? 0;
        if (before + line.length > MAX_SCAN_CHARS) uninspected.add(`its shell functions and aliases expand to more than ${MAX_SCAN_CHARS.toLocaleString('en-US')} characters`, true);
        else {
          callsExpanded.set(uninspected, before + line.length);
          out.push(...parseCommandLine(line, depth + 1, uninspected, run.pipedFrom));
        }
        continue;
      }
      if (exported.size > 0) run = { ...run, env: { ...Object.fromEntries([...exported].map((name) => [name, variables.values[name] ?? ''])), ...run.env } };
      if (readsAtRunTime(cmd, variables)) run = { ...run, filesAtRunTime: true };
      const program = basename(cmd.argv[0] ?? '');
      if (program === 'read') assignRead(variables, cmd.argv.slice(1), readInput(run, commands.slice(at + 1)));
      // `mapfile -t rows < file` (readarray): the array named last, MAPFILE by default.
      if (program === 'mapfile' || program === 'readarray') {
        const name = cmd.argv.slice(1).filter((a, k, args) => !a.startsWith('-') && !MAPFILE_VALUE_OPTIONS.has(args[k - 1] ?? '')).pop() ?? 'MAPFILE';
        assignRead(variables, [name], readInput(run, commands.slice(at + 1)));
      }
      expanded.set(cmd, run);
      unwrap(run, depth, out, uninspected);
      // `tee >(curl -d @- host) < file`: what the command writes is the substituted commands' input.
      if (written.size > 0) {
        for (const word of [...cmd.argv, ...cmd.redirects.map((r) => r.target)]) {
          for (const body of written.get(word) ?? []) out.push(...parseCommandLine(body, depth + 1, uninspected, run));
        }
      }
    }
  }
  for (const body of nested) out.push(...parseCommandLine(body, depth + 1, uninspected));
  return out;
}
