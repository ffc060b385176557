// Key files created on first use (the hook's local signing key, the server's signing key and data
// key). Several processes may start at once (an agent runs tool calls in parallel, several server
// instances share a data directory): the key is written whole to a file of this process's own, then
// hard-linked into place, which fails if another process got there first. A reader never sees an
// empty or half-written key, which `open(O_EXCL)` followed by a write would show it.
import crypto from 'node:crypto';
import fs from 'node:fs';

const OWNER_ONLY = 0o600;

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
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
