// Archives an agent sends are opened and read like the files in them: gzip, .tar.gz and zip made
// by Python's own gzip, tarfile and zipfile modules, zstd by the zstd tool (not by the code that
// reads them). What the hook
// cannot open is blocked when it leaves the machine, and sent when it stays.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archiveText } from '../../src/agent/archives.ts';
import { defaultPolicy } from '../../src/agent/default-policy.ts';
import { engineActivePolicy, handleHookEvent } from '../../src/agent/hook-events.ts';

const active = engineActivePolicy(defaultPolicy(), 'the built-in default policy');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-archives-'));
const scp = (file: string, host = 'deploy@api.acme-analytics.io') =>
  handleHookEvent(JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: `scp ${file} ${host}:/srv/` }, cwd: dir }), active);

const MAKE = String.raw`
import bz2, gzip, io, lzma, sys, tarfile, zipfile
d = sys.argv[1]
customers = b"name,email\nJane Doe,jane.doe@acme-corp.com\n"
notes = b"build 412 passed\n"
def tgz(name, files):
    with tarfile.open(f"{d}/{name}", "w:gz") as t:
        for n, data in files.items():
            info = tarfile.TarInfo(n); info.size = len(data); t.addfile(info, io.BytesIO(data))
def zipped(name, files, method=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(f"{d}/{name}", "w", method) as z:
        for n, data in files.items(): z.writestr(n, data)
open(f"{d}/customers.csv.gz", "wb").write(gzip.compress(customers))
tgz("data.tar.gz", {"export/customers.csv": customers, "export/notes.txt": notes})
tgz("clean.tar.gz", {"notes.txt": notes})
zipped("data.zip", {"reports/": b"", "notes.txt": notes, "customers.csv": customers})
zipped("stored.zip", {"customers.csv": customers}, zipfile.ZIP_STORED)
zipped("named.zip", {"jane.doe@acme-corp.com/notes.txt": notes})
zipped("clean.zip", {"notes.txt": notes})
zipped("nested.zip", {"backup.tar.gz": open(f"{d}/data.tar.gz", "rb").read()})
# A RubyGems .gem: a plain tar (GNU format, as gem writes it) holding metadata.gz and data.tar.gz.
def tar_plain(name, files):
    with tarfile.open(f"{d}/{name}", "w", format=tarfile.GNU_FORMAT) as t:
        for n, data in files.items():
            info = tarfile.TarInfo(n); info.size = len(data); t.addfile(info, io.BytesIO(data))
tgz("gem-data.tar.gz", {"lib/crm.rb": b"module Crm; end\n", "data/customers.csv": customers})
tgz("clean-gem-data.tar.gz", {"lib/crm.rb": b"module Crm; end\n"})
tar_plain("crm-1.0.0.gem", {"metadata.gz": gzip.compress(b"name: crm\n"), "data.tar.gz": open(f"{d}/gem-data.tar.gz", "rb").read()})
tar_plain("clean-1.0.0.gem", {"metadata.gz": gzip.compress(b"name: clean\n"), "data.tar.gz": open(f"{d}/clean-gem-data.tar.gz", "rb").read()})
open(f"{d}/customers.csv.xz", "wb").write(lzma.compress(customers))
open(f"{d}/customers.csv.bz2", "wb").write(bz2.compress(customers))
open(f"{d}/zeros.gz", "wb").write(gzip.compress(b"\0" * (17 * 1024 * 1024)))
open(f"{d}/cut.gz", "wb").write(gzip.compress(customers * 50)[:40])
deep = customers
for _ in range(4): deep = gzip.compress(deep)
open(f"{d}/deep.gz", "wb").write(deep)
# An entry marked encrypted (general purpose flag bit 0, in its local and central headers): Python
# writes no encrypted zips, so the flag is set on a plain one.
z = bytearray(open(f"{d}/data.zip", "rb").read())
for sig, flags_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
    at = z.find(sig)
    while at >= 0:
        z[at + flags_at] |= 1
        at = z.find(sig, at + 4)
open(f"{d}/encrypted.zip", "wb").write(bytes(z))
`;
execFileSync('python3', ['-c', MAKE, dir]);

// Made by the zstd command-line tool 1.5.4 (Python has no zstd module before 3.14):
// `zstd -19 customers.csv` (the CSV above) and `tar --zstd -cf data.tar.zst export` (it and notes.txt).
const ZSTD_CUSTOMERS = 'KLUv/SQrWQEAbmFtZSxlbWFpbApKYW5lIERvZSxqYW5lLmRvZUBhY21lLWNvcnAuY29tCr7fhEM=';
const ZSTD_TAR =
  'KLUv/QRY9QUAggkeGoC3DgBbGhOyeT22O1MOVbwmT5TBTc5RhzIZiEO4FkVsKKIkTKFbIUZNPNDjO6I9O8t7BvDGlsAfOe6WofAfqLtFIJRkNS+8LbeaKB0ptWEcB8gOfN4+QoZl/H+p+laETLZmUsu8mRopZt7UnLvbrXZ3MxDfL40HGQCZ3bMHYMMBFIANTKcX6hoDKgEdGpiCQfnyANmNTKCCGZwFDKgbdBjYQ4D5A0QWNEDBUDgAwh+AbLACgGPlMjkBLv5WpEc=';
