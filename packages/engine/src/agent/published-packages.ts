// What a package manager's publish packs from a package's folder. `npm publish` (and yarn's and
// pnpm's), from its package.json and ignore file: the entries of `files` with the files npm always
// packs, or else the whole folder less what `.npmignore` (or, without one, `.gitignore`) and npm's
// own rules leave out. `cargo publish`, from its Cargo.toml and .gitignore: the files its `include`
// patterns match, or else the folder less its `exclude` patterns, what git ignores and `target`.
// classify.ts gives the reader that reads those files as what the publish sends.
import path from 'node:path';
import { optionAndValue } from './bash.ts';
import { hostOf } from './destinations.ts';
import type { Skip } from './local-files.ts';
import { localPath } from './own-files.ts';

/** Reads what a word names in a folder: with `skip`, folders whole less what it leaves out ('' for nothing there). */
export type FolderReader = (word: string, folder: string, skip?: Skip) => string;

/** Where a publish goes and the text of what it packs; null for a dry run, which sends nothing. */
export type Publish = { registry: string; sent: string } | null;

/** `npm publish`'s (yarn's, pnpm's) options that take the next word as a value. */
const PUBLISH_VALUE_OPTIONS = new Set(['--tag', '--access', '--otp', '--registry', '--workspace', '-w', '--provenance-file', '--publish-branch', '--report-summary']);

/**
 * `npm publish` (`yarn publish`, `yarn npm publish`, `pnpm publish`): to the registry (`--registry`,
 * or `registry`), what it packs from the package folder or tarball it is given or the one it runs
 * in: the entries of package.json's `files`, or else the folder less what its `.npmignore`
 * (`.gitignore` without one) and npm's own rules leave out.
 */
export function npmPublish(args: readonly string[], cwd: string, registry: string, read: FolderReader): Publish {
  if (args.includes('--dry-run')) return null;
  let target = '.';
  for (let k = args.indexOf('publish') + 1; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    const value = PUBLISH_VALUE_OPTIONS.has(option) ? (inline ?? args[++k] ?? '') : inline;
    if (option === '--registry') registry = hostOf(value ?? '') ?? registry;
    else if (!option.startsWith('-')) target = option;
  }
  if (/\.(?:tgz|tar\.gz)$/i.test(target)) return { registry, sent: read(target, cwd) };
  const folder = localPath(target, cwd);
  const ignoreFile = [read('.npmignore', folder), read('.gitignore', folder)].find((text) => text !== '') ?? null;
  return { registry, sent: readPacked(packedFiles(read('package.json', folder), ignoreFile), folder, read) };
}

/**
 * `cargo publish`: to crates.io (or the `--index` or `--registry` it is given), what it packs from
 * the crate's folder (`--manifest-path`'s, or the one it runs in): the files its `include` matches,
 * or else the folder less its `exclude`, what .gitignore ignores and `target`.
 */
export function cargoPublish(args: readonly string[], cwd: string, read: FolderReader): Publish {
  if (args.includes('--dry-run')) return null;
  let registry = 'crates.io';
  let folder = cwd;
  for (let k = args.indexOf('publish') + 1; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (option === '--index') registry = hostOf(inline ?? args[++k] ?? '') ?? registry;
    // A registry named in cargo's config: where it is, is known only there.
    else if (option === '--registry') registry = `cargo registry ${inline ?? args[++k] ?? ''}`;
    else if (option === '--manifest-path') folder = path.dirname(localPath(inline ?? args[++k] ?? 'Cargo.toml', cwd));
  }
  const gitignore = read('.gitignore', folder);
  return { registry, sent: readPacked(cargoPackedFiles(read('Cargo.toml', folder), gitignore === '' ? null : gitignore), folder, read) };
}

/** The text of what a publish packs from `folder`: the words it names there, folders whole, less what it leaves out. */
function readPacked({ words, ignored }: PackedFiles, folder: string, read: FolderReader): string {
  const skip: Skip = (full, isFolder) => ignored(path.relative(folder, full), isFolder);
  return words.map((word) => read(word, folder, skip)).join('\n');
}

/** Files npm packs whatever `files` says (globs, matched as the shell would). */
const ALWAYS_PACKED = ['package.json', 'README*', 'readme*', 'LICENSE*', 'LICENCE*', 'license*', 'CHANGELOG*', 'changelog*'];
/** What npm never packs. */
const NEVER_PACKED = ['.git', 'node_modules', '.npmrc', 'npm-debug.log', '.DS_Store', '*.orig', '.*.swp', 'package-lock.json', '.npmignore', '.gitignore'];

