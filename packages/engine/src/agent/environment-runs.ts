// What programs that run a command in another environment of this machine run: nix's shells
// (`nix-shell -p curl --run "..."`, `nix shell nixpkgs#curl -c curl ...`, `nix develop -c ...`),
// the program a `nix run` runs (`nix run nixpkgs#curl -- -d @c.csv URL`), a network namespace's
// or VRF's command (`ip netns exec blue curl ...`), a local VM's or system container's
// (`vagrant ssh -c "..."`, `multipass exec vm -- cmd`, `lxc exec c1 -- cmd`, `incus exec`), a
// terminal multiplexer's new session or window (`tmux new -d "..."`, `screen -dmS up cmd`), and a
// job `at` or `batch` runs later (the script on their input, or `-f`'s, read as sh reads it).
// bash.ts unwraps them as it unwraps a wrapper.
import path from 'node:path';
import { lastValue, optionsEnd, wordsOf } from './option-words.ts';

/** What such a program runs: a command's words, or a command line it gives a shell. */
export type EnvironmentRun = { argv: string[] } | { line: string };

/** The programs read here. */
const PROGRAMS = new Set(['nix', 'nix-shell', 'ip', 'vagrant', 'multipass', 'lxc', 'incus', 'tmux', 'screen', 'at', 'batch']);
/** nix's options that take the next word as a value, and those that take the next two (`--arg name value`). */
const NIX_VALUE_OPTIONS = new Set([
  '--extra-experimental-features', '--experimental-features', '--log-format', '--store', '--eval-store', '-I', '--include', '--inputs-from', '-f', '--file',
  '--expr', '--profile', '--reference-lock-file', '--output-lock-file', '-j', '--max-jobs', '--cores', '--builders', '--system', '--keep', '-k', '--unset',
  '-u',
]);
const NIX_PAIR_OPTIONS = new Set(['--option', '--arg', '--argstr', '--override-input', '--override-flake']);
/** nix-shell's options whose value is the command line it runs. */
const NIX_SHELL_LINE = new Set(['--run', '--command']);
/** tmux's commands that start a command in a new session, window or pane, and its options (its own and theirs) that take the next word as a value. */
const TMUX_STARTS = new Set(['new', 'new-session', 'new-window', 'neww', 'split-window', 'splitw', 'respawn-pane', 'respawnp', 'respawn-window', 'respawnw']);
const TMUX_VALUE_OPTIONS = new Set(['-s', '-n', '-c', '-x', '-y', '-e', '-t', '-F', '-l', '-f', '-L', '-S']);
/** screen's options whose letter takes the next word as a value, alone or ending a cluster (`-dmS name`). */
const SCREEN_VALUE_LETTERS = /^-[A-Za-z]*[SceEhpstT]$/;
const SCREEN_SESSION_OPTIONS = new Set(['-r', '-R', '-RR', '-x', '-ls', '-list', '-wipe', '-X', '-Q']);
/** at's (batch's) options that take the next word as a value. */
const AT_VALUE_OPTIONS = new Set(['-q', '-f', '-t']);
/** Vagrant's synced folder, /vagrant, where a word names it (at its start, or after `=`, `@`, a quote or a space). */
const SYNCED_FOLDER = /(^|[\s=@'"])\/vagrant(?=\/|[\s'";]|$)/g;
/** ip's own options that take the next word as a value (`ip -n blue ...`, `ip -b cmds`). */
const IP_VALUE_OPTIONS = new Set(['-n', '-netns', '-b', '-batch', '-rc', '-rcvbuf', '-l', '-loops', '-f', '-family']);

/** The command `argv` runs in another environment, or null for any other command (and an interactive shell). */
export function environmentRun(argv: readonly string[]): EnvironmentRun | null {
  const program = path.basename(argv[0] ?? '');
  if (!PROGRAMS.has(program)) return null;
  if (program === 'nix-shell') {
    // `nix-shell -p curl jq --run "..."`: -p's packages are several words, so the line option is looked for anywhere.
    const at = argv.findIndex((a, k) => k > 0 && NIX_SHELL_LINE.has(a));
    return at > 0 && argv[at + 1] !== undefined ? { line: argv[at + 1]! } : null;
  }
  if (program === 'ip') return ipExec(argv);
  if (program === 'nix') return nixCommand(argv);
  // `vagrant ssh [name] -c "..."`: a command line run in the VM, where the project's folder is /vagrant (Vagrant's default synced folder).
  if (program === 'vagrant') {
    const at = argv[1] === 'ssh' ? argv.findIndex((a, k) => k > 1 && (a === '-c' || a === '--command')) : -1;
    return at > 0 && argv[at + 1] !== undefined ? { line: argv[at + 1]!.replace(SYNCED_FOLDER, '$1.') } : null;
  }
  if (program === 'tmux') return tmuxStart(argv);
  if (program === 'screen') {
    // Attaching to, listing or driving a session runs no new command.
    if (argv.some((a) => SCREEN_SESSION_OPTIONS.has(a))) return null;
    let k = 1;
    while (k < argv.length && argv[k]!.startsWith('-')) k += SCREEN_VALUE_LETTERS.test(argv[k]!) || argv[k] === '-Logfile' ? 2 : 1;
    return k < argv.length ? { argv: argv.slice(k) } : null;
  }
  // `at now < job.sh`, `echo "..." | at now`, `at -f job.sh 02:00`: the job is a script sh runs.
  if (program === 'at' || program === 'batch') {
    const words = wordsOf(argv.slice(1), AT_VALUE_OPTIONS);
    if (['-l', '-r', '-d', '-c', '-V'].some((flag) => words.flags.has(flag))) return null;
    const file = lastValue(words, '-f');
    return { argv: file === undefined ? ['sh'] : ['sh', file] };
  }
  // `multipass exec vm -- cmd`, `lxc exec c1 -- cmd`: the words after `--`.
  const dashes = argv[1] === 'exec' ? argv.indexOf('--', 2) : -1;
  return dashes > 0 && dashes + 1 < argv.length ? { argv: argv.slice(dashes + 1) } : null;
}

/** The index of the first operand at or after `k`, past options (nix's, with their values). */
function nixOperand(argv: readonly string[], k: number): number {
  while (k < argv.length && argv[k]!.startsWith('-') && argv[k] !== '--') k += NIX_PAIR_OPTIONS.has(argv[k]!) ? 3 : NIX_VALUE_OPTIONS.has(argv[k]!) ? 2 : 1;
  return k;
}

/**
 * `nix shell installables... -c cmd args` and `nix develop [installable] -c cmd args` (`--command`):
 * the command; `nix run nixpkgs#curl -- args` (or the words after the installable): the program an
 * installable of a package set names, the last part of its attribute (`nixpkgs#python3Packages.httpie`
 * is httpie). A flake's own app (`nix run .`) is not known here: null.
 */
function nixCommand(argv: readonly string[]): EnvironmentRun | null {
  const at = nixOperand(argv, 1);
  const subcommand = argv[at];
  if (subcommand === 'shell' || subcommand === 'develop') {
    const c = argv.findIndex((a, k) => k > at && (a === '-c' || a === '--command'));
    return c > 0 && c + 1 < argv.length ? { argv: argv.slice(c + 1) } : null;
  }
  if (subcommand !== 'run') return null;
  const installable = nixOperand(argv, at + 1);
  const word = argv[installable] ?? '';
  const attribute = word.includes('#') ? word.slice(word.lastIndexOf('#') + 1).split('.').pop()! : '';
  if (!/^[\w+-]+$/.test(attribute)) return null;
  const dashes = argv.indexOf('--', installable + 1);
  return { argv: [attribute, ...argv.slice(dashes >= 0 ? dashes + 1 : installable + 1)] };
}

/** `ip [options] netns exec NAME cmd...` (`ip -all netns exec cmd`: in every namespace) and `ip vrf exec NAME cmd...`: the command. */
function ipExec(argv: readonly string[]): EnvironmentRun | null {
  let k = 1;
  let all = false;
  for (; k < argv.length && argv[k]!.startsWith('-'); k++) {
    if (argv[k] === '-all' || argv[k] === '-a') all = true;
    if (IP_VALUE_OPTIONS.has(argv[k]!)) k++;
  }
  if ((argv[k] !== 'netns' && argv[k] !== 'vrf') || argv[k + 1] !== 'exec') return null;
  const command = argv.slice(k + (all && argv[k] === 'netns' ? 2 : 3));
  return command.length > 0 ? { argv: command } : null;
}

/** `tmux new -d -s up "cmd"` (a new session, window or pane): its command, one word a command line as tmux gives it to a shell, several words the command itself. */
function tmuxStart(argv: readonly string[]): EnvironmentRun | null {
  let k = optionsEnd(argv, TMUX_VALUE_OPTIONS, 1);
  if (!TMUX_STARTS.has(argv[k] ?? '')) return null;
  // Its options stop at the command's first word: `tmux neww -d curl -d @c.csv URL`.
  for (k++; k < argv.length && argv[k]!.startsWith('-') && argv[k] !== '--'; ) k += TMUX_VALUE_OPTIONS.has(argv[k]!) ? 2 : 1;
  const command = argv.slice(argv[k] === '--' ? k + 1 : k);
  if (command.length === 0) return null;
  return command.length === 1 ? { line: command[0]! } : { argv: command };
}
