// What a `git push` sends that the command line did not add: the files the branch's commits changed
// since what its remote already has. git is not run: the repository's own files are read, its
// objects loose or packed (git-objects.ts). The commits are those reachable from the branch's tip
// (HEAD, its ref or packed-refs) and not from the remote's tracking refs (`refs/remotes/<remote>/*`;
// for a remote git has none for, the other remotes'), found as git finds them; each commit's tree
// is compared with its first parent's, and a file added or changed is read. Bounded: MAX_COMMITS
// commits, MAX_ENTRIES tree entries and MAX_SENT_FILE_BYTES of files. A file git LFS tracks is read
// from the object its pointer names (`lfs/objects/`), which LFS uploads as the push runs. What a
// `git add` or `git commit` on the same line takes beyond the paths it names is read here too: the
// tracked files changed since git's index (`commit -a`, `add -u`) and the untracked files git does
// not ignore (`add -A`, `add .`).
import fs from 'node:fs';
import path from 'node:path';
import { MAX_SENT_FILE_BYTES } from './config.ts';
import { ObjectStore, TOO_LARGE } from './git-objects.ts';
import { orderedIgnoreRules } from './ignore-files.ts';
import { fileText } from './local-files.ts';

/** The most commits, and tree entries, one push is read for. */
export const MAX_COMMITS = 1_000;
export const MAX_ENTRIES = 20_000;

/** What the push sends: the changed files' text, and why part of it was not read (null when all was). */
export type Unpushed = { text: string; unread: string | null };

/** A tree's entry: its name, whether it is a tree, and the object it names. */
export type Entry = { name: string; tree: boolean; sha: string };

/** The git folder of the work tree `cwd` is in (`.git`, or the folder a worktree's `.git` file names); null outside one. */
export function gitDir(cwd: string): string | null {
  for (let at = path.resolve(cwd); ; at = path.dirname(at)) {
    const dotGit = path.join(at, '.git');
    try {
      if (fs.statSync(dotGit).isDirectory()) return dotGit;
      const pointer = /^gitdir:\s*(.+)$/m.exec(fs.readFileSync(dotGit, 'utf8'))?.[1]?.trim();
      if (pointer) return path.resolve(at, pointer);
    } catch {
      // No .git here: look in the folder above.
    }
    if (path.dirname(at) === at) return null;
  }
}

/** The git folder a worktree's shares (its `commondir`: refs, objects, LFS objects, info/exclude), or the git folder itself. */
export const commonDir = (git: string): string => path.resolve(git, fileText(path.join(git, 'commondir')).trim() || '.');

