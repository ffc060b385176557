// What a Dart or Flutter package's, a Hex package's and a NuGet package's publish sends (npm's and
// cargo's are published-packages.ts, Python's python-packages.ts, RubyGems' ruby-gems.ts, Maven's
// and Gradle's maven-publishes.ts).
// - `dart pub publish` (`flutter pub publish`, `-C dir`): the package folder less its hidden files
//   and what its .pubignore (or, without one, .gitignore) leaves out, to pubspec.yaml's `publish_to`,
//   else PUB_HOSTED_URL, else pub.dev; a package whose `publish_to` is `none` is never published.
// - `mix hex.publish` (`package`, or `docs`: the generated doc/ folder): the files mix.exs's package
//   `files:` lists (Hex's default list without one), to HEX_API_URL, else hex.pm.
// - `dotnet nuget push X.nupkg` (`nuget push`): the package it is given, opened as the archive it
//   is, to its `--source` (a URL, or a name nuget.config gives one), else nuget.org; a folder source
//   is on this machine.
import path from 'node:path';
import { orderedIgnoreRules } from './ignore-files.ts';
import { hostOf } from './destinations.ts';
import { lastValue, wordsOf } from './option-words.ts';
import { type FolderReader, readFolderLess } from './published-packages.ts';

/** What a publish sends: its registry's host (null for a folder on this machine), and the text of what it packs. */
export type PackagePublish = { host: string | null; sent: string[] };
/** What a NuGet push sends: its source's host (null for a folder on this machine), and the packages it is given, for the caller to open. */
export type NugetPush = { host: string | null; packages: string[] };

/** The files Hex packs when mix.exs lists none. */
const HEX_DEFAULT_FILES = ['lib', 'priv', '.formatter.exs', 'mix.exs', 'README*', 'readme*', 'LICENSE*', 'license*', 'CHANGELOG*', 'changelog*', 'src', 'c_src', 'Makefile*'];

/** `dart pub publish`, `flutter pub publish` (see the head of this file; `env` gives the command's environment); null for another command, a dry run or a package never published. */
export function pubPublish(argv: readonly string[], cwd: string, env: () => Readonly<Record<string, string | undefined>>, read: FolderReader): PackagePublish | null {
  const program = path.basename(argv[0] ?? '');
  const at = program === 'pub' ? 1 : (program === 'dart' || program === 'flutter') && argv[1] === 'pub' ? 2 : -1;
  if (at < 0 || argv[at] !== 'publish') return null;
  const words = wordsOf(argv.slice(at + 1), new Set(['-C', '--directory']));
  if (words.flags.has('--dry-run') || words.flags.has('-n')) return null;
  const folder = path.resolve(cwd, lastValue(words, '-C', '--directory') ?? '.');
  const publishTo = /^publish_to:\s*["']?([^"'\s#]+)/m.exec(read('pubspec.yaml', folder))?.[1];
  if (publishTo === 'none') return null;
  const host = hostOf(publishTo ?? env().PUB_HOSTED_URL ?? '') ?? 'pub.dev';
  const ignore = read('.pubignore', folder) || read('.gitignore', folder);
  return { host, sent: [readFolderLess(folder, read, orderedIgnoreRules(['.*', ...ignore.split('\n')], false))] };
}

/** `mix hex.publish [package | docs]` (see the head of this file); null for another command or a dry run. */
export function hexPublish(argv: readonly string[], cwd: string, env: () => Readonly<Record<string, string | undefined>>, read: FolderReader): PackagePublish | null {
  if (path.basename(argv[0] ?? '') !== 'mix' || argv[1] !== 'hex.publish') return null;
  const words = wordsOf(argv.slice(2), new Set(['--organization', '--replace-with', '--message', '-m']));
  if (words.flags.has('--dry-run')) return null;
  const host = hostOf(env().HEX_API_URL ?? '') ?? 'hex.pm';
  if (words.operands[0] === 'docs') return { host, sent: [read('doc', cwd, () => false)] };
  const mix = read('mix.exs', cwd);
  // `files: ~w(lib priv mix.exs)` (any sigil delimiter) or `files: ["lib", "mix.exs"]`, read at the first `files:` only (sticky: tried at every one, an unclosed list would cost the square of the file's length).
  const at = mix.search(/\bfiles:/);
  const list = /files:\s*(?:~w[([{<|/"']([^)\]}>|/"']*)[)\]}>|/"']|\[([^\]]*)\])/y;
  list.lastIndex = at;
  const listed = at < 0 ? null : list.exec(mix);
  const files = listed === null ? HEX_DEFAULT_FILES : listed[1] !== undefined ? listed[1].trim().split(/\s+/) : [...listed[2]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  return { host, sent: files.map((file) => read(file, cwd, () => false)) };
}

/** `dotnet nuget push X.nupkg`, `nuget push X.nupkg` (see the head of this file); null for another command. */
export function nugetPush(argv: readonly string[], cwd: string, read: FolderReader): NugetPush | null {
  const program = path.basename(argv[0] ?? '');
  const at = program === 'nuget' ? 1 : program === 'dotnet' && argv[1] === 'nuget' ? 2 : -1;
  if (at < 0 || argv[at] !== 'push') return null;
  const words = wordsOf(argv.slice(at + 1), new Set(['-s', '--source', '-Source', '-k', '--api-key', '-ApiKey', '-ss', '--symbol-source', '-SymbolSource', '-sk', '--symbol-api-key', '-t', '--timeout', '-Timeout', '-ConfigFile', '--configfile']));
  const source = lastValue(words, '-s', '--source', '-Source');
  return { host: nugetHost(source, cwd, read), packages: words.operands };
}

/**
 * The host a NuGet push sends to: its source's URL, or the URL nuget.config names it by (`<add
 * key="github" value="https://..."/>`); null for a folder (a path, `file:`); a source named in a
 * config the hook does not read (the user's) by its name; nuget.org without a source.
 */
function nugetHost(source: string | undefined, cwd: string, read: FolderReader): string | null {
  if (source === undefined) return 'www.nuget.org';
  const config = ['nuget.config', 'NuGet.Config', 'NuGet.config'].map((file) => read(file, cwd)).join('\n');
  const url = [...config.matchAll(/<add\s+key="([^"]+)"\s+value="([^"]+)"/g)].find((m) => m[1] === source)?.[2] ?? source;
  if (/^file:/i.test(url)) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return hostOf(url);
  return /[/\\]|^[.~]/.test(url) ? null : url;
}
