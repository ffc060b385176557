// What a package manager's publish packs from a package's folder. `npm publish` (and yarn's and
// pnpm's), from its package.json and ignore file: the entries of `files` with the files npm always
// packs, or else the whole folder less what `.npmignore` (or, without one, `.gitignore`) and npm's
// own rules leave out. `cargo publish`, from its Cargo.toml and .gitignore: the files its `include`
// patterns match, or else the folder less its `exclude` patterns, what git ignores and `target`.
// Which packages a publish packs: the one it is given or runs in, or the workspaces it names (their
// globs read from package.json, pnpm-workspace.yaml or lerna.json), or the tarball an `npm pack`
// on the same line wrote. classify.ts gives the reader that reads those files as what the publish sends.
import path from 'node:path';
import { optionAndValue } from './bash.ts';
import { hostOf } from './destinations.ts';
import { beyondIgnoreBounds, orderedIgnoreRules } from './ignore-files.ts';
import { type Skip, globMatcher } from './local-files.ts';
import { localPath } from './own-files.ts';

/** Reads what a word names in a folder: with `skip`, folders whole less what it leaves out ('' for nothing there). */
export type FolderReader = (word: string, folder: string, skip?: Skip) => string;

/** Reads a folder whole, less what `ignored` leaves out of it (paths relative to it, `/`-separated, and whether each is a folder); a file it names is read as it is. */
export function readFolderLess(folder: string, read: FolderReader, ignored: (relative: string, folder: boolean) => boolean): string {
  return read(folder, folder, (full, isFolder) => ignored(path.relative(folder, full).split(path.sep).join('/'), isFolder));
}

/** Where a publish goes (a registry for each package it publishes) and the text of what it packs; null for a dry run, which sends nothing. */
export type Publish = { registries: string[]; sent: string } | null;

/** What npm's config is read with: the environment (npm_config_registry, `${VAR}` in an .npmrc) and the home folder that holds the user's .npmrc. */
export type NpmEnvironment = { env: Readonly<Record<string, string | undefined>>; home: string };

/** Release tools that run `npm publish` for the packages they release: np the package it runs in, lerna and changesets every workspace. */
export const RELEASE_TOOLS = new Set(['np', 'lerna', 'changeset']);
/** `npm publish`'s (yarn's, pnpm's, bun's, np's, lerna's) options that take the next word as a value. */
const PUBLISH_VALUE_OPTIONS = new Set([
  '--tag', '--access', '--otp', '--registry', '--workspace', '-w', '--provenance-file', '--publish-branch', '--report-summary', '--prefix', '-C', '--dir', '--cwd',
  '--filter', '-F', '--contents', '--dist-tag', '--auth-type', '--gzip-level',
]);
/** A pack's options that take the next word as a value: those, and where it writes its tarball. */
const PACK_VALUE_OPTIONS = new Set([...PUBLISH_VALUE_OPTIONS, '--pack-destination', '--destination', '--out', '-o', '--filename', '-f']);
/** Whether a package manager's option takes the next word as its value: pnpm's `-w` is `--workspace-root`, which takes none. */
const takesValue = (program: string, option: string, options: ReadonlySet<string>): boolean => options.has(option) && !(option === '-w' && program !== 'npm');
/** Options naming the folder a package manager runs in: npm's `--prefix` (`-C`), pnpm's `--dir` (`-C`), yarn's and bun's `--cwd`. */
const FOLDER_OPTIONS = new Set(['--prefix', '-C', '--dir', '--cwd']);
/** Options naming workspaces to publish, by folder or package name: npm's `--workspace` (`-w`), pnpm's `--filter` (`-F`). */
const WORKSPACE_OPTIONS = new Set(['--workspace', '-w', '--filter', '-F']);
/** Options that publish every workspace: npm's `--workspaces` (`-ws`), pnpm's `--recursive` (`-r`). */
const EVERY_WORKSPACE = new Set(['--workspaces', '-ws', '-r', '--recursive']);
/** A tarball a publish is given, or a pack writes. */
const TARBALL = /\.(?:tgz|tar\.gz)$/i;

/**
 * `npm publish` (`yarn publish`, `yarn npm publish`, `pnpm publish`, `bun publish`) and the release
 * tools that run it (`np`, `lerna publish`): to each package's registry (publishRegistry), what it
 * packs from each package it publishes: the package folder or tarball it is given, or the folder it
 * runs in (`--prefix`, `-C`, `--dir`, `--cwd`; np's `--contents`); the workspaces it names (npm's
 * `--workspace`, pnpm's `--filter`, `yarn workspace <name>`), or every one (`--workspaces`, `-r`,
 * `yarn workspaces foreach`, lerna, `changeset publish`). Each package's is the entries of package.json's `files`, or else the folder less what its
 * `.npmignore` (`.gitignore` without one) and npm's own rules leave out.
 */