/** The commit a ref names (`refs/heads/main`): its file, else its line in packed-refs; null for none. Worktrees keep refs in the common git folder. */
export function resolveRef(git: string, ref: string): string | null {
  const common = commonDir(git);
  for (const dir of [git, common]) {
    const sha = fileText(path.join(dir, ref)).trim();
    if (/^[0-9a-f]{40}$/.test(sha)) return sha;
    const packed = new RegExp(`^([0-9a-f]{40}) ${ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').exec(fileText(path.join(dir, 'packed-refs')))?.[1];
    if (packed) return packed;
  }
  return null;
}

/** The commits a remote's tracking refs name (`refs/remotes/<remote>/*`); with null, every remote's. */
const remoteTips = (git: string, remote: string | null): string[] => refTips(git, remote === null ? 'refs/remotes/' : `refs/remotes/${remote}/`);

/** The objects the refs under `prefix` (`refs/`, `refs/remotes/origin/`) name, loose and packed. */
export function refTips(git: string, prefix: string): string[] {
  const common = commonDir(git);
  const tips = [...fileText(path.join(common, 'packed-refs')).matchAll(/^([0-9a-f]{40}) (\S+)$/gm)].filter((m) => m[2]!.startsWith(prefix)).map((m) => m[1]!);
  const walk = (dir: string, depth: number): void => {
    let names: fs.Dirent[] = [];
    try {
      names = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of names.slice(0, 1_000)) {
      if (entry.isDirectory() && depth < 8) walk(path.join(dir, entry.name), depth + 1);
      else if (entry.isFile()) tips.push(fileText(path.join(dir, entry.name)).trim());
    }
  };
  walk(path.join(common, prefix), 0);
  return tips.filter((sha) => /^[0-9a-f]{40}$/.test(sha));
}

/** A tree object's entries (`<mode> <name>\0<20 bytes>`), or none for one that cannot be read. */
export function treeEntries(objects: ObjectStore, sha: string): Entry[] {
  const tree = objects.readOf(sha, 'tree');
  if (tree === null) return [];
  const entries: Entry[] = [];
  for (let at = 0; at < tree.length; ) {
    const space = tree.indexOf(0x20, at);
    const nul = tree.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > tree.length) break;
    const mode = tree.subarray(at, space).toString('latin1');
    entries.push({ name: tree.subarray(space + 1, nul).toString('utf8'), tree: mode === '40000', sha: tree.subarray(nul + 1, nul + 21).toString('hex') });
    at = nul + 21;
  }
  return entries;
}

/**
 * The files `git push [REMOTE] [BRANCH | SRC:DST]` sends from the repository `cwd` is in: what the
 * branch's commits added or changed since what the remote has (its tracking refs; a remote git
 * has none for, what the other remotes have), read as above.
 */
export function unpushedFiles(cwd: string, remote: string, refspec: string | null): Unpushed {
  const git = gitDir(cwd);
  if (git === null) return { text: '', unread: null };
  const head = fileText(path.join(git, 'HEAD')).trim();
  const current = /^ref:\s*refs\/heads\/(.+)$/.exec(head)?.[1] ?? null;
  const [source, target] = refspec === null ? [current, current] : refspec.includes(':') ? refspec.split(':', 2) : [refspec, refspec];
  const tip = source === 'HEAD' || source === null ? (current === null ? (/^[0-9a-f]{40}$/.test(head) ? head : null) : resolveRef(git, `refs/heads/${current}`)) : /^[0-9a-f]{40}$/.test(source!) ? source! : resolveRef(git, `refs/heads/${source!.replace(/^refs\/heads\//, '')}`);
  if (tip === null) return { text: '', unread: null };
  const branch = (target === 'HEAD' || target === null ? current : target!.replace(/^refs\/heads\//, '')) ?? '';
  // What the remote holds: its branch and its other refs (a new branch's commits up to what the remote has).
  const known = remoteTips(git, remote);
  const pushed = resolveRef(git, `refs/remotes/${remote}/${branch}`);
  if (pushed !== null) known.push(pushed);
  const objects = new ObjectStore(path.join(commonDir(git), 'objects'), MAX_SENT_FILE_BYTES);
  try {
    const walk = commitsToPush(objects, [tip], known.length > 0 ? known : remoteTips(git, null));
    if (typeof walk === 'string') return { text: '', unread: walk };
    return changedFiles(objects, git, walk);
  } finally {
    objects.close();
  }
}

/** The start of the reasons a bound gives (`<commits> more than 1000 commits`, `<history> more than 20,000 commits`, `<entries> more than 20000 files and folders`, `<bytes> larger than 16 MB in all`). */
export type Bounded = { commits: string; history: string; entries: string; bytes: string };

/** What a push's reading says when a bound stops it. */
const PUSHED: Bounded = { commits: 'it pushes', history: 'the history between it and what the remote has is', entries: 'the commits it pushes hold', bytes: 'the files its commits change are' };

/** A commit: its tree, its parents, and its committer's time (seconds). */
export type Commit = { tree: string | null; parents: string[]; time: number };

/** A commit object's fields, from its text. */
export function commitFields(body: string): Commit {
  return {
    tree: /^tree ([0-9a-f]{40})$/m.exec(body)?.[1] ?? null,
    parents: [...body.matchAll(/^parent ([0-9a-f]{40})$/gm)].map((m) => m[1]!),
    time: Number(/^committer .* (\d+) [+-]\d{4}$/m.exec(body)?.[1] ?? 0),
  };
}

/** The commit `sha` names, or null where it is not a commit that can be read. */
export function readCommit(objects: ObjectStore, sha: string): Commit | null {
  const body = objects.readOf(sha, 'commit');
  return body === null ? null : commitFields(body.toString('utf8'));
}

/** A commit the push sends: its tree and its first parent's (null for a first commit, or a parent that cannot be read). */
export type Pushed = { tree: string; parentTree: string | null };

/** The most commits walked to tell what a push sends from what the remote has. */
const MAX_WALKED = 20_000;

/**
 * The commits reachable from `tips` and not from any of `known` (`git rev-list TIP... --not KNOWN...`),
 * newest first, as git finds them: both sides walked together, newest commit first, a parent of
 * a commit the remote has marked as had too, until every commit left to walk is had. A commit
 * that cannot be read ends its line of history. A string says why it was not read (past
 * MAX_COMMITS to push or MAX_WALKED walked).
 */
export function commitsToPush(objects: ObjectStore, tips: readonly string[], known: readonly string[], says: Bounded = PUSHED): Pushed[] | string {
  const commits = new Map<string, Commit | null>();
  const commitOf = (sha: string): Commit | null => {
    if (!commits.has(sha)) commits.set(sha, readCommit(objects, sha));
    return commits.get(sha)!;
  };
  const had = new Set<string>(known);
  const queued = new Set<string>();
  const queue: Array<{ sha: string; time: number }> = [];
  // Newest first; among commits of the same second, the one queued first.
  const enqueue = (sha: string): void => {
    if (queued.has(sha)) return;
    const time = commitOf(sha)?.time ?? 0;
    let at = queue.length;
    while (at > 0 && queue[at - 1]!.time < time) at--;
    queue.splice(at, 0, { sha, time });
    queued.add(sha);
  };
  for (const sha of [...tips, ...known]) enqueue(sha);
  const pushing = new Set<string>();
  let walked = 0;
  while (queue.some((entry) => !had.has(entry.sha))) {
    if (++walked > MAX_WALKED) return `${says.history} more than ${MAX_WALKED.toLocaleString('en-US')} commits`;
    const { sha } = queue.shift()!;
    const parents = commitOf(sha)?.parents ?? [];
    if (had.has(sha)) {
      for (const parent of parents) {
        had.add(parent);
        // A parent walked as one to push before the remote's side reached it: walked again, to mark its own parents.
        if (pushing.has(parent)) queued.delete(parent);
        enqueue(parent);
      }
    } else {
      pushing.add(sha);
      if (pushing.size > MAX_COMMITS) return `${says.commits} more than ${MAX_COMMITS} commits`;
      for (const parent of parents) enqueue(parent);
    }
  }
  const toPush: Pushed[] = [];
  for (const sha of pushing) {
    const commit = commitOf(sha);
    if (commit?.tree && !had.has(sha)) toPush.push({ tree: commit.tree, parentTree: commit.parents[0] === undefined ? null : (commitOf(commit.parents[0])?.tree ?? null) });
  }
  return toPush;
}


/**
 * The files the commits add or change against their first parent's tree (and any blob named on its
 * own), read from the store (blobs once each), bounded as above. With `removed`, also what a patch
 * prints as taken out: each changed file as the parent had it, and the files the commit deletes.
 * With `lfs` (the git folder), a file git LFS tracks is read as the object its pointer names, which
 * a push uploads; without, as the pointer git holds.
 */
export function changedFiles(objects: ObjectStore, lfs: string | null, commits: ReadonlyArray<Pushed | { blob: string }>, says: Bounded = PUSHED, removed = false): Unpushed {
  const texts: string[] = [];
  let bytes = 0;
  let entries = 0;
  let unread: string | null = null;
  const readBlobs = new Set<string>();
  const tooLarge = `${says.bytes} larger than ${MAX_SENT_FILE_BYTES / 1_048_576} MB in all`;
  /** Reads a file's blob once; false when a bound stops the reading. */
  const read = (sha: string): boolean => {
    if (readBlobs.has(sha)) return true;
    readBlobs.add(sha);
    const blob = objects.read(sha);
    if (blob === null || (blob !== TOO_LARGE && blob.type !== 'blob')) return true;
    bytes += blob === TOO_LARGE ? Infinity : blob.body.length;
    // A file git LFS tracks is committed as a pointer; a push sends the object it points to.
    const stored = blob === TOO_LARGE || lfs === null ? null : lfsObject(lfs, blob.body);
    bytes += stored?.length ?? 0;
    if (blob === TOO_LARGE || bytes > MAX_SENT_FILE_BYTES) {
      unread = tooLarge;
      return false;
    }
    texts.push((stored ?? blob.body).toString('utf8'));
    return true;
  };
  /** Counts an entry of a tree read; false past MAX_ENTRIES. */
  const counted = (): boolean => {
    if (++entries <= MAX_ENTRIES) return true;
    unread = `${says.entries} more than ${MAX_ENTRIES} files and folders`;
    return false;
  };
  /** A file, or a folder's files, whole; false when a bound stops it. */
  const whole = (entry: Entry): boolean => (entry.tree ? changed(entry.sha, null) : read(entry.sha));
  /** The files a tree adds or changes against its parent's tree (null: the parent is not known here), and with `removed` what it takes out; false when a bound stops it. */
  const changed = (treeSha: string, parentSha: string | null): boolean => {
    const before = parentSha === null ? [] : treeEntries(objects, parentSha);
    const parent = new Map(before.map((e) => [e.name, e]));
    const names = new Set<string>();
    for (const entry of treeEntries(objects, treeSha)) {
      if (!counted()) return false;
      names.add(entry.name);
      const old = parent.get(entry.name);
      if (old?.sha === entry.sha) continue;
      if (!(entry.tree ? changed(entry.sha, old?.tree ? old.sha : null) : read(entry.sha))) return false;
      // The file as it was (or what a folder took the place of, or the other way round); a folder in both is compared above.
      if (removed && old !== undefined && !(old.tree && entry.tree) && !whole(old)) return false;
    }
    // The files and folders the tree no longer holds.
    return !removed || before.every((old) => names.has(old.name) || (counted() && whole(old)));
  };
  for (const item of commits) if (!('blob' in item ? read(item.blob) : changed(item.tree, item.parentTree))) break;
  return { text: texts.join('\n'), unread };
}

/** The size past which a blob is not an LFS pointer (git LFS's own limit). */
const MAX_LFS_POINTER = 1024;

/**
 * The object a git LFS pointer (`version https://git-lfs.github.com/spec/v1`, `oid sha256:...`)
 * names, from `lfs/objects/` of the repository's git folder; null for a blob that is not a pointer.
 * An object not here (never fetched) is not what the push sends either: empty. One larger than the
 * files a push is read for counts as that large.
 */
function lfsObject(git: string, blob: Buffer): Buffer | null {
  if (blob.length > MAX_LFS_POINTER || !blob.toString('latin1', 0, 40).startsWith('version https://git-lfs.github.com/spec/')) return null;
  const oid = /^oid sha256:([0-9a-f]{64})$/m.exec(blob.toString('latin1'))?.[1];
  if (oid === undefined) return null;
  const common = commonDir(git);
  const file = path.join(common, 'lfs', 'objects', oid.slice(0, 2), oid.slice(2, 4), oid);
  try {
    const size = fs.statSync(file).size;
    return size > MAX_SENT_FILE_BYTES ? Buffer.alloc(MAX_SENT_FILE_BYTES + 1) : fs.readFileSync(file);
  } catch {
    return Buffer.alloc(0);
  }
}

/** The most entries of git's index read for the tracked files a commit or add would take, and of the work tree walked for the untracked ones `git add -A` takes. */
const MAX_INDEX_ENTRIES = 50_000;
const MAX_WORK_TREE_ENTRIES = 50_000;

/** An entry of git's index: its path in the work tree (`/`-separated), mode, size, modification time (seconds, nanoseconds) and blob. */
type IndexEntry = { name: string; mode: number; size: number; mtime: number; mtimeNs: number; sha: string };

/** A repository's git folder, work tree, and the entries of its index. */
export type Index = { git: string; root: string; entries: IndexEntry[] };

/** The work tree of the repository `cwd` is in and the entries of its index (versions 2 and 3; none without an index); null where it cannot be read (no repository, version 4, past MAX_INDEX_ENTRIES). */
export function readIndex(cwd: string): Index | null {
  const git = gitDir(cwd);
  if (git === null) return null;
  const root = workTree(git, cwd);
  let index: Buffer;
  try {
    index = fs.readFileSync(path.join(git, 'index'));
  } catch {
    return { git, root, entries: [] };
  }
  if (index.length < 12 || index.toString('latin1', 0, 4) !== 'DIRC') return null;
  const version = index.readUInt32BE(4);
  const count = index.readUInt32BE(8);
  if ((version !== 2 && version !== 3) || count > MAX_INDEX_ENTRIES) return null;
  const entries: IndexEntry[] = [];
  for (let at = 12, k = 0; k < count && at + 62 <= index.length; k++) {
    const flags = index.readUInt16BE(at + 60);
    const start = at + 62 + (version === 3 && flags & 0x4000 ? 2 : 0);
    const end = index.indexOf(0, start);
    if (end < 0) break;
    entries.push({ name: index.toString('utf8', start, end), mtime: index.readUInt32BE(at + 8), mtimeNs: index.readUInt32BE(at + 12), mode: index.readUInt32BE(at + 24), size: index.readUInt32BE(at + 36), sha: index.toString('hex', at + 40, at + 60) });
    at += Math.floor((end - at + 8) / 8) * 8;
  }
  return { git, root, entries };
}

/**
 * The tracked files (full paths) of the repository `cwd` is in that differ from git's index by size
 * or modification time: what `git commit -a` and `git add -u` take. Read from the index (versions 2
 * and 3); null where it cannot be read (no repository, version 4, past MAX_INDEX_ENTRIES).
 */
export function modifiedTrackedFiles(cwd: string): string[] | null {
  const index = readIndex(cwd);
  return index === null ? null : changedIn(index);
}

/** The tracked files of a read index that differ from it by size or modification time (modifiedTrackedFiles). */
function changedIn(index: Index): string[] {
  return workTreeChanges(index)
    .filter((change) => !change.deleted)
    .map((change) => path.join(index.root, change.entry.name));
}

/** The entries of a read index for regular files (not links or submodules) that the work tree holds changed (by size or modification time) or no longer holds. */
export function workTreeChanges(index: Index): { entry: IndexEntry; deleted: boolean }[] {
  const changes: { entry: IndexEntry; deleted: boolean }[] = [];
  for (const entry of index.entries) {
    // Regular files only: not a link (0o120000) or a submodule (0o160000).
    if ((entry.mode & 0o170000) !== 0o100000) continue;
    try {
      const stat = fs.lstatSync(path.join(index.root, entry.name), { bigint: true });
      const sameTime = Number(stat.mtimeMs / 1000n) === entry.mtime && (entry.mtimeNs === 0 || Number(stat.mtimeNs % 1_000_000_000n) === entry.mtimeNs);
      if (Number(stat.size & 0xffffffffn) !== entry.size || !sameTime) changes.push({ entry, deleted: false });
    } catch {
      changes.push({ entry, deleted: true });
    }
  }
  return changes;
}

/** A folder's ignore rules: the folder they are relative to, and the test of a path (relative, and whether it is a folder). */
type IgnoreFile = { base: string; ignored: (relative: string, folder: boolean) => boolean };

/** The ignore file of `base` (`.gitignore`, or `info/exclude`, or the user's), as rules for the paths under it; null when it holds none. */
function ignoreFile(base: string, file: string): IgnoreFile | null {
  const lines = fileText(file).split('\n');
  return lines.some((line) => line.trim() !== '' && !line.startsWith('#')) ? { base, ignored: orderedIgnoreRules(lines, false) } : null;
}

/** The user's excludes file: git config's `core.excludesFile`, else `$XDG_CONFIG_HOME/git/ignore` (`~/.config/git/ignore`). */
function userExcludes(home: string, env: Readonly<Record<string, string | undefined>>): string {
  const configured = /^\s*excludesfile\s*=\s*(.+?)\s*$/im.exec(fileText(path.join(home, '.gitconfig')))?.[1]?.replace(/^"|"$/g, '');
  if (configured !== undefined) return configured.startsWith('~/') ? path.join(home, configured.slice(2)) : path.resolve(home, configured);
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'git', 'ignore');
}

/**
 * The untracked files (full paths) under `folder` (with `top`, in the whole work tree) of the
 * repository it is in that git does not ignore: with the modified tracked ones, what `git add -A`
 * (`git add .` in `folder`) takes. The work tree is walked from there, less `.git`, nested
 * repositories, links, and what the `.gitignore` files on the way, `info/exclude` and the user's
 * excludes file leave out (a path any of them ignores is left out); files in the index are
 * tracked. null where it cannot be read: no repository or index (readIndex), or past
 * MAX_WORK_TREE_ENTRIES entries.
 */
export function untrackedFiles(folder: string, top: boolean, home: string, env: Readonly<Record<string, string | undefined>>): string[] | null {
  const index = readIndex(folder);
  return index === null ? null : untrackedIn(index, folder, top, home, env);
}

/** The untracked files of a read index's work tree (untrackedFiles), or null past MAX_WORK_TREE_ENTRIES. */
function untrackedIn(index: Index, folder: string, top: boolean, home: string, env: Readonly<Record<string, string | undefined>>): string[] | null {
  const { git, root } = index;
  const tracked = new Set(index.entries.map((entry) => entry.name));
  const common = commonDir(git);
  const rules = [ignoreFile(root, path.join(common, 'info', 'exclude')), ignoreFile(root, userExcludes(home, env))].filter((r) => r !== null);
  const start = top ? root : path.resolve(folder);
  const relativeStart = path.relative(root, start);
  if (relativeStart.startsWith('..')) return [];
  // The .gitignore files of the folders from the work tree's top down to where the walk starts.
  const above = relativeStart === '' ? [] : relativeStart.split(path.sep);
  for (let k = 0; k <= above.length; k++) {
    const dir = path.join(root, ...above.slice(0, k));
    const own = ignoreFile(dir, path.join(dir, '.gitignore'));
    if (own !== null) rules.push(own);
  }
  const isIgnored = (full: string, folder: boolean, among: readonly IgnoreFile[]) =>
    among.some((r) => (full === r.base ? false : r.ignored(path.relative(r.base, full).split(path.sep).join('/'), folder)));
  const found: string[] = [];
  let seen = 0;
  const walk = (dir: string, among: readonly IgnoreFile[]): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return true;
    }
    const own = dir === start ? null : ignoreFile(dir, path.join(dir, '.gitignore'));
    const here = own === null ? among : [...among, own];
    for (const entry of entries) {
      if (++seen > MAX_WORK_TREE_ENTRIES) return false;
      if (entry.name === '.git') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // A repository of its own (a submodule, a clone inside) is not added.
        if (isIgnored(full, true, here) || fs.existsSync(path.join(full, '.git'))) continue;
        if (!walk(full, here)) return false;
      } else if (entry.isFile() && !tracked.has(path.relative(root, full).split(path.sep).join('/')) && !isIgnored(full, false, here)) {
        found.push(full);
      }
    }
    return true;
  };
  return walk(start, rules) ? found : null;
}

