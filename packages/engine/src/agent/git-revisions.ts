// What git prints or packs of a revision, read from the repository's objects (git-objects.ts) as
// git has them, not from the files as they are now: `git show REV:path` and `git cat-file -p
// REV:path` (a file as it was at REV, even one since changed or deleted), `git show REV` (the files
// that commit added, changed or deleted), `git archive REV [PATH...]` (the revision's whole tree, or
// the paths it names in it), and the commits of a revision list (`git bundle`, `git format-patch`,
// `git send-email`, `git log -p`: the files each changed). A revision is a full or abbreviated
// object name, HEAD (`@`), a tag, branch or remote branch (loose or packed refs, in git's order),
// a reflog's entry (`HEAD@{1}`, `main@{2}`, `stash@{0}`), a branch's upstream (`@{u}`) or an earlier
// branch (`@{-1}`), followed by any of `~N`, `^` and `^N`; an annotated tag stands for what it tags.
// Anything else (`:path` of the index, `REV^{tree}`, `:/message`) is not resolved here, and the
// caller reads the files as they are.
// Bounded as a push is (git-commits.ts).
import fs from 'node:fs';
import path from 'node:path';
import { MAX_SENT_FILE_BYTES } from './config.ts';
import { type Bounded, changedFiles, commitFields, commitsToPush, commonDir, gitDir, MAX_COMMITS, MAX_ENTRIES, readCommit, readIndex, refTips, resolveRef, treeEntries, type Unpushed, workTree, workTreeChanges } from './git-commits.ts';
import { ObjectStore } from './git-objects.ts';
import { iniSections } from './ini-text.ts';
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

/** The refs git tries for a name, in its order (`main`: refs/main, refs/tags/main, refs/heads/main...). */
const refsFor = (name: string): string[] =>
  [name, `refs/${name}`, `refs/tags/${name}`, `refs/heads/${name}`, `refs/remotes/${name}`, `refs/remotes/${name}/HEAD`].filter((ref) => ref.startsWith('refs/') && !/\.\.|[\s~^:?*[\\{}]/.test(ref));

/** The object a name or ref stands for (before any `~`/`^`): a full or abbreviated name, HEAD, a ref as git looks for it, or a reflog's entry. */
function named(objects: ObjectStore, git: string, name: string): string | null {
  const reflog = /^(.*)@\{(\d+)\}$/.exec(name);
  if (reflog !== null) return reflogEntry(git, reflog[1]!, Number(reflog[2]));
  const upstream = /^(.*)@\{(?:upstream|u|push)\}$/i.exec(name);
  if (upstream !== null) return upstreamOf(git, upstream[1]!);
  const previous = /^@\{-(\d+)\}$/.exec(name);
  if (previous !== null) return previousBranch(objects, git, Number(previous[1]));
  if (name === 'HEAD' || name === '@') {
    const head = fileText(path.join(git, 'HEAD')).trim();
    const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
    return ref === undefined ? (/^[0-9a-f]{40}$/.test(head) ? head : null) : resolveRef(git, ref);
  }
  for (const ref of refsFor(name)) {
    const sha = resolveRef(git, ref);
    if (sha !== null) return sha;
  }
  return /^[0-9a-f]{40}$/.test(name) ? name : objects.expand(name);
}

/** The branch HEAD is on (`main`), or undefined where HEAD names a commit. */
const currentBranch = (git: string): string | undefined => /^ref:\s*refs\/heads\/(\S+)$/.exec(fileText(path.join(git, 'HEAD')).trim())?.[1];

/**
 * `BRANCH@{upstream}` (`@{u}`; `@{push}` read the same): the remote branch the branch follows, from
 * git's config (`[branch "main"] remote = origin, merge = refs/heads/main`: refs/remotes/origin/main;
 * a remote `.` is the local branch itself); the current branch's for `@{u}` and `HEAD@{u}`.
 */
function upstreamOf(git: string, name: string): string | null {
  const branch = name === '' || name === 'HEAD' ? currentBranch(git) : name.replace(/^refs\/heads\//, '');
  if (branch === undefined) return null;
  const section = iniSections(fileText(path.join(commonDir(git), 'config'))).get(`branch "${branch}"`);
  const remote = section?.get('remote');
  const merge = section?.get('merge')?.replace(/^refs\/heads\//, '');
  if (remote === undefined || merge === undefined) return null;
  return resolveRef(git, remote === '.' ? `refs/heads/${merge}` : `refs/remotes/${remote}/${merge}`);
}

/** `@{-N}`: the branch (or commit) checked out N switches ago, from HEAD's reflog (`checkout: moving from A to B`). */
function previousBranch(objects: ObjectStore, git: string, back: number): string | null {
  const moves = [...fileText(path.join(git, 'logs', 'HEAD')).matchAll(/\tcheckout: moving from (\S+) to \S+$/gm)];
  const from = moves[moves.length - back]?.[1];
  return from === undefined || back < 1 ? null : named(objects, git, from);
}

/**
 * `REF@{N}`: what REF named N changes ago, from its reflog (`logs/<ref>`, one line a change, the
 * newest last): `HEAD@{1}`, `main@{2}`, `stash@{0}` (the stashes), and `@{N}` the current branch's.
 * null where the reflog holds no such entry.
 */
function reflogEntry(git: string, name: string, back: number): string | null {
  const branch = currentBranch(git);
  const ref = name === 'HEAD' ? 'HEAD' : name === '' ? (branch === undefined ? undefined : `refs/heads/${branch}`) : refsFor(name).find((candidate) => resolveRef(git, candidate) !== null);
  if (ref === undefined) return null;
  // HEAD's reflog is the worktree's own; a ref's is kept with the refs.
  const lines = fileText(path.join(ref === 'HEAD' ? git : commonDir(git), 'logs', ref)).split('\n').filter((line) => line !== '');
  return /^[0-9a-f]{40} ([0-9a-f]{40}) /.exec(lines[lines.length - 1 - back] ?? '')?.[1] ?? null;
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
 * `git cat-file -p REV` (without): a commit's message and, with `patch`, the files it added, changed
 * or deleted against its first parent, both sides read whole (git prints the lines changed and a
 * few around them); an annotated tag's message and what it tags; a file's content; a folder's
 * names. null where the revision is not resolved here.
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
      return changedFiles(objects, null, [{ tree, parentTree: parents[0] === undefined ? null : treeOf(objects, parents[0]) }], REVISION, true);
    };
    const sha = revisionObject(objects, git, revision, false);
    const read = sha === null ? null : shown(sha, 0);
    return read === null ? null : { text: [...texts, read.text].filter((t) => t !== '').join('\n'), unread: read.unread };
  });
}

