// What RubyGems' build writes and a release sends. `gem build [NAME.gemspec]` (the folder's first
// .gemspec without one named) writes `<name>-<version>.gem` (or `--output`'s file) holding the files
// the gemspec's `files` lists: its `Dir[...]`/`Dir.glob(...)` patterns and `%w[...]` words (a `**`
// pattern's folder whole), or, where it takes `git ls-files`, the folder less what .gitignore and
// its `reject` prefixes (`start_with?(*%w[test/ spec/])`, `%r{^(test|spec)/}`) leave out. `gem push`
// then sends that gem (a gem already built is opened as the archive it is); `rake release`
// (bundler's gem tasks, `bundle exec rake release`) builds and pushes in one.
import path from 'node:path';
import { orderedIgnoreRules } from './ignore-files.ts';
import { hostOf } from './destinations.ts';
import { lastValue, wordsOf } from './option-words.ts';
import { type FolderReader, readFolderLess } from './published-packages.ts';

/** A gem a build writes (full path), and the gemspec it is built from: its folder and text. */
export type GemBuild = { gem: string; folder: string; gemspec: string };

/** The text of the gemspec a build or release reads: the one named, else the folder's `*.gemspec` ('' for none). */
const gemspecText = (folder: string, named: string | undefined, read: FolderReader): string => read(named ?? '*.gemspec', folder);

/** `gem build [NAME.gemspec] [-o FILE]`: the gem it writes; null for another command. */
export function gemBuild(argv: readonly string[], cwd: string, read: FolderReader): GemBuild | null {
  if (path.basename(argv[0] ?? '') !== 'gem' || argv[1] !== 'build') return null;
  const words = wordsOf(argv.slice(2), new Set(['-o', '--output', '-C', '--platform']));
  const folder = path.resolve(cwd, lastValue(words, '-C') ?? '.');
  const gemspec = gemspecText(folder, words.operands[0], read);
  if (gemspec === '') return null;
  const output = lastValue(words, '-o', '--output');
  const { name, version } = gemName(folder, gemspec, read);
  return { gem: output !== undefined ? path.resolve(cwd, output) : path.join(folder, `${name}-${version}.gem`), folder, gemspec };
}

/** `rake release` (bundler's gem tasks): the text of the gemspec of the folder it runs in, whose gem it builds and pushes; null for another task or a folder without one. */
export function rakeRelease(argv: readonly string[], cwd: string, read: FolderReader): string | null {
  if (path.basename(argv[0] ?? '') !== 'rake' || !argv.slice(1).some((task) => task === 'release' || task.startsWith('release['))) return null;
  return gemspecText(cwd, undefined, read) || null;
}

/** `gem push`'s options that take the next word as a value. */
export const GEM_PUSH_VALUE_OPTIONS = new Set(['--host', '-k', '--key', '--otp', '-p', '--http-proxy', '--attestation']);

/** The host `gem push` sends to: `--host`, else RUBYGEMS_HOST, else rubygems.org. */
export function gemPushHost(args: readonly string[], env: Readonly<Record<string, string | undefined>>): string {
  const host = lastValue(wordsOf(args, GEM_PUSH_VALUE_OPTIONS), '--host') ?? env.RUBYGEMS_HOST;
  return host === undefined ? 'rubygems.org' : (hostOf(host) ?? host);
}

/** A gem's name and version from its gemspec (`spec.name = "crm"`, `spec.version = "1.2.0"` or a `VERSION` constant in lib/<name>/version.rb). */
function gemName(folder: string, gemspec: string, read: FolderReader): { name: string; version: string } {
  const name = /\.name\s*=\s*["']([\w.-]+)["']/.exec(gemspec)?.[1] ?? path.basename(folder);
  const literal = /\.version\s*=\s*["']([\w.-]+)["']/.exec(gemspec)?.[1];
  const constant = [path.join('lib', name.replace(/-/g, '/'), 'version.rb'), path.join('lib', name, 'version.rb')].map((file) => /\bVERSION\s*=\s*["']([\w.-]+)["']/.exec(read(file, folder))?.[1]).find((v) => v !== undefined);
  return { name, version: literal ?? constant ?? '0' };
}

/** The text of the files a gemspec's `files` lists (see the head of this file), read from its folder, with the gemspec's. */
export function gemContents(folder: string, gemspec: string, read: FolderReader): string {
  // `spec.files = ...` up to the next `spec.x =` assignment or the block's end.
  const files = /\.files[ \t]*=([\s\S]*?)(?=\n[ \t]*\w+\.\w+[ \t]*[+|]?=|\nend\b|$(?![\s\S]))/.exec(gemspec)?.[1] ?? '';
  const spec = [gemspec];
  if (/git\s+ls-files/.test(files)) {
    const rejected = [
      ...[...files.matchAll(/start_with\?\(\s*\*?%w[[({]([^\])}]*)[\])}]/g)].flatMap((m) => m[1]!.trim().split(/\s+/)),
      ...[...files.matchAll(/start_with\?\(([^)]*)\)/g)].flatMap((m) => [...m[1]!.matchAll(/["']([^"']+)["']/g)].map((q) => q[1]!)),
      ...[...files.matchAll(/[{/]\^\(?([\w|.-]+)\)?\\?\//g)].flatMap((m) => m[1]!.split('|').map((p) => `${p}/`)),
    ];
    const lines = ['.git', ...read('.gitignore', folder).split('\n'), ...rejected.map((p) => (p.endsWith('/') ? `/${p}` : `/${p}*`))];
    return [...spec, readFolderLess(folder, read, orderedIgnoreRules(lines, false))].join('\n');
  }
  const patterns = [...files.matchAll(/["']([^"'\n]+)["']/g)].map((m) => m[1]!).concat([...files.matchAll(/%w[[({]([^\])}]*)[\])}]/g)].flatMap((m) => m[1]!.trim().split(/\s+/)));
  // `lib/**/*.rb`: the folder before `**`, whole (read more, never less).
  return [...spec, ...[...new Set(patterns)].map((p) => read(p.includes('**') ? p.slice(0, p.indexOf('**')).replace(/\/$/, '') || '.' : p, folder, () => false))].join('\n');
}
