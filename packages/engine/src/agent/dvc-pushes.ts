// What a `dvc push` sends: the data DVC tracks, to the project's remote. The remote is `-r`'s, else
// the config's `core.remote` (.dvc/config.local over .dvc/config over the user's), its `url` a
// bucket (s3://, gs://, azure://, oss://, gdrive://; `endpointurl` names an S3-compatible host), a
// server (ssh://, https://, webdav://, hdfs://) or a folder of this machine. The data is each
// output (`outs:` with `cache: false` left out) of the .dvc files and dvc.lock files of the project:
// the targets `dvc push` names (a .dvc file's outputs, or a path as it is), else every one git lists
// (tracked, or untracked and not ignored: the project's work tree), with what a `dvc add` earlier on
// the line added; `dvc add --to-remote` sends the paths it is given. An output is read where it is in the work tree (a folder whole), which is what
// DVC's cache holds for it.
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { fileText, folderHolding } from './local-files.ts';
import { listedFiles } from './git-commits.ts';
import { lastValue, wordsOf } from './option-words.ts';
import { iniSections } from './ini-text.ts';
import { localPath } from './own-files.ts';
import { type Yaml, readYaml } from './yaml-text.ts';

/** What a `dvc push` sends: its remote's host (null for a folder of this machine), and the outputs it uploads (full paths). */
export type DvcPush = { host: string | null; outputs: string[] };

/** `dvc push`'s and `dvc add`'s options that take the next word as a value. */
const DVC_VALUE_OPTIONS = new Set(['-r', '--remote', '-j', '--jobs', '--file', '-o', '--out']);
/** Where each bucket scheme's data goes. */
const BUCKETS: Record<string, string> = { s3: 's3.amazonaws.com', gs: 'storage.googleapis.com', azure: 'blob.core.windows.net', oss: 'aliyuncs.com', gdrive: 'googleapis.com' };

/** The host a remote's URL sends to: a bucket's provider, S3's `endpointurl`, a server's host; null for a folder of this machine. */
function remoteHost(url: string, endpoint: string | undefined): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return null;
  if (scheme === 's3' && endpoint !== undefined) return hostOf(endpoint) ?? BUCKETS.s3!;
  return BUCKETS[scheme] ?? hostOf(url);
}

/** The outputs (full paths) a .dvc or dvc.lock file names, relative to its folder; those with `cache: false` are not pushed. */
function outputsOf(file: string): string[] {
  const yaml = readYaml(fileText(file));
  const outs = (node: Yaml): Yaml[] => (node !== null && typeof node === 'object' && !Array.isArray(node) && Array.isArray(node.outs) ? node.outs : []);
  const stages = yaml !== null && typeof yaml === 'object' && !Array.isArray(yaml) && yaml.stages !== null && typeof yaml.stages === 'object' && !Array.isArray(yaml.stages) ? Object.values(yaml.stages) : [];
  return [yaml, ...stages]
    .flatMap(outs)
    .flatMap((out) => (out !== null && typeof out === 'object' && !Array.isArray(out) && typeof out.path === 'string' && out.cache !== 'false' ? [path.resolve(path.dirname(file), out.path)] : []));
}

/** The paths (full) `dvc add PATH...` adds, for a `dvc push` later on the line; null for another command, and for `--to-remote`, which sends them itself (dvcPush). */
export function dvcAdd(argv: readonly string[], cwd: string): string[] | null {
  if (path.basename(argv[0] ?? '') !== 'dvc' || argv[1] !== 'add' || argv.includes('--to-remote')) return null;
  return wordsOf(argv.slice(2), DVC_VALUE_OPTIONS).operands.map((word) => localPath(word, cwd));
}

/**
 * `dvc push [TARGET...] [-r REMOTE]` (see the head of this file), and `dvc add --to-remote PATH...`,
 * which uploads the paths it is given; `home` is the user's home folder and `added` the paths a
 * `dvc add` earlier on the line added. Null for another command, a folder outside a DVC project, or
 * a project with no remote to push to.
 */
export function dvcPush(argv: readonly string[], cwd: string, home: string, env: Readonly<Record<string, string | undefined>>, added: readonly string[]): DvcPush | null {
  if (path.basename(argv[0] ?? '') !== 'dvc' || !(argv[1] === 'push' || (argv[1] === 'add' && argv.includes('--to-remote')))) return null;
  const root = folderHolding(cwd, '.dvc');
  if (root === null) return null;
  const words = wordsOf(argv.slice(2), DVC_VALUE_OPTIONS);
  const config = [path.join(home, '.config', 'dvc', 'config'), path.join(root, '.dvc', 'config'), path.join(root, '.dvc', 'config.local')].map((file) => iniSections(fileText(file)));
  const setting = (section: string, key: string) => config.map((c) => c.get(section)?.get(key)).findLast((value) => value !== undefined);
  const name = lastValue(words, '-r', '--remote') ?? setting('core', 'remote');
  const url = name === undefined ? undefined : setting(`remote "${name}"`, 'url');
  if (url === undefined) return null;
  const host = remoteHost(url, setting(`remote "${name}"`, 'endpointurl'));
  const files = words.operands.length > 0 ? words.operands.map((target) => path.resolve(cwd, target)) : (listedFiles(root, home, env) ?? []).filter((file) => file.endsWith('.dvc') || path.basename(file) === 'dvc.lock');
  const outputs = files.flatMap((file) => (file.endsWith('.dvc') || path.basename(file) === 'dvc.lock' ? outputsOf(file) : [file]));
  return { host, outputs: [...new Set([...outputs, ...added])] };
}
