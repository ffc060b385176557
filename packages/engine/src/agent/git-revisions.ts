// What git prints or packs of a revision, read from the repository's objects (git-objects.ts) as
// git has them, not from the files as they are now: `git show REV:path` and `git cat-file -p
// REV:path` (a file as it was at REV, even one since changed or deleted), `git show REV` (the files
// that commit added or changed), `git archive REV [PATH...]` (the revision's whole tree, or the
// paths it names in it), and the commits of a revision list (`git bundle`, `git format-patch`, `git
// send-email`: the files each changed). A revision is a full or abbreviated object name, HEAD (`@`), a tag, branch
// or remote branch (loose or packed refs, in git's order), followed by any of `~N`, `^` and `^N`;
// an annotated tag stands for what it tags. Anything else (`:path` of the index, `@{upstream}`,
// `REV^{tree}`, `:/message`) is not resolved here, and the caller reads the files as they are.
// Bounded as a push is (git-commits.ts).
import path from 'node:path';
import { MAX_SENT_FILE_BYTES } from './config.ts';
import { type Bounded, changedFiles, commitFields, commitsToPush, commonDir, gitDir, MAX_COMMITS, readCommit, refTips, resolveRef, treeEntries, type Unpushed, workTree } from './git-commits.ts';
import { ObjectStore } from './git-objects.ts';
import { fileText } from './local-files.ts';

/** What a revision's reading says when a bound stops it. */
const REVISION: Bounded = { commits: 'it reads', history: 'the history between the revisions it names is', entries: 'the revision it reads holds', bytes: 'the files of the revision it reads are' };

/** Runs `read` with the object store of the repository `cwd` is in; null outside one. */
function withObjects<T>(cwd: string, read: (objects: ObjectStore, git: string) => T): T | null {
  const git = gitDir(cwd);
  if (git === null) return null;
  const objects = new ObjectStore(path.join(commonDir(git), 'objects'), MAX_SENT_FILE_BYTES);
  try {
    return read(objects, git);
  } finally {
    objects.close();
  }
}

