import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFolder } from './make-folder.ts';

describe('makeFolder', () => {
  it('makes a folder and its missing parents with the mode asked, and leaves an existing one', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-make-folder-'));
    const dir = path.join(root, 'a', 'b', 'c');
    makeFolder(dir, 0o700);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(fs.statSync(path.join(root, 'a')).mode & 0o777).toBe(0o700);
    expect(() => makeFolder(dir, 0o700)).not.toThrow();
  });

  it('fails, naming the folder, where one cannot be made (Node’s own recursive mkdir never returns under /proc)', () => {
    expect(() => makeFolder('/proc/bytebound-no-such/audit', 0o700)).toThrow('cannot create the folder /proc/bytebound-no-such');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bb-make-folder-')), 'file');
    fs.writeFileSync(file, '');
    expect(() => makeFolder(path.join(file, 'sub'))).toThrow(`cannot create the folder ${file}/sub: ENOTDIR`);
  });
});
