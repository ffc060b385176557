import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { createKeyFile, readOrCreateKeyFile } from './key-file.ts';

const THREADS = 6;
const ROUNDS = 200;
const KEY_LENGTH = 65_536;

// Each thread, in every round, waits for all the others, then does what a starting process does:
// create the key file unless it exists, and read the key. It reports what it created and read.
const RACER = `
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
const { register } = await import(workerData.tsx);
register();
const { createKeyFile } = await import(workerData.module);
const gate = new Int32Array(workerData.gate);
const mine = String.fromCharCode(97 + workerData.index).repeat(workerData.keyLength);
const seen = [];
for (let round = 0; round < workerData.rounds; round++) {
  const file = path.join(workerData.dir, 'round-' + round, 'key');
  Atomics.add(gate, round, 1);
  Atomics.notify(gate, round);
  for (let arrived; (arrived = Atomics.load(gate, round)) < workerData.threads; ) Atomics.wait(gate, round, arrived, 50);
  const created = fs.existsSync(file) ? false : createKeyFile(file, mine);
  seen.push({ created, read: fs.readFileSync(file, 'utf8') });
}
parentPort.postMessage(seen);
`;

type Seen = { created: boolean; read: string };

function race(dir: string): Promise<Seen[][]> {
  const gate = new SharedArrayBuffer(4 * ROUNDS);
  for (let round = 0; round < ROUNDS; round++) fs.mkdirSync(path.join(dir, `round-${round}`));
  const threads = Array.from({ length: THREADS }, (_, index) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(RACER)}`), {
      workerData: {
        tsx: import.meta.resolve('tsx/esm/api'),
        module: new URL('./key-file.ts', import.meta.url).href,
        gate,
        dir,
        index,
        threads: THREADS,
        rounds: ROUNDS,
        keyLength: KEY_LENGTH,
      },
    });
    return new Promise<Seen[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  });
  return Promise.all(threads);
}

describe('key files', () => {
  it('creates the file with mode 0600 and leaves an existing one as it is', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-key-file-'));
    const file = path.join(dir, 'signing-key.pem');
    expect(createKeyFile(file, 'first\n')).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(createKeyFile(file, 'second\n')).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe('first\n');
    expect(fs.readdirSync(dir)).toEqual(['signing-key.pem']);
  });

  it('creates the key on a file system without hard links, and still never overwrites one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-key-nolink-'));
    const file = path.join(dir, 'data-key');
    // link(2) on such a volume (CIFS without Unix extensions, FAT) answers EPERM.
    const link = vi.spyOn(fs, 'linkSync').mockImplementation(() => {
      throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
    });
    try {
      expect(createKeyFile(file, 'first\n')).toBe(true);
      expect(link).toHaveBeenCalled();
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(createKeyFile(file, 'second\n')).toBe(false);
      expect(fs.readFileSync(file, 'utf8')).toBe('first\n');
      expect(fs.readdirSync(dir)).toEqual(['data-key']);
    } finally {
      link.mockRestore();
    }
  });

  it("removes a key's draft left by a process killed while creating it, and no draft still in use", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-key-drafts-'));
    const file = path.join(dir, 'signing-key.pem');
    // The draft createKeyFile writes, kept as a process killed before removing it would keep it.
    const write = vi.spyOn(fs, 'writeFileSync');
    const remove = vi.spyOn(fs, 'rmSync').mockImplementation(() => {});
    try {
      expect(createKeyFile(file, 'the key\n')).toBe(true);
    } finally {
      remove.mockRestore();
    }
    const written = String(write.mock.calls[0]![0]);
    write.mockRestore();
    expect(fs.readFileSync(written, 'utf8')).toBe('the key\n');
    // Its writer has ended (a process that ran and exited), a minute and more ago.
    const ended = spawnSync(process.execPath, ['-e', '']).pid!;
    const killed = written.replace(`.${process.pid}.`, `.${ended}.`);
    fs.renameSync(written, killed);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    fs.utimesSync(killed, minutesAgo(2), minutesAgo(2));
    // Kept: a draft of a running process (this one), a draft just written, another file's draft.
    const running = `${file}.${process.pid}.${'a'.repeat(16)}.tmp`;
    const recent = `${file}.${ended}.${'b'.repeat(16)}.tmp`;
    const other = path.join(dir, `data.key.${ended}.${'c'.repeat(16)}.tmp`);
    for (const draft of [running, recent, other]) fs.writeFileSync(draft, 'draft\n');
    for (const draft of [running, other]) fs.utimesSync(draft, minutesAgo(2), minutesAgo(2));

    expect(readOrCreateKeyFile(file, () => 'a second key\n')).toBe('the key\n');
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(file), ...[running, recent, other].map((d) => path.basename(d))].sort());
  });

  it('creates the key file once and reads it back after', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-key-read-'));
    const file = path.join(dir, 'data.key');
    expect(readOrCreateKeyFile(file, () => 'first\n')).toBe('first\n');
    expect(readOrCreateKeyFile(file, () => 'second\n')).toBe('first\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('gives processes that start at once one whole key: never an empty or half-written one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-key-race-'));
    const seen = await race(dir);
    for (let round = 0; round < ROUNDS; round++) {
      const inRound = seen.map((thread) => thread[round]!);
      const creators = inRound.filter((s) => s.created);
      expect(creators, `round ${round}: one thread created the key`).toHaveLength(1);
      const key = creators[0]!.read;
      expect(key).toMatch(new RegExp(`^(.)\\1{${KEY_LENGTH - 1}}$`));
      expect(inRound.map((s) => s.read === key)).toEqual(Array(THREADS).fill(true));
      expect(fs.readdirSync(path.join(dir, `round-${round}`))).toEqual(['key']);
    }
  }, 60_000);
});