export function npmPublish(program: string, args: readonly string[], cwd: string, registry: string, read: FolderReader, environment: NpmEnvironment): Publish {
  if (args.includes('--dry-run') || (program === 'np' && (args.includes('--preview') || args.includes('--no-publish')))) return null;
  /** The registries the line sets: `--registry`, `--@acme:registry=...`. */
  const line = new Map<string, string>();
  let folder = cwd;
  let target = '.';
  let every = program === 'lerna' || program === 'changeset' || (program === 'yarn' && args[0] === 'workspaces' && args[1] === 'foreach');
  const named = program === 'yarn' && args[0] === 'workspace' && args[1] !== undefined ? [args[1]] : [];
  const at = args.indexOf('publish');
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    const value = takesValue(program, option, PUBLISH_VALUE_OPTIONS) || SCOPE_REGISTRY.test(option.slice(2)) ? (inline ?? args[++k] ?? '') : inline;
    if (option === '--registry' || SCOPE_REGISTRY.test(option.slice(2))) line.set(option.slice(2), value ?? '');
    else if (FOLDER_OPTIONS.has(option)) folder = localPath(value ?? '.', cwd);
    else if (WORKSPACE_OPTIONS.has(option) && value !== undefined) named.push(value);
    else if (EVERY_WORKSPACE.has(option)) every = true;
    else if (option === '--contents' && program === 'np') target = value ?? '.';
    // The package a package manager's publish is given; a release tool's words are versions and sources.
    else if (!option.startsWith('-') && at >= 0 && k > at && !RELEASE_TOOLS.has(program)) target = option;
  }
  const config = npmConfig(folder, line, read, environment);
  if (TARBALL.test(target)) return { registries: [publishRegistry('{}', config, registry)], sent: read(target, folder) };
  const folders = every || named.length > 0 ? workspaces(program, folder, every ? null : named, read) : [localPath(target, folder)];
  const registries = new Set(folders.map((f) => publishRegistry(read('package.json', f), config, registry)));
  return { registries: [...registries], sent: folders.map((f) => packageContents(f, read)).join('\n') };
}

/** npm's config keys that say where packages publish: `registry`, and a scope's (`@acme:registry`). */
const REGISTRY_KEY = /^(?:@[\w.-]{1,214}:)?registry$/;
const SCOPE_REGISTRY = /^@[\w.-]{1,214}:registry$/;
/** An .npmrc line setting one of them: `registry=https://npm.acme-corp.com/`, `@acme:registry = "https://..."`. */
const NPMRC_REGISTRY = /^\s{0,64}((?:@[\w.-]{1,214}:)?registry)\s{0,64}=(.*)$/;

