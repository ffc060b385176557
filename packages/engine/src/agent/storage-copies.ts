// What storage, backup and file-sharing clients send, and where. classify.ts reads the files and
// folders named, whole, the text given, and the input where it is sent.
// - Object stores: rclone's copies and `rcat` (to a remote the user configured, `rclone:<remote>`),
//   MinIO's `mc cp|mv|mirror|pipe` (to an alias, `minio:<alias>`), `azcopy copy|sync` (to the
//   URL's host), Backblaze's `b2 upload-file`, `b2 file upload` and `b2 sync`, s5cmd's
//   `cp|mv|sync|pipe` (to S3, or `--endpoint-url`'s host), `supabase storage cp`, `databricks fs
//   cp` to DBFS (DATABRICKS_HOST, else `databricks:workspace`), `hdfs dfs -put` (`hadoop fs`; to
//   an `hdfs://` URL's host, else `hdfs:cluster`).
// - Data stores' writes: `influx write` (to `--host` or INFLUX_HOST), `elasticdump` from a file to a URL.
// - Backups: `restic backup` (to its repository, `-r` or RESTIC_REPOSITORY), `borg create`
//   (REPO::ARCHIVE, or BORG_REPO) and `duplicity` (its target URL).
// - FTP uploaders `ncftpput` and `wput`; publishing with `ipfs add` (the public IPFS network,
//   `ipfs:network`), `pastebinit` (paste.ubuntu.com, or `-b`'s host) and `gist` (a GitHub gist:
//   api.github.com, or GITHUB_URL's host).
// - File-sharing services: `gdrive [files] upload`, `dropbox_uploader.sh upload`, MEGA's `megaput`
//   and `mega-put`, Box's `box files:upload` and `folders:upload`; and the transfers to a person
//   through a relay, `wormhole send`, `croc send` and `ffsend upload`, and to a device of a tailnet,
//   `tailscale file cp` (Taildrop).
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { lastValue, valuesOf, wordsOf } from './option-words.ts';

/** What one such command sends: the local files and folders it names, a text it is given, whether its input, and where. */
export type StorageCopy = { summary: string; host: string; files: string[]; input: boolean; text?: string };

