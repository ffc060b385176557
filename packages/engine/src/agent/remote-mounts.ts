// A remote filesystem mounted on the command line: what the line then writes under the mount point
// goes to the machine or service behind it. `sshfs backup@host:/srv /mnt/srv && cp customers.csv
// /mnt/srv/` copies the file to that host. classify.ts notes the line's mounts and reads a write
// under one as a send there.
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { wordsOf } from './option-words.ts';

/** Their options that take the next word as a value. */
const VALUE_OPTIONS: Record<string, ReadonlySet<string>> = {
  sshfs: new Set(['-o', '-p', '-F']),
  mount: new Set(['-t', '--types', '-o', '--options', '-L', '--label', '-U', '--uuid', '-O', '--test-opts', '-N', '--namespace', '--target', '--source']),
  rclone: new Set(['--config', '--vfs-cache-mode', '--cache-dir', '--dir-cache-time', '--poll-interval', '--log-file', '--log-level', '--uid', '--gid', '--umask', '--volname']),
  s3fs: new Set(['-o']),
  goofys: new Set(['--endpoint', '--region', '--profile', '-o', '--file-mode', '--dir-mode', '--uid', '--gid', '--cache', '--stat-cache-ttl', '--type-cache-ttl']),
  gcsfuse: new Set(['-o', '--key-file', '--only-dir', '--implicit-dirs', '--file-mode', '--dir-mode', '--uid', '--gid', '--log-file', '--config-file']),
};

/** The mount point and where what is written under it goes, for a command that mounts a remote filesystem; null for any other. */
export function remoteMount(argv: readonly string[]): { mountpoint: string; host: string } | null {
  const program = path.basename(argv[0] ?? '').replace(/^mount\.(?:cifs|smb3|nfs4?)$/, 'mount');
  const options = VALUE_OPTIONS[program];
  if (options === undefined) return null;
  const operands = wordsOf(argv.slice(1), options).operands;
  if (program === 'rclone') {
    // `rclone mount remote:path /mnt/x` (nfsmount, too).
    const [command, source = '', mountpoint] = operands;
    const remote = /^([A-Za-z0-9_.-]{2,}):/.exec(source)?.[1];
    return (command === 'mount' || command === 'nfsmount') && remote !== undefined && mountpoint !== undefined ? { mountpoint, host: `rclone:${remote}` } : null;
  }
  const [source = '', mountpoint] = operands;
  if (mountpoint === undefined) return null;
  // Buckets: `s3fs bucket /mnt/b`, `goofys bucket /mnt/b` (S3), `gcsfuse bucket /mnt/b` (Cloud Storage).
  if (program === 's3fs' || program === 'goofys') return { mountpoint, host: 's3.amazonaws.com' };
  if (program === 'gcsfuse') return { mountpoint, host: 'storage.googleapis.com' };
  // `//host/share` (SMB), `host:/export` (NFS), `[user@]host:[dir]` (sshfs).
  const host = source.startsWith('//') ? hostOf(`smb:${source}`) : /^(?:[^@/:]+@)?([^@/:]+):/.exec(source)?.[1]?.toLowerCase() ?? null;
  return host === null ? null : { mountpoint, host };
}

/** Where a write to `file` (a full path) goes when it is under one of `mounts` (full mount point -> host), or undefined. */
export function mountedHost(file: string, mounts: ReadonlyMap<string, string>): string | undefined {
  for (const [mountpoint, host] of mounts) if (file === mountpoint || file.startsWith(`${mountpoint}/`)) return host;
  return undefined;
}