/** The object a name or ref stands for (before any `~`/`^`): a full or abbreviated name, HEAD, or a ref as git looks for it. */
function named(objects: ObjectStore, git: string, name: string): string | null {
  if (name === 'HEAD' || name === '@') {
    const head = fileText(path.join(git, 'HEAD')).trim();
    const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
    return ref === undefined ? (/^[0-9a-f]{40}$/.test(head) ? head : null) : resolveRef(git, ref);
  }
  for (const ref of [name, `refs/${name}`, `refs/tags/${name}`, `refs/heads/${name}`, `refs/remotes/${name}`, `refs/remotes/${name}/HEAD`]) {
    if (!ref.startsWith('refs/') || /\.\.|[\s~^:?*[\\]/.test(ref)) continue;
    const sha = resolveRef(git, ref);
    if (sha !== null) return sha;
  }
  return /^[0-9a-f]{40}$/.test(name) ? name : objects.expand(name);
}

/** An annotated tag's target, followed until it is not a tag. */
function peeled(objects: ObjectStore, sha: string): string | null {
  for (let k = 0; k < 16; k++) {
    const object = objects.read(sha);
    if (object === null || typeof object === 'string') return null;
    if (object.type !== 'tag') return sha;
    const target = /^object ([0-9a-f]{40})$/m.exec(object.body.toString('utf8'))?.[1];
    if (target === undefined) return null;
    sha = target;
  }
  return null;
}

/**
 * The object a revision names: `NAME` followed by `~N`, `^` and `^N` steps; null where it names
 * none here. An annotated tag it ends on stands for what it tags, unless `peel` is false and no
 * step follows the name (`git show TAG` shows the tag before what it tags).
 */
export function revisionObject(objects: ObjectStore, git: string, revision: string, peel = true): string | null {
  const m = /^([^~^]+)((?:[~^]\d*)*)$/.exec(revision);
  if (m === null) return null;
  let sha = named(objects, git, m[1]!);
  if (!peel && m[2] === '') return sha;
  for (const step of m[2]!.matchAll(/([~^])(\d*)/g)) {
    if (sha === null) return null;
    const count = step[2] === '' ? 1 : Number(step[2]);
    if (count > 10_000) return null;
    // `~N`: N first parents back; `^N`: the Nth parent (`^0`: the commit itself).
    for (let k = 0; k < (step[1] === '~' ? count : 1); k++) {
      const commit = peeled(objects, sha!);
      const parents = commit === null ? null : readCommit(objects, commit)?.parents;
      if (parents == null) return null;
      sha = step[1] === '^' && count === 0 ? commit : (parents[step[1] === '~' ? 0 : count - 1] ?? null);
      if (sha === null) return null;
    }
  }
  return sha === null ? null : peeled(objects, sha);
}

/** The tree a revision names (a commit's, or a tree itself). */
function treeOf(objects: ObjectStore, object: string): string | null {
  const commit = readCommit(objects, object);
  if (commit !== null) return commit.tree;
  return objects.readOf(object, 'tree') === null ? null : object;
}

/** The tree a revision names, or null where it names none here. */
function revisionTree(objects: ObjectStore, git: string, revision: string): string | null {
  const object = revisionObject(objects, git, revision);
  return object === null ? null : treeOf(objects, object);
}

/** A path as git takes it from `cwd`, relative to the top of the work tree (`/`-separated). */
const fromTop = (git: string, cwd: string, word: string): string => path.relative(workTree(git, cwd), path.resolve(cwd, word)).split(path.sep).join('/');

/** The entry at `relative` (`/`-separated) under a tree, or null where it holds none. */
function entryAt(objects: ObjectStore, tree: string, relative: string): { tree: boolean; sha: string } | null {
  let at: { tree: boolean; sha: string } = { tree: true, sha: tree };
  for (const part of relative.split('/').filter((p) => p !== '' && p !== '.')) {
    if (!at.tree) return null;
    const found = treeEntries(objects, at.sha).find((entry) => entry.name === part);
    if (found === undefined) return null;
    at = found;
  }
  return at;
}

/**
 * What `git show REV:path` (`git cat-file -p REV:path`) prints: the file as it was at REV, or a
 * folder's names; '' where REV holds no such path. null where the revision is not resolved here
 * (not in a repository, a form not read here): the caller reads the file as it is. `path` is
 * relative to the top of the work tree, or to `cwd` with `./`.
 */
export function fileAtRevision(cwd: string, spec: string): Unpushed | null {
  const colon = spec.indexOf(':');
  const revision = spec.slice(0, colon);
  if (revision === '') return null;
  return withObjects(cwd, (objects, git) => {
    const tree = revisionTree(objects, git, revision);
    if (tree === null) return null;
    const relative = spec.slice(colon + 1);
    const entry = entryAt(objects, tree, relative.startsWith('./') || relative.startsWith('../') ? fromTop(git, cwd, relative) : relative);
    if (entry === null) return { text: '', unread: null };
    if (entry.tree) return { text: treeEntries(objects, entry.sha).map((e) => e.name).join('\n'), unread: null };
    return changedFiles(objects, null, [{ blob: entry.sha }], REVISION);
  });
}

/**
 * What `git archive REV [PATH...]` packs: the revision's whole tree, or the paths named in it
 * (relative to `cwd`, as git takes them); null where the revision is not resolved here.
 */
export function treeAtRevision(cwd: string, revision: string, paths: readonly string[]): Unpushed | null {
  return withObjects(cwd, (objects, git) => {
    const tree = revisionTree(objects, git, revision);
    if (tree === null) return null;
    // With no paths, the folder it runs in (the whole tree at the top, or where the tree has no such folder).
    const entries = paths.length === 0 ? [entryAt(objects, tree, fromTop(git, cwd, '.')) ?? { tree: true, sha: tree }] : paths.flatMap((p) => entryAt(objects, tree, fromTop(git, cwd, p)) ?? []);
    return changedFiles(objects, null, entries.map((entry) => (entry.tree ? { tree: entry.sha, parentTree: null } : { blob: entry.sha })), REVISION);
  });
}

/**
 * What `git show REV` prints (with `patch`, as it does unless told `-s`, `--stat` and the like) and
 * `git cat-file -p REV` (without): a commit's message and, with `patch`, the files it added or
 * changed against its first parent, read whole (git prints the lines changed and a few around
 * them); an annotated tag's message and what it tags; a file's content; a folder's names. null
 * where the revision is not resolved here.
 */
export function shownObject(cwd: string, revision: string, patch: boolean): Unpushed | null {
  return withObjects(cwd, (objects, git) => {
    const texts: string[] = [];
    const shown = (sha: string, depth: number): Unpushed | null => {
      const object = objects.read(sha);
      if (object === null) return null;
      if (typeof object === 'string') return { text: '', unread: `${REVISION.bytes} larger than ${MAX_SENT_FILE_BYTES / 1_048_576} MB in all` };
      if (object.type === 'blob') return changedFiles(objects, null, [{ blob: sha }], REVISION);
      if (object.type === 'tree') return { text: treeEntries(objects, sha).map((e) => e.name).join('\n'), unread: null };
      const body = object.body.toString('utf8');
      texts.push(body);
      if (object.type === 'tag') {
        const target = /^object ([0-9a-f]{40})$/m.exec(body)?.[1];
        return target === undefined || depth > 16 || !patch ? { text: '', unread: null } : shown(target, depth + 1);
      }
      const { tree, parents } = commitFields(body);
      if (object.type !== 'commit' || !patch || tree === null) return { text: '', unread: null };
      return changedFiles(objects, null, [{ tree, parentTree: parents[0] === undefined ? null : treeOf(objects, parents[0]) }], REVISION);
    };
    const sha = revisionObject(objects, git, revision, false);
    const read = sha === null ? null : shown(sha, 0);
    return read === null ? null : { text: [...texts, read.text].filter((t) => t !== '').join('\n'), unread: read.unread };
  });
}

/**
 * The files the commits of a revision list changed, each against its first parent (git-commits.ts
 * changedFiles), bounded as a push is. `rev-list` takes the list as `git bundle create` does: each
 * REV and what it reaches, less what `^REV` reaches, `A..B` as `^A B`, `--all` every ref;
 * `format-patch` as `git format-patch` and `git send-email` do: a lone REV stands for `REV..HEAD`
 * and `-N` for the last N commits (with `--root`, REV and all it reaches). null where a revision is
 * not resolved here (or `A...B` is named).
 */
export function revisionRange(cwd: string, words: readonly string[], style: 'rev-list' | 'format-patch'): Unpushed | null {
  return withObjects(cwd, (objects, git) => {
    const include: string[] = [];
    const exclude: string[] = [];
    let last: number | null = null;
    // format-patch's lone REV is where the commits start from, unless -N or --root makes it their tip.
    const since = style === 'format-patch' && !words.includes('--root') && !words.some((word) => /^-\d+$/.test(word));
    const resolve = (revision: string, into: string[]): boolean => {
      const sha = revisionObject(objects, git, revision === '' ? 'HEAD' : revision);
      if (sha !== null) into.push(sha);
      return sha !== null;
    };
    for (const word of words) {
      if (/^-\d+$/.test(word)) last = Number(word.slice(1));
      else if (word === '--all') include.push(...refTips(git, 'refs/').flatMap((sha) => peeled(objects, sha) ?? []));
      else if (word.includes('...')) return null;
      else if (word.includes('..')) {
        const [from, to] = word.split('..', 2);
        if (!resolve(from!, exclude) || !resolve(to!, include)) return null;
      } else if (word.startsWith('^')) {
        if (!resolve(word.slice(1), exclude)) return null;
      } else if (!word.startsWith('-') && !resolve(word, since ? exclude : include)) return null;
    }
    if (include.length === 0 && (style === 'format-patch' || last !== null)) include.push(...[revisionObject(objects, git, 'HEAD')].filter((sha) => sha !== null));
    let commits: ReturnType<typeof commitsToPush>;
    if (last !== null) {
      // The last N commits: first parents back from the tip.
      commits = [];
      for (let sha: string | undefined = include[0]; sha !== undefined && commits.length < Math.min(last, MAX_COMMITS + 1); ) {
        const commit = readCommit(objects, sha);
        if (commit?.tree == null) break;
        sha = commit.parents[0];
        commits.push({ tree: commit.tree, parentTree: sha === undefined ? null : treeOf(objects, sha) });
      }
      if (commits.length > MAX_COMMITS) commits = `${REVISION.commits} more than ${MAX_COMMITS} commits`;
    } else commits = commitsToPush(objects, include, exclude, REVISION);
    return typeof commits === 'string' ? { text: '', unread: commits } : changedFiles(objects, null, commits, REVISION);
  });
}