const RCLONE_COPIES = new Set(['copy', 'copyto', 'sync', 'move', 'moveto']);
/** File-sharing services' clients, and where they upload. */
const SHARING_SERVICES: Record<string, string> = { gdrive: 'googleapis.com', dropbox_uploader: 'dropbox.com', megaput: 'mega.nz', 'mega-put': 'mega.nz', box: 'box.com' };
/** The relays and services the transfer tools use unless told another. */
const RELAYS: Record<string, string> = { wormhole: 'relay.magic-wormhole.io', croc: 'croc.schollz.com', ffsend: 'send.vis.ee' };
const MC_COPIES = new Set(['cp', 'mv', 'mirror']);
/** Their options that take the next word as a value. */
const VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  rclone: new Set(['--config', '--include', '--exclude', '--filter', '--include-from', '--exclude-from', '--filter-from', '--transfers', '--checkers', '--bwlimit', '--log-file', '--log-level', '--backup-dir', '--suffix', '--max-age', '--min-age', '--max-size', '--min-size', '--size']),
  mc: new Set(['--config-dir', '-C', '--storage-class', '--attr', '--tags', '--encrypt-key', '--enc-c', '--enc-s3', '--enc-kms', '--exclude', '--older-than', '--newer-than', '--limit-upload', '--limit-download', '--rewind', '--version-id']),
  azcopy: new Set(['--include-pattern', '--exclude-pattern', '--include-path', '--exclude-path', '--from-to', '--block-size-mb', '--log-level', '--cap-mbps', '--content-type', '--metadata', '--blob-type', '--include-after', '--include-before', '--list-of-files', '--overwrite', '--put-md5', '--trusted-microsoft-suffixes']),
  b2: new Set(['--content-type', '--info', '--sha1', '--threads', '--min-part-size', '--part-size', '--encryption', '--custom-upload-timestamp', '--profile', '--legal-hold', '--retention-mode', '--retention-period', '--cache-control', '--content-disposition', '--content-encoding', '--content-language', '--expires', '--exclude-regex', '--include-regex', '--compare-versions', '--compare-threshold', '--keep-days', '--replace-newer']),
  restic: new Set(['-r', '--repo', '--repository-file', '-p', '--password-file', '--password-command', '--cache-dir', '--tag', '--host', '--exclude', '-e', '--exclude-file', '--iexclude', '--files-from', '--files-from-raw', '--files-from-verbatim', '--parent', '-o', '--option', '--limit-upload', '--limit-download', '--stdin-filename', '--time', '--exclude-larger-than', '--read-concurrency', '--compression', '--pack-size', '--key-hint', '--tls-client-cert', '--cacert']),
  borg: new Set(['--remote-path', '--rsh', '-e', '--exclude', '--exclude-from', '--pattern', '--patterns-from', '-C', '--compression', '--comment', '--timestamp', '--chunker-params', '--checkpoint-interval', '--upload-ratelimit', '--lock-wait', '--stdin-name', '--stdin-user', '--stdin-group', '--stdin-mode', '--paths-from-command', '--paths-delimiter']),
  wormhole: new Set(['--relay-url', '--transit-helper', '--appid', '--text', '-c', '--code-length', '--code', '--dump-timing']),
  croc: new Set(['--relay', '--relay6', '--pass', '--curve', '--ip', '--code', '-c', '--text', '--port', '--transfers', '--hash', '--socks5', '--connect', '--throttleUpload', '--exclude']),
  ffsend: new Set(['-H', '--host', '-p', '--password', '-d', '--downloads', '-e', '--expiry', '-n', '--name', '-A', '--api', '--basic-auth', '--history']),
  s5cmd: new Set(['--endpoint-url', '--credentials-file', '--profile', '--log', '--numworkers', '--retry-count', '-r', '--request-payer', '--storage-class', '--concurrency', '-c', '--part-size', '-p', '--exclude', '--include', '--content-type', '--content-encoding', '--content-disposition', '--cache-control', '--expires', '--metadata', '--acl', '--sse', '--sse-kms-key-id', '--metadata-directive']),
  supabase: new Set(['--workdir', '--profile', '--output', '-o', '--content-type', '--cache-control', '-j', '--jobs']),
  databricks: new Set(['-p', '--profile', '-o', '--output', '--debug', '--log-file', '--log-format', '--log-level', '-t', '--target']),
  dbfs: new Set(['--profile']),
  influx: new Set(['--host', '-b', '--bucket', '--bucket-id', '-o', '--org', '--org-id', '-t', '--token', '-f', '--file', '-u', '--url', '--format', '--header', '-p', '--precision', '--rate-limit', '--encoding', '--max-line-length', '--errors-file', '-c', '--active-config', '--configs-path', '--compression']),
  elasticdump: new Set(['--input', '--output', '--type', '--limit', '--size', '--searchBody', '--headers', '--params', '--fileSize', '--input-index', '--output-index', '--concurrency', '--maxSockets', '--transform']),
  ncftpput: new Set(['-u', '-p', '-P', '-j', '-d', '-e', '-t', '-f', '-o', '-U', '-W', '-X', '-Y', '-B', '-T', '-S']),
  wput: new Set(['-o', '--output-file', '-a', '--append-output', '-t', '--tries', '-w', '--wait', '--waitretry', '--limit-rate', '-l', '--proxy-user', '--proxy-pass', '--basename', '-B']),
  ipfs: new Set(['--api', '-s', '--chunker', '--cid-version', '--hash', '--to-files', '--inline-limit', '--max-file-links', '--max-directory-links', '--max-hamt-fanout', '--mode', '--mtime', '--mtime-nsecs']),
  pastebinit: new Set(['-b', '-i', '-a', '-f', '-t', '-j', '-m', '-u', '-p', '-P', '-e', '-E']),
  tailscale: new Set(['--name', '--socket']),
  gist: new Set(['-d', '--description', '-f', '--filename', '-t', '--type', '-u', '--update', '-r', '--read']),
  gdrive: new Set(['-p', '--parent', '--name', '--mime', '--description', '--chunksize', '--delete', '--config', '-c', '--service-account']),
  dropbox_uploader: new Set(['-f', '-x']),
  megaput: new Set(['-u', '--username', '-p', '--password', '--path', '--config', '--speed-limit', '--proxy']),
  'mega-put': new Set(['--clientID']),
  box: new Set(['--parent-id', '-p', '--id', '--name', '-n', '--description', '--as-user', '--token', '-t', '--overwrite']),
  duplicity: new Set(['--encrypt-key', '--sign-key', '--include', '--exclude', '--include-filelist', '--exclude-filelist', '--name', '--archive-dir', '--volsize', '--full-if-older-than', '--tempdir', '--log-file', '--verbosity', '-v', '--gpg-options', '--ssh-options', '--backend-retry-delay', '--num-retries', '--s3-region-name', '--s3-endpoint-url']),
};

