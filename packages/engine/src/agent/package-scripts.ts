// The script a package manager runs, from its command line and the package.json it reads: `npm
// run deploy -- --env staging`, `npm test`, `yarn deploy`, `pnpm run deploy`, `bun run deploy`,
// with the pre- and post- scripts that run around it. The hook reads such a run as the commands
// it holds (classify.ts reads the package.json).
import { optionAndValue } from './bash.ts';

/** Package managers that run a script of the package.json where they run (`npm run deploy`). */
export const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
/** npm's commands that run the script of their own name (`npm test` runs scripts.test). */
const NPM_LIFECYCLE = new Set(['test', 't', 'tst', 'start', 'stop', 'restart']);
/** Commands of yarn and pnpm themselves: any other word after them names a script (`yarn deploy`). */
const OWN_COMMANDS = new Set([
  'add', 'audit', 'bin', 'cache', 'config', 'create', 'dedupe', 'dlx', 'env', 'exec', 'fetch', 'global', 'help', 'import', 'info', 'init', 'install', 'i',
  'link', 'list', 'ls', 'login', 'logout', 'npm', 'outdated', 'pack', 'patch', 'patch-commit', 'prune', 'publish', 'rebuild', 'remove', 'rm', 'root',
  'run', 'set', 'setup', 'store', 'unlink', 'up', 'update', 'upgrade', 'upgrade-interactive', 'version', 'why', 'workspace', 'workspaces', 'node',
]);
/** Their options that take the next word as a value; of those, the ones that name the package's folder, and the ones naming a workspace (its folder, or a package by name). */
const PACKAGE_MANAGER_VALUE_OPTIONS = new Set(['--prefix', '-C', '--cwd', '--dir', '-w', '--workspace', '--filter', '-F']);
const PACKAGE_FOLDER_OPTIONS = new Set(['--prefix', '-C', '--cwd', '--dir']);
const WORKSPACE_OPTIONS = new Set(['-w', '--workspace', '--filter', '-F']);
/** Options that run a script in many packages at once: those are not read. */
const MANY_PACKAGES = new Set(['--workspaces', '-ws', '-r', '--recursive', '--all']);

/** A script run: the folder whose package.json holds it (as written), the script's name, and the words given to it. */
export type ScriptCall = { folder: string; name: string; given: string[] };

/**
 * The script run a package manager's words after its name ask for; null for anything else (an
 * install, a script of many packages, of a workspace named by its package name). `isFolder` says
 * whether a workspace's word names a folder: one named by its folder is read there.
 */
export function scriptCall(program: string, args: readonly string[], isFolder: (word: string) => boolean): ScriptCall | null {
  // npm reads its options anywhere before `--`; yarn, pnpm and bun before the script's name.
  const end = program === 'npm' ? (args.indexOf('--') + 1 || args.length + 1) - 1 : args.length;
  let folder = '.';
  const words: number[] = [];
  for (let k = 0; k < end; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (!option.startsWith('-')) {
      words.push(k);
      if (program !== 'npm' && words.length === 2) break;
      continue;
    }
    if (MANY_PACKAGES.has(option)) return null;
    const value = inline ?? (PACKAGE_MANAGER_VALUE_OPTIONS.has(option) ? args[++k] : undefined);
    if (PACKAGE_FOLDER_OPTIONS.has(option) && value !== undefined) folder = value;
    // A workspace named by its folder is read there; one named by its package name is not looked for.
    if (WORKSPACE_OPTIONS.has(option) && value !== undefined) {
      if (!isFolder(value)) return null;
      folder = value;
    }
  }
  const verb = words[0] === undefined ? undefined : args[words[0]];
  if (verb === undefined) return null;
  const runs = verb === 'run' || verb === 'run-script';
  const at = runs ? words[1] : words[0];
  const named = program === 'npm' ? runs || NPM_LIFECYCLE.has(verb) : runs || (program !== 'bun' && !OWN_COMMANDS.has(verb));
  const name = named && at !== undefined ? args[at] : undefined;
  if (name === undefined) return null;
  // What the script is given: npm's words after `--`, the others' words after its name.
  const given = program === 'npm' ? args.slice(end + 1) : args.slice(at! + 1).filter((a) => a !== '--');
  return { folder, name: name === 't' || name === 'tst' ? 'test' : name, given };
}

/** The lines a script run runs, from the package.json's text: its pre- script, the script with the words given, its post- script; null when it has no such script. */
export function scriptLines(packageJson: string, { name, given }: ScriptCall): string[] | null {
  const scripts = scriptsOf(packageJson);
  const main = scripts?.[name];
  if (main === undefined) return null;
  return [scripts![`pre${name}`], [main, ...given].join(' '), scripts![`post${name}`]].filter((line) => line !== undefined);
}

/** The `scripts` of a package.json, or null when it has none or is not JSON. */
function scriptsOf(packageJson: string): Record<string, string> | null {
  try {
    const scripts: unknown = (JSON.parse(packageJson) as { scripts?: unknown })?.scripts;
    if (!scripts || typeof scripts !== 'object' || Array.isArray(scripts)) return null;
    return Object.fromEntries(Object.entries(scripts).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return null;
  }
}