/** The options of a revision list that name a group of refs (`--branches=feat/*` too: a pattern is not read), and where git keeps them. */
const REF_GROUPS = new Map([
  ['--all', 'refs/'],
  ['--branches', 'refs/heads/'],
  ['--tags', 'refs/tags/'],
  ['--remotes', 'refs/remotes/'],
]);

/** The refs a revision list's option names (REF_GROUPS), or undefined for another word. */
export const refGroup = (word: string): string | undefined => REF_GROUPS.get(word.split('=')[0]!);

/**
 * The files the commits of a revision list changed, each against its first parent (git-commits.ts
 * changedFiles), bounded as a push is. `rev-list` takes the list as `git bundle create` does: each
 * REV and what it reaches, less what `^REV` reaches, `A..B` as `^A B`, `--all` every ref,
 * `--branches`, `--tags` and `--remotes` every ref of theirs (a pattern after them is not read: all
 * of them); `log` as `git log -p` does: the same, HEAD where no REV is named, and `-N` the last N
 * commits; `format-patch` as `git format-patch` and `git send-email` do: a lone REV stands for
 * `REV..HEAD` and `-N` for the last N commits (with `--root`, REV and all it reaches). A bundle
 * holds the files as the commits left them; the patches of `log` and `format-patch` also what
 * the commits took out. null where a revision is not resolved here (or `A...B` is named).
 */
export function revisionRange(cwd: string, words: readonly string[], style: 'rev-list' | 'log' | 'format-patch'): Unpushed | null {
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
      else if (refGroup(word) !== undefined) include.push(...refTips(git, refGroup(word)!).flatMap((sha) => peeled(objects, sha) ?? []));
      else if (word.includes('...')) return null;
      else if (word.includes('..')) {
        const [from, to] = word.split('..', 2);
        if (!resolve(from!, exclude) || !resolve(to!, include)) return null;
      } else if (word.startsWith('^')) {
        if (!resolve(word.slice(1), exclude)) return null;
      } else if (!word.startsWith('-') && !resolve(word, since ? exclude : include)) return null;
    }
    if (include.length === 0 && (style !== 'rev-list' || last !== null)) include.push(...[revisionObject(objects, git, 'HEAD')].filter((sha) => sha !== null));
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
    return typeof commits === 'string' ? { text: '', unread: commits } : changedFiles(objects, null, commits, REVISION, style !== 'rev-list');
  });
}