/** Where a restic repository is: a backend's host (`sftp:u@host:/p`, `s3:host/bucket`, `rest:https://host/`), a provider's, a configured rclone remote's; null for a folder of this machine. */
function resticHost(repository: string): string | null {
  const colon = repository.indexOf(':');
  const backend = colon < 0 ? '' : repository.slice(0, colon);
  const target = repository.slice(colon + 1);
  if (backend === 'sftp') return hostOf(target.startsWith('//') ? `sftp:${target}` : target);
  if (backend === 's3') return hostOf(/^https?:/.test(target) ? target : `https://${target}`);
  if (backend === 'rest') return hostOf(target);
  if (backend === 'rclone') return `rclone:${target.slice(0, target.indexOf(':') < 0 ? target.length : target.indexOf(':'))}`;
  return RESTIC_PROVIDERS[backend] ?? null;
}
const RESTIC_PROVIDERS: Record<string, string> = { b2: 'backblazeb2.com', azure: 'blob.core.windows.net', gs: 'storage.googleapis.com', swift: 'swift:object-storage' };

/** Where a borg repository is: `ssh://user@host[:port]/path` or `user@host:path`; null for a folder of this machine. */
const borgHost = (repository: string): string | null => (repository.startsWith('ssh://') || /^[^/]*:/.test(repository) ? hostOf(repository) : null);

/** `remote:path`'s remote for rclone (not a Windows drive or a path with a colon later on). */
const rcloneRemote = (word: string) => /^([A-Za-z0-9_.-]{2,}):/.exec(word)?.[1];
/** A target of this machine as mc reads it (`./x`, `/srv/x`, `~/x`, or no alias before a slash): not an alias's. */
const mcLocal = (word: string) => /^[./~]/.test(word) || !word.includes('/');

/**
 * What `argv` sends as a storage or backup client, with `environment` the variables it runs with
 * (RESTIC_REPOSITORY, BORG_REPO); null for another command, a download, and a repository here.
 */
