// The hook's own files, which an agent must not touch to get past the hook: the Bytebound home (the
// signing key, which would let it forge the audit log, and the log itself), the hook's installation
// (the bundle and its guard), and Claude Code's settings files that wire the hook. Reading the log
// is fine; reading the key, or changing any of them, is blocked.
import os from 'node:os';
import path from 'node:path';
import { AUDIT_DIR, HOOK_LOG_FILE, LOCAL_SIGNING_KEY_FILE } from './config.ts';
import { type SimpleCommand, basename } from './bash.ts';

/** Where the hook's own files are: its home, its installation, and the user's home (for ~/.claude). */
export type OwnFiles = { home: string; installation: string | null; userHome: string };

/** Programs that only read the files they name: they may read the log, not the key. */
const READERS = new Set(['cat', 'less', 'more', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ls', 'wc', 'jq', 'stat', 'file', 'du', 'find', 'tree', 'diff', 'cmp', 'sha256sum', 'md5sum', 'bytebound', 'node']);

const CLAUDE_SETTINGS = ['settings.json', 'settings.local.json'];

const inside = (file: string, root: string) => file === root || file.startsWith(`${root}${path.sep}`);

/** The user's home directory: HOME when it is an absolute path (an empty HOME would put the key and log in the working directory), else the account's. */
export function userHome(): string {
  const home = os.homedir();
  if (path.isAbsolute(home)) return home;
  try {
    return os.userInfo().homedir;
  } catch {
    throw new Error('no home directory: set BYTEBOUND_HOME or HOME to an absolute path');
  }
}

/** A path as written in a command or a tool's argument, made absolute: `~`, `$HOME`, `${HOME}`, `$PWD` and `${PWD}` expanded, relative to `cwd`. */
export function localPath(word: string, cwd: string, home = userHome()): string {
  const expanded = word
    .replace(/^(?:~|\$HOME|\$\{HOME\})(?=\/|$)/, home)
    .replace(/^(?:\$PWD|\$\{PWD\})(?=\/|$)/, '.')
    .replace(/^["']|["']$/g, '');
  return path.resolve(cwd, expanded);
}

/** What the hook keeps in its home: its signing key, its audit log and the log of its own failures. */
const HOME_ENTRIES = [LOCAL_SIGNING_KEY_FILE, AUDIT_DIR, HOOK_LOG_FILE];

/**
 * Whether `file` is the hook's home or what the hook keeps in it. Only those: a home set to a
 * folder that holds more (`BYTEBOUND_HOME=$HOME`) leaves the rest of that folder to the agent, so
 * that `ssh -i ~/.ssh/key` is not taken for a change to the hook.
 */
function inHookHome(file: string, home: string): boolean {
  return file === home || HOME_ENTRIES.some((entry) => inside(file, path.join(home, entry)));
}

/** Why touching `file` would get past the hook (reading: only the key counts), or null. */
function ownFileProblem(file: string, changes: boolean, own: OwnFiles, cwd: string): string | null {
  if (file === path.join(own.home, LOCAL_SIGNING_KEY_FILE)) return "it touches the hook's signing key";
  if (!changes) return null;
  if (inHookHome(file, own.home)) return "it would change the hook's home (its key and audit log)";
  if (own.installation !== null && inside(file, own.installation)) return 'it would change the installed hook';
  const settings = [path.join(cwd, '.claude'), path.join(own.userHome, '.claude')].flatMap((dir) => CLAUDE_SETTINGS.map((name) => path.join(dir, name)));
  if (settings.includes(file)) return 'it would change the Claude Code settings that run the hook';
  return null;
}

/** The first reason a shell command touches the hook's own files, or null. */
export function commandTouchesOwnFiles(commands: readonly SimpleCommand[], own: OwnFiles, cwd: string): string | null {
  for (const cmd of commands) {
    const program = basename(cmd.argv[0] ?? '');
    const writes = cmd.redirects.filter((r) => r.op !== '<');
    for (const word of [...cmd.argv.slice(1), ...cmd.redirects.map((r) => r.target)]) {
      if (word.startsWith('-') && !word.includes('/')) continue;
      const value = word.includes('=') && !word.startsWith('/') ? word.slice(word.indexOf('=') + 1) : word;
      const changes = !READERS.has(program) || writes.some((r) => r.target === word);
      const problem = ownFileProblem(localPath(value, cwd, own.userHome), changes, own, cwd);
      if (problem) return problem;
    }
  }
  return null;
}

/** The first reason a file tool's call touches the hook's own files (`changes`: Write, Edit, ...; else Read), or null. */
export function fileToolTouchesOwnFiles(args: Record<string, unknown>, changes: boolean, own: OwnFiles, cwd: string): string | null {
  for (const key of ['file_path', 'path', 'notebook_path']) {
    const value = args[key];
    if (typeof value !== 'string' || value === '') continue;
    const problem = ownFileProblem(localPath(value, cwd, own.userHome), changes, own, cwd);
    if (problem) return problem;
  }
  return null;
}

/** The hook's own files for a home and an installation directory (null when run from source without a bundle). */
export function ownFiles(home: string, installation: string | null): OwnFiles {
  return { home: path.resolve(home), installation: installation === null ? null : path.resolve(installation), userHome: userHome() };
}
