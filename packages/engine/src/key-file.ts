// Key files created on first use (the hook's local signing key, the server's signing key and data
// key). Several processes may start at once (an agent runs tool calls in parallel, several server
// instances share a data directory): the key is written whole to a file of this process's own, then
// hard-linked into place, which fails if another process got there first. A reader never sees an
// empty or half-written key, which `open(O_EXCL)` followed by a write would show it. On a file
// system without hard links (some network and FAT volumes), the key is created with `open(O_EXCL)`
// instead: still never overwritten, and written whole before this process uses it.
import crypto from 'node:crypto';
import fs from 'node:fs';

const OWNER_ONLY = 0o600;

/** What link(2) answers where the file system has no hard links. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Creates `file` (mode 0600) holding `contents`, unless it exists; true when this call created it. */
export function createKeyFile(file: string, contents: string): boolean {
  const draft = `${file}.${process.pid}.${crypto.randomBytes(8).toString('hex')}.tmp`;
  fs.writeFileSync(draft, contents, { mode: OWNER_ONLY, flag: 'wx' });
  try {
    // The umask can only have narrowed the mode; this makes it exact.
    fs.chmodSync(draft, OWNER_ONLY);
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (NO_HARD_LINKS.has(code)) return createExclusively(file, contents);
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function createExclusively(file: string, contents: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', OWNER_ONLY);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.fchmodSync(fd, OWNER_ONLY);
    fs.writeFileSync(fd, contents);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}
