// What a `git push` sends that the command line did not add: the files the branch's commits changed
// since what its remote already has. git is not run: the repository's own files are read. The
// branch's tip (HEAD, its ref or packed-refs) is walked back through its commits to the remote's
// tracking ref (`refs/remotes/<remote>/<branch>`), and each commit's tree compared with its first
// parent's: a file added or changed is read. Objects are read where git first writes them, loose
// (zlib under `objects/`); what git has packed is what a clone or fetch brought, or a commit old
// enough to be packed, and is not read. Bounded: MAX_COMMITS commits, MAX_ENTRIES tree entries and
// MAX_SENT_FILE_BYTES of files.
import fs from 'node:fs';
import path from 'node:path';
import { MAX_SENT_FILE_BYTES } from './config.ts';

/** The most commits, and tree entries, one push is read for. */
const MAX_COMMITS = 1_000;
const MAX_ENTRIES = 20_000;

/** What the push sends: the changed files' text, and why part of it was not read (null when all was). */
export type Unpushed = { text: string; unread: string | null };

/** A tree's entry: its name, whether it is a tree, and the object it names. */
type Entry = { name: string; tree: boolean; sha: string };

/** The git folder of the work tree `cwd` is in (`.git`, or the folder a worktree's `.git` file names); null outside one. */
function gitDir(cwd: string): string | null {
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

/** A file's text, '' when it cannot be read. */
function text(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The commit a ref names (`refs/heads/main`): its file, else its line in packed-refs; null for none. Worktrees keep refs in the common git folder. */
function resolveRef(git: string, ref: string): string | null {
  const common = path.resolve(git, text(path.join(git, 'commondir')).trim() || '.');
  for (const dir of [git, common]) {
    const sha = text(path.join(dir, ref)).trim();
    if (/^[0-9a-f]{40}$/.test(sha)) return sha;
    const packed = new RegExp(`^([0-9a-f]{40}) ${ref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm').exec(text(path.join(dir, 'packed-refs')))?.[1];
    if (packed) return packed;
  }
  return null;
}

/** The commits a remote's tracking refs name (`refs/remotes/<remote>/*`, loose and packed). */
function remoteTips(git: string, remote: string): string[] {
  const common = path.resolve(git, text(path.join(git, 'commondir')).trim() || '.');
  const prefix = `refs/remotes/${remote}/`;
  const tips = [...text(path.join(common, 'packed-refs')).matchAll(/^([0-9a-f]{40}) (\S+)$/gm)].filter((m) => m[2]!.startsWith(prefix)).map((m) => m[1]!);
  const walk = (dir: string, depth: number): void => {
    let names: fs.Dirent[] = [];
    try {
      names = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of names.slice(0, 1_000)) {
      if (entry.isDirectory() && depth < 8) walk(path.join(dir, entry.name), depth + 1);
      else if (entry.isFile()) tips.push(text(path.join(dir, entry.name)).trim());
    }
  };
  walk(path.join(common, prefix), 0);
  return tips.filter((sha) => /^[0-9a-f]{40}$/.test(sha));
}

/** A loose object's type and body; null when it is not loose (packed, or not there), TOO_LARGE past MAX_SENT_FILE_BYTES. */
function looseObject(git: string, sha: string): { type: string; body: Buffer } | null | typeof TOO_LARGE {
  const common = path.resolve(git, text(path.join(git, 'commondir')).trim() || '.');
  let data: Buffer;
  try {
    data = process.getBuiltinModule('node:zlib').inflateSync(fs.readFileSync(path.join(common, 'objects', sha.slice(0, 2), sha.slice(2))), { maxOutputLength: MAX_SENT_FILE_BYTES + 64 });
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? TOO_LARGE : null;
  }
  const nul = data.indexOf(0);
  const header = data.subarray(0, nul).toString('latin1');
  return { type: header.slice(0, header.indexOf(' ')), body: data.subarray(nul + 1) };
}

/** An object too large to read. */
const TOO_LARGE = 'too large';

/** A loose object of the type asked for, or null (not loose, another type, too large). */
function looseOf(git: string, sha: string, type: string): Buffer | null {
  const object = looseObject(git, sha);
  return object !== null && object !== TOO_LARGE && object.type === type ? object.body : null;
}

/** A tree object's entries (`<mode> <name>\0<20 bytes>`), or none for one that is not loose. */
function treeEntries(git: string, sha: string): Entry[] {
  const tree = looseOf(git, sha, 'tree');
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
 * branch's commits added or changed since the remote's tracking ref (all of the branch's loose
 * history where the remote has none), read as above.
 */
export function unpushedFiles(cwd: string, remote: string, refspec: string | null): Unpushed {
  const git = gitDir(cwd);
  if (git === null) return { text: '', unread: null };
  const head = text(path.join(git, 'HEAD')).trim();
  const current = /^ref:\s*refs\/heads\/(.+)$/.exec(head)?.[1] ?? null;
  const [source, target] = refspec === null ? [current, current] : refspec.includes(':') ? refspec.split(':', 2) : [refspec, refspec];
  const tip = source === 'HEAD' || source === null ? (current === null ? (/^[0-9a-f]{40}$/.test(head) ? head : null) : resolveRef(git, `refs/heads/${current}`)) : /^[0-9a-f]{40}$/.test(source!) ? source! : resolveRef(git, `refs/heads/${source!.replace(/^refs\/heads\//, '')}`);
  if (tip === null) return { text: '', unread: null };
  const branch = (target === 'HEAD' || target === null ? current : target!.replace(/^refs\/heads\//, '')) ?? '';
  // Where the walk stops: the remote's branch, and any other ref of the remote (a new branch's commits up to what the remote holds).
  const known = new Set(remoteTips(git, remote));
  const pushed = resolveRef(git, `refs/remotes/${remote}/${branch}`);
  if (pushed !== null) known.add(pushed);
  const texts: string[] = [];
  let bytes = 0;
  let entries = 0;
  let unread: string | null = null;
  const readBlobs = new Set<string>();
  /** The files a tree adds or changes against its parent's tree (null: the parent is not known here). */
  const changed = (treeSha: string, parentSha: string | null): void => {
    const parent = new Map((parentSha === null ? [] : treeEntries(git, parentSha)).map((e) => [e.name, e.sha]));
    for (const entry of treeEntries(git, treeSha)) {
      if (++entries > MAX_ENTRIES) {
        unread = `the commits it pushes hold more than ${MAX_ENTRIES} files and folders`;
        return;
      }
      const before = parent.get(entry.name);
      if (before === entry.sha) continue;
      if (entry.tree) changed(entry.sha, before ?? null);
      else if (!readBlobs.has(entry.sha)) {
        readBlobs.add(entry.sha);
        const blob = looseObject(git, entry.sha);
        if (blob === null || (blob !== TOO_LARGE && blob.type !== 'blob')) continue;
        bytes += blob === TOO_LARGE ? Infinity : blob.body.length;
        if (blob === TOO_LARGE || bytes > MAX_SENT_FILE_BYTES) {
          unread = `the files its commits change are larger than ${MAX_SENT_FILE_BYTES / 1_048_576} MB in all`;
          return;
        }
        texts.push(blob.body.toString('utf8'));
      }
    }
  };
  const seen = new Set<string>();
  const queue = [tip];
  while (queue.length > 0 && unread === null) {
    const sha = queue.shift()!;
    if (known.has(sha) || seen.has(sha)) continue;
    if (seen.size >= MAX_COMMITS) {
      unread = `it pushes more than ${MAX_COMMITS} commits`;
      break;
    }
    seen.add(sha);
    const commit = looseOf(git, sha, 'commit');
    if (commit === null) continue;
    const body = commit.toString('utf8');
    const tree = /^tree ([0-9a-f]{40})$/m.exec(body)?.[1];
    const parents = [...body.matchAll(/^parent ([0-9a-f]{40})$/gm)].map((m) => m[1]!);
    const parentTree = parents[0] === undefined ? null : (/^tree ([0-9a-f]{40})$/m.exec(looseOf(git, parents[0], 'commit')?.toString('utf8') ?? '')?.[1] ?? null);
    if (tree !== undefined) changed(tree, parentTree);
    queue.push(...parents);
  }
  return { text: texts.join('\n'), unread };
}

/** The most entries of git's index read for the tracked files a commit or add would take. */
const MAX_INDEX_ENTRIES = 50_000;

/**
 * The tracked files (full paths) of the repository `cwd` is in that differ from git's index by size
 * or modification time: what `git commit -a` and `git add -u` take. Read from the index (versions 2
 * and 3); null where it cannot be read (no repository, version 4, past MAX_INDEX_ENTRIES).
 */
export function modifiedTrackedFiles(cwd: string): string[] | null {
  const git = gitDir(cwd);
  if (git === null) return null;
  let index: Buffer;
  try {
    index = fs.readFileSync(path.join(git, 'index'));
  } catch {
    return [];
  }
  if (index.length < 12 || index.toString('latin1', 0, 4) !== 'DIRC') return null;
  const version = index.readUInt32BE(4);
  const count = index.readUInt32BE(8);
  if ((version !== 2 && version !== 3) || count > MAX_INDEX_ENTRIES) return null;
  const root = workTree(git, cwd);
  const modified: string[] = [];
  for (let at = 12, k = 0; k < count && at + 62 <= index.length; k++) {
    const mtime = index.readUInt32BE(at + 8);
    const mtimeNs = index.readUInt32BE(at + 12);
    const mode = index.readUInt32BE(at + 24);
    const size = index.readUInt32BE(at + 36);
    const flags = index.readUInt16BE(at + 60);
    const start = at + 62 + (version === 3 && flags & 0x4000 ? 2 : 0);
    const end = index.indexOf(0, start);
    if (end < 0) break;
    const name = index.toString('utf8', start, end);
    at += Math.floor((end - at + 8) / 8) * 8;
    // Regular files only: not a link (0o120000) or a submodule (0o160000).
    if ((mode & 0o170000) !== 0o100000) continue;
    const full = path.join(root, name);
    try {
      const stat = fs.lstatSync(full, { bigint: true });
      const sameTime = Number(stat.mtimeMs / 1000n) === mtime && (mtimeNs === 0 || Number(stat.mtimeNs % 1_000_000_000n) === mtimeNs);
      if (Number(stat.size & 0xffffffffn) !== size || !sameTime) modified.push(full);
    } catch {
      // Deleted: nothing of it is sent.
    }
  }
  return modified;
}

/** The work tree a git folder belongs to: a worktree's (its `gitdir` file names its `.git`), else the folder above `.git`. */
function workTree(git: string, cwd: string): string {
  const pointer = text(path.join(git, 'gitdir')).trim();
  if (pointer !== '') return path.dirname(path.resolve(git, pointer));
  return path.basename(git) === '.git' ? path.dirname(git) : path.resolve(cwd);
}