/** The files of a tree by path (`/`-separated) and blob, or a reason past MAX_ENTRIES. */
function filesOf(objects: ObjectStore, tree: string): Map<string, string> | string {
  const files = new Map<string, string>();
  let entries = 0;
  const walk = (sha: string, prefix: string): boolean =>
    treeEntries(objects, sha).every((entry) => ++entries <= MAX_ENTRIES && (entry.tree ? walk(entry.sha, `${prefix}${entry.name}/`) : files.set(`${prefix}${entry.name}`, entry.sha)));
  return walk(tree, '') ? files : `${REVISION.entries} more than ${MAX_ENTRIES} files and folders`;
}

/**
 * What `git diff` prints, both sides of each change read whole (git prints the lines changed and a
 * few around them): with no revision, the work tree's changes against git's index (`cached`: the
 * index's against HEAD); with one, the work tree's and the index's against that revision
 * (`cached`: the index's); with two (`A B`, `A..B`), the second's against the first; with `A...B`,
 * what B's commits since A changed. The work tree's side is `files`, changed files for the caller
 * to read as they are here. Operands that are not revisions are paths: all paths are read. null
 * where an operand is neither a revision read here nor a path, more than two revisions are named,
 * or the index cannot be read.
 */
export function diffed(cwd: string, operands: readonly string[], cached: boolean): (Unpushed & { files: string[] }) | null {
  return withObjects(cwd, (objects, git) => {
    const ranged = operands.filter((word) => word.includes('..'));
    // Each other operand is a revision (its object) or a path (none).
    const others = operands.filter((word) => !word.includes('..')).map((word) => ({ word, sha: revisionObject(objects, git, word) }));
    const revisions = others.flatMap(({ sha }) => (sha === null ? [] : [sha]));
    // Neither a revision read here nor a path: a revision named another way (`HEAD@{1}`).
    if (others.some(({ word, sha }) => sha === null && !fs.existsSync(path.resolve(cwd, word)))) return null;
    if (ranged.length + revisions.length > (ranged.length > 0 ? 1 : 2)) return null;
    const [from, to] = ranged.length > 0 ? ranged[0]!.split(/\.{2,3}/, 2).map((word) => revisionObject(objects, git, word || 'HEAD')) : revisions;
    if (ranged.length > 0 && (from === null || to === null)) return null;
    const tree = (sha: string | null | undefined) => (sha == null ? null : treeOf(objects, sha));
    if (ranged[0]?.includes('...')) {
      const [since, tip] = [from!, to!];
      const commits = commitsToPush(objects, [tip], [since], REVISION);
      return { ...(typeof commits === 'string' ? { text: '', unread: commits } : changedFiles(objects, null, commits, REVISION, true)), files: [] };
    }
    if (to !== undefined) {
      const [before, after] = [tree(from), tree(to)];
      return before === null || after === null ? null : { ...changedFiles(objects, null, [{ tree: after, parentTree: before }], REVISION, true), files: [] };
    }
    const index = readIndex(cwd);
    // Against a revision: the one named, or for `--cached` HEAD (none yet: everything the index holds is new).
    const base = from !== undefined ? tree(from) : cached ? (tree(revisionObject(objects, git, 'HEAD')) ?? '') : undefined;
    if (index === null || base === null) return null;
    // The work tree's side: its changed files; a file it no longer holds prints what the other side held.
    const changed = cached ? [] : workTreeChanges(index);
    const files = changed.filter((change) => !change.deleted).map((change) => path.join(index.root, change.entry.name));
    const inWorkTree = new Set(changed.map((change) => change.entry.name));
    let blobs: string[];
    if (base === undefined) blobs = changed.map((change) => change.entry.sha);
    else {
      const held = base === '' ? new Map<string, string>() : filesOf(objects, base);
      if (typeof held === 'string') return { text: '', unread: held, files };
      // The index's side where it differs from the revision (the work tree's, where the work tree has not changed it), and the revision's side of every path that differs.
      const differs = index.entries.filter((entry) => held.get(entry.name) !== entry.sha);
      const indexed = new Set(index.entries.map((entry) => entry.name));
      blobs = differs.filter((entry) => !inWorkTree.has(entry.name)).map((entry) => entry.sha);
      const compared = new Set([...differs.map((entry) => entry.name), ...inWorkTree]);
      for (const [name, sha] of held) if (compared.has(name) || !indexed.has(name)) blobs.push(sha);
    }
    return { ...changedFiles(objects, null, blobs.map((blob) => ({ blob })), REVISION), files };
  });
}
