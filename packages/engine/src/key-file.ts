// Key files created on first use (the hook's local signing key, the server's signing key and data
// key). Several processes may start at once (an agent runs tool calls in parallel, several server
// instances share a data directory): the key is written whole to a file of this process's own, then
// hard-linked into place, which fails if another process got there first. A reader never sees an
// empty or half-written key, which `open(O_EXCL)` followed by a write would show it. On a file
// system without hard links (some network and FAT volumes), the key is created with `open(O_EXCL)`
// instead: still never overwritten, and written whole before this process uses it. A process killed
// between writing its draft and removing it leaves the draft, a copy of a key: the next process that
// reads the key removes it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const OWNER_ONLY = 0o600;

/** A draft of a key file: the key file's name, the id of the process that wrote it, 64 random bits. */
const DRAFT_NAME = /^(.+)\.(\d+)\.[0-9a-f]{16}\.tmp$/;

/** A draft older than this is not being linked into place (that takes milliseconds). */
const STALE_DRAFT_MS = 60_000;

/**
 * The contents of `file`, which `make()` gives when the file is created here (mode 0600; its
 * folder must exist). Several processes starting at once all read the first creator's contents.
 */
export function readOrCreateKeyFile(file: string, make: () => string): string {
  removeStaleDrafts(file);
  if (!fs.existsSync(file)) {
    const contents = make();
    if (createKeyFile(file, contents)) return contents;
  }
  return fs.readFileSync(file, 'utf8');
}

/** Removes the drafts of `file` older than a minute whose process has ended: each holds a copy of a key. */
function removeStaleDrafts(file: string): void {
  const now = Date.now();
  const dir = path.dirname(file);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const draft = DRAFT_NAME.exec(name);
    if (!draft || draft[1] !== path.basename(file)) continue;
    try {
      const at = path.join(dir, name);
      if (now - fs.statSync(at).mtimeMs >= STALE_DRAFT_MS && !isRunning(Number(draft[2]))) fs.rmSync(at, { force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/** True while a process of this id runs on this host (one of another user's, which cannot be signalled, included). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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