/** The registries an .npmrc sets, with `${VAR}` read from the environment as npm reads it. */
function npmrcRegistries(text: string, env: NpmEnvironment['env']): [string, string][] {
  const found: [string, string][] = [];
  for (const line of text.split('\n')) {
    const m = NPMRC_REGISTRY.exec(line);
    if (m) found.push([m[1]!, m[2]!.trim().replace(/^(['"])(.*)\1$/, '$2').replace(/\$\{(\w{1,100})\}/g, (_, name: string) => env[name] ?? '')]);
  }
  return found;
}

/** An environment variable of npm's config, named in any case (`npm_config_registry`, `NPM_CONFIG_REGISTRY`): the last one set, as npm reads them (a command line's after the hook's). */
function npmEnvironment(env: NpmEnvironment['env'], key: string): string | undefined {
  const name = `npm_config_${key}`;
  return Object.entries(env).findLast(([k, v]) => k.toLowerCase() === name && v !== undefined)?.[1];
}

/**
 * The registries npm's config sets for a publish from `folder`, each layer over the one before, as
 * npm reads them: the user's .npmrc (`npm_config_userconfig`, or ~/.npmrc), the project's (the
 * folder's), the environment (`npm_config_registry`), and the line; a package's publishConfig
 * comes between the last two (publishRegistry).
 */
function npmConfig(folder: string, line: ReadonlyMap<string, string>, read: FolderReader, { env, home }: NpmEnvironment): { below: Map<string, string>; line: ReadonlyMap<string, string> } {
  const below = new Map<string, string>();
  const userconfig = npmEnvironment(env, 'userconfig') ?? path.join(home, '.npmrc');
  for (const [key, value] of npmrcRegistries(read(userconfig, folder), env)) below.set(key, value);
  for (const [key, value] of npmrcRegistries(read('.npmrc', folder), env)) below.set(key, value);
  const fromEnvironment = npmEnvironment(env, 'registry');
  if (fromEnvironment !== undefined) below.set('registry', fromEnvironment);
  return { below, line };
}

/**
 * Where npm publishes the package of `packageJson`: its scope's registry (`@acme:registry`) where
 * one is set, else the registry, from the config with the package's publishConfig over it and the
 * line's over that (npm's pickRegistry); `fallback` where none is set or its URL names no host.
 */
function publishRegistry(packageJson: string, config: ReturnType<typeof npmConfig>, fallback: string): string {
  const json = parsed(packageJson);
  const settings = new Map(config.below);
  const publishConfig = json.publishConfig && typeof json.publishConfig === 'object' ? (json.publishConfig as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(publishConfig)) if (REGISTRY_KEY.test(key) && typeof value === 'string') settings.set(key, value);
  for (const [key, value] of config.line) settings.set(key, value);
  const scope = typeof json.name === 'string' ? /^(@[^/]{1,214})\//.exec(json.name)?.[1] : undefined;
  const url = (scope !== undefined ? settings.get(`${scope}:registry`) : undefined) ?? settings.get('registry');
  return (url !== undefined ? hostOf(url) : null) ?? fallback;
}

/**
 * A pack (`npm pack`, `pnpm pack`, `yarn pack`, `bun pm pack`): the tarballs it writes (full paths)
 * and the package folder each holds, so that a publish of one later on the line sends what it packed;
 * null for any other command. Its `--dry-run` writes none. npm names a tarball `<name>-<version>.tgz`
 * (`@acme/core` is `acme-core-...`), yarn 1 `<name>-v<version>.tgz` and yarn 2+ `package.tgz`.
 */
export function npmPack(program: string, args: readonly string[], cwd: string, read: FolderReader): { tarball: string; folder: string }[] | null {
  const at = args.indexOf('pack');
  if (at < 0 || (program === 'bun' && args[at - 1] !== 'pm')) return null;
  if (args.includes('--dry-run')) return [];
  let folder = cwd;
  let destination: string | null = null;
  let file: string | null = null;
  const given: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    const value = takesValue(program, option, PACK_VALUE_OPTIONS) ? (inline ?? args[++k] ?? '') : inline;
    if (FOLDER_OPTIONS.has(option)) folder = localPath(value ?? '.', cwd);
    else if (option === '--pack-destination' || option === '--destination') destination = value ?? null;
    else if (option === '--out' || option === '-o' || option === '--filename' || option === '-f') file = value ?? null;
    else if (!option.startsWith('-') && k > at && program === 'npm') given.push(option);
  }
  const into = destination === null ? folder : localPath(destination, folder);
  return (given.length > 0 ? given.map((word) => localPath(word, folder)) : [folder]).flatMap((packed) => {
    const { name, version } = nameAndVersion(read('package.json', packed));
    const npmName = `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
    const names = file !== null ? [file.replace(/%s/g, name).replace(/%v/g, version)] : program === 'yarn' ? [npmName.replace(/-([^-]*)\.tgz$/, '-v$1.tgz'), 'package.tgz'] : [npmName];
    return name === '' ? [] : names.map((tarball) => ({ tarball: localPath(tarball, into), folder: packed }));
  });
}

/** What a package's publish packs from its folder, read. */
export function packageContents(folder: string, read: FolderReader): string {
  const ignoreFile = [read('.npmignore', folder), read('.gitignore', folder)].find((text) => text !== '') ?? null;
  return readPacked(packedFiles(read('package.json', folder), ignoreFile), folder, read);
}

/** A package.json's `name` and `version` ('' where it has none, or is not JSON). */
function nameAndVersion(packageJson: string): { name: string; version: string } {
  const json = parsed(packageJson);
  return { name: typeof json.name === 'string' ? json.name : '', version: typeof json.version === 'string' ? json.version : '' };
}

/** A JSON object's fields; none when the text is not a JSON object. */
function parsed(text: string): Record<string, unknown> {
  try {
    const json: unknown = JSON.parse(text);
    return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The package folders (full paths) a publish of workspaces packs, from the folder it runs in: every
 * workspace (`named` null) or the ones named, by folder (`packages/core`, `./pkgs/x`, `{pkgs/x}`: the
 * workspaces in it, or the folder itself where it holds a package) or by package name (a glob:
 * `@acme/*`). A package.json's `"private": true` is never published. pnpm's dependency selectors
 * (`x...`) are read as the package they start from; one by changes since a commit (`[main]`) as every
 * workspace; `!x` leaves x out.
 */
function workspaces(program: string, root: string, named: readonly string[] | null, read: FolderReader): string[] {
  // Each package.json is read once: the reader counts a file each time it is named.
  const texts = new Map<string, string>();
  const packageJson = (folder: string): string => {
    if (!texts.has(folder)) texts.set(folder, read('package.json', folder));
    return texts.get(folder)!;
  };
  const all = foldersMatching(workspaceGlobs(program, root, read), root, read).filter((folder) => packageJson(folder) !== '');
  const selected = new Set<string>();
  const left = new Set<string>();
  for (const word of named ?? ['[every]']) {
    const into = word.startsWith('!') ? left : selected;
    const selector = word.replace(/^!/, '').replace(/^\.\.\.\^?|\^?\.\.\.$/g, '');
    if (selector.startsWith('[')) {
      for (const folder of all) into.add(folder);
      continue;
    }
    const full = localPath(selector.replace(/^\{(.*)\}$/, '$1'), root);
    const inFolder = all.filter((folder) => folder === full || folder.startsWith(`${full}${path.sep}`));
    const byName = all.filter((folder) => globMatcher(selector)(nameAndVersion(packageJson(folder)).name));
    const found = [...inFolder, ...byName];
    if (found.length === 0 && packageJson(full) !== '') found.push(full);
    for (const folder of found) into.add(folder);
  }
  // Only exclusions (`--filter '!x'`): every workspace but those.
  if (selected.size === 0 && left.size > 0) for (const folder of all) selected.add(folder);
  return [...selected].filter((folder) => !left.has(folder) && parsed(packageJson(folder)).private !== true);
}

/**
 * Where a workspace's packages are, as globs from the folder it runs in: lerna.json's `packages` (for
 * lerna), pnpm-workspace.yaml's `packages:` (pnpm's first), package.json's `workspaces` (an array, or
 * yarn's `{ "packages": [...] }`); lerna's `packages/*` without any.
 */
function workspaceGlobs(program: string, root: string, read: FolderReader): string[] {
  const json = parsed(read('package.json', root)).workspaces;
  const fromJson = stringList(json) ?? stringList(json && typeof json === 'object' ? (json as { packages?: unknown }).packages : null);
  const fromYaml = yamlList(read('pnpm-workspace.yaml', root), 'packages');
  const fromLerna = program === 'lerna' ? stringList(parsed(read('lerna.json', root)).packages) : null;
  const found = program === 'pnpm' ? (fromYaml ?? fromJson) : (fromLerna ?? fromJson ?? fromYaml);
  return found ?? (program === 'lerna' ? ['packages/*'] : []);
}

/** A JSON value as a list of strings, or null when it is not one. */
function stringList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
}

/** A top-level YAML key's list of strings (block `- 'a/*'` items, or a flow `[a, b]`), or null when it has none. */
function yamlList(yaml: string, key: string): string[] | null {
  const lines = yaml.split('\n');
  const at = lines.findIndex((line) => new RegExp(`^${key}\\s*:`).test(line));
  if (at < 0) return null;
  const unquoted = (item: string) => item.replace(/(?:^|\s)#.*$/, '').trim().replace(/^(['"])(.*)\1$/, '$2');
  const flow = /\[(.*)\]/.exec(lines[at]!.slice(lines[at]!.indexOf(':') + 1));
  if (flow) return flow[1]!.split(',').map(unquoted).filter(Boolean);
  const items: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (/^\s*(?:#.*)?$/.test(line)) continue;
    const item = /^\s+-\s*(.*)$/.exec(line);
    if (!item) break;
    items.push(unquoted(item[1]!));
  }
  return items;
}

/** Segments of a workspace glob past which it is not read (a glob is a few folders deep). */
const MAX_GLOB_SEGMENTS = 16;

/**
 * The folders (full paths) under `root` that workspace globs match (`packages/*`, `apps/**`, less
 * those a `!` glob matches), found by walking it with the reader: a folder no glob could match inside
 * is not walked into, no file is read, and the walk is bounded like a folder a command sends whole.
 */
function foldersMatching(globs: readonly string[], root: string, read: FolderReader): string[] {
  const segmentsOf = (glob: string) => glob.replace(/^!/, '').replace(/^\.?\//, '').split('/').filter((s, k, all) => s !== '' && s !== '.' && !(s === '**' && all[k - 1] === '**'));
  const wanted = globs.filter((g) => !g.startsWith('!')).map(segmentsOf).filter((s) => s.length > 0 && s.length <= MAX_GLOB_SEGMENTS);
  const excluded = globs.filter((g) => g.startsWith('!')).map(segmentsOf).filter((s) => s.length <= MAX_GLOB_SEGMENTS);
  if (wanted.length === 0) return [];
  const found: string[] = [];
  read('.', root, (full, isFolder) => {
    if (!isFolder) return true;
    const parts = path.relative(root, full).split(path.sep);
    if (wanted.some((s) => globMatches(s, parts)) && !excluded.some((s) => globMatches(s, parts))) found.push(full);
    return !wanted.some((s) => matchesInside(s, parts));
  });
  return found;
}

/** Whether a glob's segments (`**` any number of folders) match a folder's path segments; a name starting with a dot only by a segment that does. */
function globMatches(segments: readonly string[], parts: readonly string[]): boolean {
  const [first, ...rest] = segments;
  if (first === undefined) return parts.length === 0;
  if (first === '**') return globMatches(rest, parts) || (parts.length > 0 && !parts[0]!.startsWith('.') && globMatches(segments, parts.slice(1)));
  return parts.length > 0 && segmentMatches(first, parts[0]!) && globMatches(rest, parts.slice(1));
}

/** Whether a folder inside the one `parts` names could match the glob. */
function matchesInside(segments: readonly string[], parts: readonly string[]): boolean {
  const [first, ...rest] = segments;
  if (first === undefined) return false;
  if (first === '**' || parts.length === 0) return true;
  return segmentMatches(first, parts[0]!) && matchesInside(rest, parts.slice(1));
}

function segmentMatches(segment: string, name: string): boolean {
  return (!name.startsWith('.') || segment.startsWith('.')) && globMatcher(segment)(name);
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
  return { registries: [registry], sent: readPacked(cargoPackedFiles(read('Cargo.toml', folder), gitignore === '' ? null : gitignore), folder, read) };
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
    return { words: [...words, ...ALWAYS_PACKED, ...entryPoints(packageJson)], ignored: orderedIgnoreRules([...NEVER_PACKED, ...negated], false) };
  }
  return { words: ['.'], ignored: orderedIgnoreRules([...NEVER_PACKED, ...(ignoreFile ?? '').split('\n')], false) };
}

/** package.json's `files`, or null when it has none (or is not JSON). */
function filesField(packageJson: string): string[] | null {
  const { files } = parsed(packageJson);
  return Array.isArray(files) && files.every((f) => typeof f === 'string') ? files : null;
}

/** The files npm packs whatever `files` says because package.json runs them: its `main` and its `bin` (one, or a map of commands). */
function entryPoints(packageJson: string): string[] {
  const { main, bin } = parsed(packageJson);
  const named = [main, ...(bin && typeof bin === 'object' ? Object.values(bin) : [bin])];
  return named.filter((file): file is string => typeof file === 'string' && file !== '').map((file) => file.replace(/^\.?\//, ''));
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
  const left = orderedIgnoreRules([...NEVER_PACKED_BY_CARGO, ...(tomlList(cargoToml, 'exclude') ?? []), ...(include ? [] : (gitignore ?? '').split('\n'))], false);
  if (include === null) return { words: ['.'], ignored: left };
  // Include patterns past the bounds are set aside: every file is packed.
  const included = beyondIgnoreBounds(include) ? () => true : orderedIgnoreRules(['/Cargo.toml', ...include], false);
  // Folders are walked unless left out; a file is packed when an include pattern matches it.
  return { words: ['.'], ignored: (relative, folder) => left(relative, folder) || (!folder && !included(relative, false)) };
}

/** A `[package]` table's list of strings (`include = ["src/**", "README.md"]`), or null when it has none. */
function tomlList(toml: string, key: string): string[] | null {
  const table = /^\s*\[package\]\s*$([\s\S]*?)(?=^\s*\[|(?![\s\S]))/m.exec(toml)?.[1] ?? '';
  const list = new RegExp(`^\\s*${key}\\s*=\\s*\\[([^\\]]*)\\]`, 'm').exec(table);
  return list ? [...list[1]!.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]!) : null;
}