export function storageCopy(argv: readonly string[], environment: Readonly<Record<string, string | undefined>>): StorageCopy | null {
  const program = path.basename(argv[0] ?? '').replace(/^dropbox_uploader\.sh$/, 'dropbox_uploader');
  if (program === 'hdfs' || program === 'hadoop') return hdfsPut(argv.slice(1));
  const options = VALUE_OPTIONS[program];
  if (options === undefined) return null;
  const words = wordsOf(argv.slice(1), options);
  const [command = '', ...operands] = words.operands;
  if (program === 'rclone') {
    const remote = rcloneRemote(operands[operands.length - 1] ?? '');
    if (remote === undefined) return null;
    if (command === 'rcat') return { summary: `rclone rcat to the remote ${remote}`, host: `rclone:${remote}`, files: [], input: true };
    if (!RCLONE_COPIES.has(command) || operands.length < 2) return null;
    return { summary: `rclone ${command} to the remote ${remote}`, host: `rclone:${remote}`, files: operands.slice(0, -1).filter((o) => rcloneRemote(o) === undefined), input: false };
  }
  if (program === 'mc') {
    const target = operands[operands.length - 1] ?? '';
    if (target === '' || mcLocal(target)) return null;
    const alias = target.slice(0, target.indexOf('/'));
    if (command === 'pipe') return { summary: `mc pipe to ${alias}`, host: `minio:${alias}`, files: [], input: true };
    if (!MC_COPIES.has(command) || operands.length < 2) return null;
    // A source an alias names is not here: reading it here finds nothing.
    return { summary: `mc ${command} to ${alias}`, host: `minio:${alias}`, files: operands.slice(0, -1), input: false };
  }
  if (program === 'azcopy') {
    const host = hostOf(operands[operands.length - 1] ?? '');
    if ((command !== 'copy' && command !== 'cp' && command !== 'sync') || host === null || operands.length < 2) return null;
    return { summary: `azcopy ${command} to ${host}`, host, files: operands.slice(0, -1).filter((o) => hostOf(o) === null), input: false };
  }
  if (program === 'b2') {
    // `b2 upload-file BUCKET LOCAL NAME` (`b2 file upload`, version 4), `b2 sync LOCAL b2://bucket`.
    const upload = command === 'upload-file' ? operands : command === 'file' && operands[0] === 'upload' ? operands.slice(1) : null;
    if (upload !== null && upload.length >= 3) return { summary: 'b2 upload to backblazeb2.com', host: 'backblazeb2.com', files: upload[1] === '-' ? [] : [upload[1]!], input: upload[1] === '-' };
    if (command === 'sync' && /^b2:\/\//.test(operands[1] ?? '')) return { summary: 'b2 sync to backblazeb2.com', host: 'backblazeb2.com', files: [operands[0]!], input: false };
    return null;
  }
  if (program === 'restic') {
    const repository = lastValue(words, '-r', '--repo') ?? environment.RESTIC_REPOSITORY ?? '';
    const host = command === 'backup' ? resticHost(repository) : null;
    if (host === null) return null;
    return { summary: `restic backup to ${host}`, host, files: operands, input: words.flags.has('--stdin') };
  }
  if (program === 'borg') {
    if (command !== 'create' || operands.length === 0) return null;
    const location = operands[0]!.startsWith('::') ? `${environment.BORG_REPO ?? ''}${operands[0]}` : operands[0]!;
    const host = borgHost(location.slice(0, location.lastIndexOf('::') < 0 ? location.length : location.lastIndexOf('::')));
    if (host === null) return null;
    const files = operands.slice(1);
    return { summary: `borg create to ${host}`, host, files: files.filter((f) => f !== '-'), input: files.includes('-') };
  }
  // `wormhole send [--text T] files`, `croc send [--text T] files`, `ffsend upload file`: to a person, through the tool's relay (or the one named).
  if ((program === 'wormhole' || program === 'croc') && command === 'send') {
    const relay = hostOf(lastValue(words, '--relay-url', '--relay') ?? '') ?? RELAYS[program]!;
    return { summary: `${program} send through ${relay}`, host: relay, files: operands, input: false, text: lastValue(words, '--text') ?? '' };
  }
  if (program === 'ffsend' && (command === 'upload' || command === 'u' || command === 'up')) {
    const host = hostOf(lastValue(words, '--host') ?? '') ?? RELAYS.ffsend!;
    return { summary: `ffsend upload to ${host}`, host, files: operands, input: false };
  }
  if (program === 's5cmd') {
    const host = hostOf(lastValue(words, '--endpoint-url') ?? '') ?? 's3.amazonaws.com';
    const target = operands[operands.length - 1] ?? '';
    if (!/^s3:\/\//i.test(target)) return null;
    if (command === 'pipe') return { summary: `s5cmd pipe to ${host}`, host, files: [], input: true };
    if ((command !== 'cp' && command !== 'mv' && command !== 'sync') || operands.length < 2) return null;
    return { summary: `s5cmd ${command} to ${host}`, host, files: operands.slice(0, -1).filter((o) => !/^s3:\/\//i.test(o)), input: false };
  }
  // `supabase storage cp ./x ss:///bucket/x` (not with --local, the stack on this machine); `mv` and `rm` move nothing here.
  if (program === 'supabase') {
    const target = operands[operands.length - 1] ?? '';
    if (command !== 'storage' || operands[0] !== 'cp' || !target.startsWith('ss:') || words.flags.has('--local')) return null;
    return { summary: 'supabase storage cp to supabase.co', host: 'supabase.co', files: operands.slice(1, -1).filter((o) => !o.startsWith('ss:')), input: false };
  }
  // `databricks fs cp ./x dbfs:/x` (the new CLI), `dbfs cp ./x dbfs:/x` (the legacy one): to the workspace.
  if (program === 'databricks' || program === 'dbfs') {
    const copy = program === 'databricks' ? (command === 'fs' ? operands : []) : [command, ...operands];
    const target = copy[copy.length - 1] ?? '';
    if ((copy[0] !== 'cp' && copy[0] !== 'mv') || !target.startsWith('dbfs:')) return null;
    const host = hostOf(environment.DATABRICKS_HOST ?? '') ?? 'databricks:workspace';
    return { summary: `${program === 'dbfs' ? 'dbfs' : 'databricks fs'} ${copy[0]} to ${host}`, host, files: copy.slice(1, -1).filter((o) => !o.startsWith('dbfs:')), input: false };
  }
  // `influx write [-f file | line protocol | input]` (`--url` data comes from elsewhere): to its server, this machine's unless named.
  if (program === 'influx') {
    if (command !== 'write' || lastValue(words, '-u', '--url') !== undefined) return null;
    const host = hostOf(lastValue(words, '--host') ?? environment.INFLUX_HOST ?? '') ?? 'localhost';
    const files = valuesOf(words, '-f', '--file');
    const lines = operands.filter((word) => word !== 'dryrun');
    return { summary: `influx write to ${host}`, host, files, input: files.length === 0 && lines.length === 0, text: lines.join('\n') };
  }
  // `elasticdump --input=file --output=https://es/index`: a file (or `$`, the input) loaded into a cluster.
  if (program === 'elasticdump') {
    const input = lastValue(words, '--input') ?? '';
    const host = hostOf(lastValue(words, '--output') ?? '');
    if (host === null || hostOf(input) !== null) return null;
    return { summary: `elasticdump to ${host}`, host, files: input === '$' || input === '' ? [] : [input], input: input === '$' };
  }
  // `ncftpput host remote-dir files...` (`-c host remote-path`: its input); `wput files... ftp://host/dir/`.
  if (program === 'ncftpput' && command !== '') {
    const host = command.toLowerCase();
    return words.flags.has('-c') ? { summary: `ncftpput to ${host}`, host, files: [], input: true } : operands.length >= 2 ? { summary: `ncftpput to ${host}`, host, files: operands.slice(1), input: false } : null;
  }
  if (program === 'wput') {
    const all = [command, ...operands];
    const host = hostOf(all[all.length - 1] ?? '');
    return host === null || all.length < 2 ? null : { summary: `wput to ${host}`, host, files: all.slice(0, -1), input: false };
  }
  // `ipfs add [-r] files` (its input with none): published to the IPFS network, where anyone who has the address fetches it.
  if (program === 'ipfs') return command === 'add' ? { summary: 'ipfs add to the IPFS network', host: 'ipfs:network', files: operands, input: operands.length === 0 } : null;
  if (program === 'pastebinit') {
    const host = hostOf(lastValue(words, '-b') ?? '') ?? 'paste.ubuntu.com';
    const files = [...valuesOf(words, '-i'), ...[command, ...operands].filter((word) => word !== '')];
    return { summary: `pastebinit to ${host}`, host, files: files.filter((file) => file !== '-'), input: files.length === 0 || files.includes('-') };
  }
  // `tailscale file cp FILE... DEVICE:` (Taildrop): to another device of the tailnet, and whoever uses it.
  if (program === 'tailscale') {
    const target = operands.at(-1) ?? '';
    if (command !== 'file' || operands[0] !== 'cp' || !target.endsWith(':') || operands.length < 3) return null;
    return { summary: `tailscale file cp to ${target.slice(0, -1)}`, host: `tailscale:${target.slice(0, -1)}`, files: operands.slice(1, -1).filter((file) => file !== '-'), input: operands.includes('-') };
  }
  // `gist [-p] [-d DESC] FILE...` (its input with none): a GitHub gist, public unless `-p`, a secret one still readable by its address.
  if (program === 'gist') {
    if (words.flags.has('-l') || words.flags.has('--list') || lastValue(words, '-r', '--read') !== undefined) return null;
    const host = hostOf(environment.GITHUB_URL ?? '') ?? 'api.github.com';
    const files = [command, ...operands].filter((word) => word !== '');
    return { summary: `gist to ${host}`, host, files: files.filter((file) => file !== '-'), input: files.length === 0 || files.includes('-') };
  }
  const share = SHARING_SERVICES[program];
  if (share !== undefined) {
    const sources = sharedFiles(program, words.operands);
    return sources.length === 0 ? null : { summary: `${program} upload to ${share}`, host: share, files: sources, input: false };
  }
  if (program !== 'duplicity') return null;
  // duplicity [full|incremental] SOURCE URL: a backup when the last word is a URL.
  const all = [command, ...operands].filter((w) => w !== 'full' && w !== 'incremental' && w !== 'inc' && w !== 'backup');
  const host = all.length === 2 && /^[a-z][\w+.-]*:\/\//.test(all[1]!) && !all[1]!.startsWith('file://') ? hostOf(all[1]!.replace(/^[\w.-]+\+/, '')) : null;
  return host === null ? null : { summary: `duplicity to ${host}`, host, files: [all[0]!], input: false };
}

/** `hdfs dfs -put LOCAL... DEST` (`-copyFromLocal`, `-moveFromLocal`, `-appendToFile`; `hadoop fs`, `hdfs dfs -put - DEST` from the input): to the cluster, or a `hdfs://host` URL's host. */
function hdfsPut(args: readonly string[]): StorageCopy | null {
  // Hadoop's generic options (`-D key=value`, `-fs URI`, `-conf file`) come before and after the shell's name.
  const generic = (k: number) => (HDFS_GENERIC_OPTIONS.has(args[k] ?? '') ? k + 2 : k);
  let k = generic(0);
  const shell = args[k];
  k = generic(k + 1);
  const verb = args[k];
  if ((shell !== 'dfs' && shell !== 'fs') || verb === undefined || !HDFS_PUTS.has(verb)) return null;
  const operands = wordsOf(args.slice(k + 1), new Set(['-t', '-q'])).operands;
  if (operands.length < 2) return null;
  const target = operands[operands.length - 1]!;
  const host = /^(?:hdfs|webhdfs|swebhdfs):\/\//.test(target) ? (hostOf(target) ?? 'hdfs:cluster') : 'hdfs:cluster';
  const sources = operands.slice(0, -1);
  return { summary: `hdfs ${shell} ${verb} to ${host}`, host, files: sources.filter((f) => f !== '-'), input: sources.includes('-') };
}
const HDFS_PUTS = new Set(['-put', '-copyFromLocal', '-moveFromLocal', '-appendToFile']);
const HDFS_GENERIC_OPTIONS = new Set(['-D', '-fs', '-conf', '-jt', '-files', '-libjars', '-archives']);

/** The local files a file-sharing client uploads: `gdrive files upload f` (gdrive 3) or `gdrive upload f` (2), `dropbox_uploader.sh upload SRC... DST`, `megaput f`, `mega-put f... [DST]`, `box files:upload f`. */
function sharedFiles(program: string, [command = '', ...rest]: readonly string[]): string[] {
  if (program === 'gdrive') return command === 'files' && rest[0] === 'upload' ? rest.slice(1) : command === 'upload' ? rest : [];
  if (program === 'dropbox_uploader') return command === 'upload' ? rest.slice(0, -1) : [];
  if (program === 'box') return command === 'files:upload' || command === 'folders:upload' ? rest : [];
  const all = command === '' ? [] : [command, ...rest];
  return program === 'mega-put' && all.length > 1 ? all.slice(0, -1) : all;
}