/** The work tree a git folder belongs to: a worktree's (its `gitdir` file names its `.git`), else the folder above `.git`. */
export function workTree(git: string, cwd: string): string {
  const pointer = fileText(path.join(git, 'gitdir')).trim();
  if (pointer !== '') return path.dirname(path.resolve(git, pointer));
  return path.basename(git) === '.git' ? path.dirname(git) : path.resolve(cwd);
}

/** The files git lists in the work tree of the repository `cwd` is in (full paths): those in its index and the untracked ones it does not ignore (`git ls-files --cached --others --exclude-standard`); null where they cannot be read (untrackedFiles). */
export function listedFiles(cwd: string, home: string, env: Readonly<Record<string, string | undefined>>): string[] | null {
  const index = readIndex(cwd);
  const untracked = index === null ? null : untrackedIn(index, cwd, true, home, env);
  return index === null || untracked === null ? null : [...index.entries.map((entry) => path.join(index.root, entry.name)), ...untracked];
}

/**
 * What `git add -A` (with `top`, the whole work tree) or `git add .` in `folder` takes, from one
 * reading of the index: the untracked files git does not ignore (none past the walk's bound) and the
 * tracked files changed since the index; none where the index cannot be read.
 */
export function wholeTreeAdded(folder: string, top: boolean, home: string, env: Readonly<Record<string, string | undefined>>): string[] {
  const index = readIndex(folder);
  return index === null ? [] : [...(untrackedIn(index, folder, top, home, env) ?? []), ...changedIn(index)];
}