/** Node 22.15 and later unpack zstd; Node 20 does not (CI runs these tests on both). */
const nodeHasZstd = typeof (zlib as { zstdDecompressSync?: unknown }).zstdDecompressSync === 'function';

describe('archives an agent sends', () => {
  it.each(['customers.csv.gz', 'data.tar.gz', 'data.zip', 'stored.zip', 'nested.zip', 'crm-1.0.0.gem'])('%s: the personal data in it is found and the upload blocked', (file) => {
    const out = scp(file);
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toContain('1 email address');
  });

  it('a file name inside a zip is read too', () => {
    expect(scp('named.zip').stderr).toContain('1 email address');
  });

  it.each(['clean.tar.gz', 'clean.zip', 'clean-1.0.0.gem'])('%s: an archive without personal data is sent', (file) => {
    expect(scp(file)).toMatchObject({ exitCode: 0, stderr: '' });
  });

  // Smaller calls would help only with what is too large, not with what cannot be opened or is nested too deep.
  it.each([
    ['customers.csv.xz', 'an archive it sends is in the xz format, which the hook cannot open', false],
    ['customers.csv.bz2', 'an archive it sends is in the bzip2 format, which the hook cannot open', false],
    ['encrypted.zip', 'a zip archive it sends holds an encrypted file', false],
    ['zeros.gz', 'an archive it sends unpacks to more than the 16 MB the hook reads of a call', true],
    ['cut.gz', 'a gzip file it sends is damaged and cannot be read', false],
    ['deep.gz', 'it sends archives nested more than 3 deep', false],
  ])('%s: what the hook cannot open is blocked when it leaves the machine, saying why', (file, why, smallerCallsHelp) => {
    const out = scp(file);
    expect(out.exitCode).toBe(2);
    expect(out.stderr).toContain(`(fail secure): it could not be inspected whole (${why})`);
    expect(out.stderr.includes('Split the work into smaller calls')).toBe(smallerCallsHelp);
  });

  it('customers.csv.zst and data.tar.zst: opened where Node has zstd (22.15 and later), blocked elsewhere saying which Node opens them', () => {
    fs.writeFileSync(path.join(dir, 'customers.csv.zst'), Buffer.from(ZSTD_CUSTOMERS, 'base64'));
    fs.writeFileSync(path.join(dir, 'data.tar.zst'), Buffer.from(ZSTD_TAR, 'base64'));
    fs.writeFileSync(path.join(dir, 'cut.zst'), Buffer.from(ZSTD_CUSTOMERS, 'base64').subarray(0, 20));
    for (const file of ['customers.csv.zst', 'data.tar.zst']) {
      const out = scp(file);
      expect(out.exitCode, file).toBe(2);
      if (nodeHasZstd) expect(out.stderr).toContain('1 email address');
      else expect(out.stderr).toContain(`(an archive it sends is in the zstd format, which the hook opens on Node 22.15 or later (this is Node ${process.versions.node}))`);
    }
    expect(scp('cut.zst').stderr).toContain(nodeHasZstd ? 'a zstd file it sends is damaged and cannot be read' : 'in the zstd format');
    if (nodeHasZstd) expect(scp('customers.csv.zst', 'backup@localhost').exitCode).toBe(0);
  });

  it('what the hook cannot open is sent when it stays on the machine', () => {
    expect(scp('customers.csv.xz', 'backup@localhost').exitCode).toBe(0);
  });
});

describe('reading an archive', () => {
  it('never throws on damaged bytes: every cut of a real zip and .tar.gz, and random bytes behind each format’s first bytes', () => {
    for (const file of ['data.zip', 'nested.zip', 'data.tar.gz']) {
      const bytes = fs.readFileSync(path.join(dir, file));
      for (let length = 0; length <= bytes.length; length++) {
        const read = archiveText(bytes.subarray(0, length));
        if (read !== null) expect(typeof read.text).toBe('string');
      }
    }
    const magic = fc.constantFrom([0x1f, 0x8b], [0x50, 0x4b, 0x03, 0x04], [0x50, 0x4b, 0x05, 0x06], [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], [0x28, 0xb5, 0x2f, 0xfd]);
    fc.assert(
      fc.property(magic, fc.uint8Array({ maxLength: 2_000 }), (head, tail) => {
        const read = archiveText(Buffer.from([...head, ...tail]));
        expect(read).not.toBeNull();
        expect(read!.unread === null || read!.unread.why.length > 0).toBe(true);
      }),
    );
  });
});
