// What Subversion's and Mercurial's commands send (git's: classify.ts and git-commits.ts). Neither
// tool is run, and neither's store is read: what is known is what the command line names.
// - `svn import [PATH] URL` sends PATH (the folder it runs in without one), whole, to URL's host.
// - `svn commit [PATH...]` (`ci`) sends the paths it names and those an `svn add` earlier on the
//   line added, to the working copy's repository: the first URL its `.svn/wc.db` holds, else
//   `svn:repository`. What changed in files already under version control is not known.
// - `hg push [DEST]` sends what an `hg add` or `hg commit PATH...` earlier on the line took, to
//   DEST (a URL, or a name in .hg/hgrc's `[paths]`), else `default-push`, else `default`, else
//   `hg:repository`. The changesets it pushes are not read.
import fs from 'node:fs';
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { fileText, folderHolding } from './local-files.ts';
import { wordsOf } from './option-words.ts';

/** Options of svn's and hg's commands that take the next word as a value. */
const VALUE_OPTIONS = new Set(['-m', '--message', '-F', '--file', '--username', '--password', '--config-dir', '--config-option', '--depth', '--changelist', '--cl', '-r', '--rev', '-b', '--branch', '-e', '--ssh', '--remotecmd', '-I', '--include', '-X', '--exclude', '-u', '--user', '-d', '--date', '-R', '--repository', '--cwd']);

/** A svn or hg command's subcommand, its operands as written, and the folder it works in (hg's `--cwd`, `-R`); null for another program. */
export function repositoryCommand(argv: readonly string[], cwd: string): { tool: 'svn' | 'hg'; command: string; operands: string[]; folder: string } | null {
  const tool = path.basename(argv[0] ?? '');
  if (tool !== 'svn' && tool !== 'hg') return null;
  const words = wordsOf(argv.slice(1), VALUE_OPTIONS);
  const [command = '', ...operands] = words.operands;
  const folder = path.resolve(cwd, words.options.findLast(([name]) => name === '--cwd' || name === '-R' || name === '--repository')?.[1] ?? '.');
  return { tool, command: command === 'ci' ? 'commit' : command, operands, folder };
}

/** Whether a word names a repository by URL rather than a path here. */
export const isRepositoryUrl = (word: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(word);

/** The start of a working copy's wc.db read for its repository's URL. */
const WC_DB_BYTES = 1_048_576;

/** The host of the repository a Subversion working copy in `cwd` commits to: the first URL its wc.db holds (SQLite keeps it as text), else `svn:repository` (null `cwd`: a copy not read here). */
export function svnRepositoryHost(cwd: string | null): string {
  const root = cwd === null ? null : folderHolding(cwd, '.svn');
  if (root === null) return 'svn:repository';
  let head = '';
  try {
    const fd = fs.openSync(path.join(root, '.svn', 'wc.db'), 'r');
    try {
      const buffer = Buffer.alloc(WC_DB_BYTES);
      head = buffer.toString('latin1', 0, fs.readSync(fd, buffer, 0, WC_DB_BYTES, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return 'svn:repository';
  }
  const url = /(?:svn\+ssh|svn|https?):\/\/[\w.@:-]+/.exec(head)?.[0];
  return (url === undefined ? null : hostOf(url)) ?? 'svn:repository';
}

/** The host `hg push [DEST]` sends to: DEST's, or that of the URL .hg/hgrc's `[paths]` gives it (`default-push`, else `default`, without one; null `cwd`: a copy not read here). */
export function hgPushHost(destination: string | undefined, cwd: string | null): string {
  const root = cwd === null ? null : folderHolding(cwd, '.hg');
  const hgrc = root === null ? '' : fileText(path.join(root, '.hg', 'hgrc'));
  const paths = /^\[paths\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(hgrc)?.[1] ?? '';
  const named = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=\\s*(\\S+)`, 'm').exec(paths)?.[1];
  const url = destination === undefined ? (named('default-push') ?? named('default')) : /:\/\//.test(destination) ? destination : (named(destination) ?? destination);
  return (url === undefined ? null : hostOf(url)) ?? 'hg:repository';
}