/** What a publish packs: words naming files and folders in the package's folder, and the paths (relative to it, and whether each is a folder) it leaves out. */
export type PackedFiles = { words: string[]; ignored: (relative: string, folder: boolean) => boolean };

/** What a package folder's publish packs, from its package.json's text and its ignore file's (null when it has none). */
export function packedFiles(packageJson: string, ignoreFile: string | null): PackedFiles {
  const files = filesField(packageJson);
  if (files !== null) {
    // `"files": ["dist", "lib/", "bin/**", "!dist/fixtures"]`: folders whole, less what a negated entry leaves out.
    const words = files.filter((f) => !f.startsWith('!')).map((f) => f.replace(/^\.?\//, '').replace(/\/\*\*(?:\/\*)?$|\/+$/, '')).filter(Boolean);
    const negated = files.filter((f) => f.startsWith('!')).map((f) => f.slice(1).replace(/^\.?\//, '/'));
    return { words: [...words, ...ALWAYS_PACKED], ignored: ignoreRules([...NEVER_PACKED, ...negated]) };
  }
  return { words: ['.'], ignored: ignoreRules([...NEVER_PACKED, ...(ignoreFile ?? '').split('\n')]) };
}

/** package.json's `files`, or null when it has none (or is not JSON). */
function filesField(packageJson: string): string[] | null {
  try {
    const files: unknown = (JSON.parse(packageJson) as { files?: unknown } | null)?.files;
    return Array.isArray(files) && files.every((f) => typeof f === 'string') ? files : null;
  } catch {
    return null;
  }
}

/**
 * A test of paths (relative, `/`-separated; whether the path is a folder) against ignore-file lines, as git and npm read them: a
 * pattern with no `/` but a trailing one matches a name at any depth, one with a `/` matches from
 * the folder's top; a trailing `/` matches folders only; `*`, `?` and `**` are globs. Negations
 * (`!keep.txt`) are not read: what they would keep stays left out.
 */
export function ignoreRules(lines: readonly string[]): (relative: string, folder: boolean) => boolean {
  const rules = lines.map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!')).map(ignoreRule);
  return (relative, isFolder) => {
    const parts = relative.split('/');
    for (let k = 1; k <= parts.length; k++) {
      const folder = k < parts.length || isFolder;
      const prefix = parts.slice(0, k).join('/');
      if (rules.some((r) => (folder || !r.foldersOnly) && r.pattern.test(r.anchored ? prefix : parts[k - 1]!))) return true;
    }
    return false;
  };
}

function ignoreRule(line: string): { pattern: RegExp; anchored: boolean; foldersOnly: boolean } {
  const foldersOnly = line.endsWith('/');
  const trimmed = line.replace(/\/+$/, '');
  const anchored = trimmed.includes('/');
  const glob = trimmed.replace(/^\//, '');
  const source = glob
    .split('**')
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]'))
    .join('.*');
  return { pattern: new RegExp(`^${source.replace(/^\.\*\//, '(?:.*/)?')}$`), anchored, foldersOnly };
}

/** What cargo never packs: its build output, git's folder, and the crates nested in the package (their own Cargo.toml's folders are left to them). */
const NEVER_PACKED_BY_CARGO = ['/target', '.git'];

/**
 * What `cargo publish` packs from a crate's folder: with `include`, the files its patterns match
 * (and Cargo.toml); else the folder less its `exclude` patterns, what `.gitignore` ignores and
 * `target`. Both are read as git reads ignore lines.
 */
export function cargoPackedFiles(cargoToml: string, gitignore: string | null): PackedFiles {
  const include = tomlList(cargoToml, 'include');
  const left = ignoreRules([...NEVER_PACKED_BY_CARGO, ...(tomlList(cargoToml, 'exclude') ?? []), ...(include ? [] : (gitignore ?? '').split('\n'))]);
  if (include === null) return { words: ['.'], ignored: left };
  const included = ignoreRules(['/Cargo.toml', ...include]);
  // Folders are walked unless left out; a file is packed when an include pattern matches it.
  return { words: ['.'], ignored: (relative, folder) => left(relative, folder) || (!folder && !included(relative, false)) };
}

/** A `[package]` table's list of strings (`include = ["src/**", "README.md"]`), or null when it has none. */
function tomlList(toml: string, key: string): string[] | null {
  const table = /^\s*\[package\]\s*$([\s\S]*?)(?=^\s*\[|(?![\s\S]))/m.exec(toml)?.[1] ?? '';
  const list = new RegExp(`^\\s*${key}\\s*=\\s*\\[([^\\]]*)\\]`, 'm').exec(table);
  return list ? [...list[1]!.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]!) : null;
}

