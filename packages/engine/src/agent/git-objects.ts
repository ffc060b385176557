// A repository's objects (commits, trees, blobs), read from its files as git keeps them; git is not
// run. An object is loose, one zlib stream at `objects/<2 hex>/<38 hex>` where git first writes
// it, or in a pack (`objects/pack/pack-*.pack`) once `git gc`, a clone or a fetch has packed it:
// found through the pack's index (version 2, searched on disk, not read whole), stored whole or as a
// delta on another object of the pack (by its offset, or by its name), the delta applied to its
// base. A repository may borrow objects from others (`git clone --shared` or `--reference`): the
// object folders its `objects/info/alternates` names are read as its own, theirs in turn, as git
// does. Bounded: an object larger than the reader's limit is TOO_LARGE, and a delta chain past
// MAX_DELTA_DEPTH is not read (git packs chains at most 50 deep unless told otherwise).
import fs from 'node:fs';
import path from 'node:path';

/** An object: its type (`commit`, `tree`, `blob`, `tag`) and body. */
export type GitObject = { type: string; body: Buffer };

/** An object larger than the reader's limit. */
export const TOO_LARGE = 'too large';

/** The longest chain of deltas followed to an object's base. */
const MAX_DELTA_DEPTH = 1_000;

/** The types of a pack's entries (git's `enum object_type`): four kinds of object and two kinds of delta. */
const PACKED_TYPES = ['', 'commit', 'tree', 'blob', 'tag', '', 'ofs-delta', 'ref-delta'];

/** The bytes of objects deltas were applied to, kept while a store is open, so that deltas on one base inflate it once. */
const MAX_CACHED_BYTES = 32 * 1_048_576;

/** How deep git follows alternates of alternates, and the most object folders read for one repository. */
const MAX_ALTERNATE_DEPTH = 5;
const MAX_OBJECT_FOLDERS = 16;

/** A pack: its index's and data's open files, and how many objects it holds. */
type Pack = { index: number; data: number; dataSize: number; count: number };

/** One repository's objects (its common git folder's `objects/`), read up to `maxBytes` an object; close() when done. */
export class ObjectStore {
  private folders: string[] | null = null;
  private packs: Pack[] | null = null;
  private readonly cache = new Map<string, GitObject>();
  private cachedBytes = 0;

  constructor(
    private readonly objects: string,
    private readonly maxBytes: number,
  ) {}

  /** The object `sha` names: loose, else packed; null when it is in neither (or cannot be read), TOO_LARGE past the limit. */
  read(sha: string): GitObject | null | typeof TOO_LARGE {
    return this.find(sha, 0);
  }

  /** The object if it is of `type`, else null (not there, another type, too large). */
  readOf(sha: string, type: string): Buffer | null {
    const object = this.read(sha);
    return object !== null && object !== TOO_LARGE && object.type === type ? object.body : null;
  }

  /** The one object whose name starts with `prefix` (4 to 40 hex digits, as git abbreviates), or null for none or several. */
  expand(prefix: string): string | null {
    if (!/^[0-9a-f]{4,40}$/.test(prefix)) return null;
    const found = new Set<string>();
    for (const folder of this.objectFolders()) {
      try {
        for (const name of fs.readdirSync(path.join(folder, prefix.slice(0, 2)))) if ((prefix.slice(0, 2) + name).startsWith(prefix)) found.add(prefix.slice(0, 2) + name);
      } catch {
        // No loose object starts so.
      }
    }
    for (const pack of this.openPacks()) {
      try {
        for (const name of namesIn(pack, prefix, 2)) found.add(name);
      } catch {
        // A pack cut short or damaged: what it holds is not read.
      }
    }
    return found.size === 1 ? [...found][0]! : null;
  }

  close(): void {
    for (const pack of this.packs ?? []) {
      fs.closeSync(pack.index);
      fs.closeSync(pack.data);
    }
    this.packs = [];
  }

  /** The repository's object folder and those it borrows from (`info/alternates`, paths relative to the folder naming them), each once. */
  private objectFolders(): string[] {
    if (this.folders !== null) return this.folders;
    const folders = [{ folder: path.resolve(this.objects), depth: 0 }];
    for (let k = 0; k < folders.length; k++) {
      const { folder, depth } = folders[k]!;
      if (depth === MAX_ALTERNATE_DEPTH) continue;
      let listed = '';
      try {
        listed = fs.readFileSync(path.join(folder, 'info', 'alternates'), 'utf8');
      } catch {
        // Borrows nothing.
      }
      for (const line of listed.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'))) {
        const alternate = path.resolve(folder, line.trim());
        if (folders.length < MAX_OBJECT_FOLDERS && !folders.some((known) => known.folder === alternate)) folders.push({ folder: alternate, depth: depth + 1 });
      }
    }
    this.folders = folders.map((known) => known.folder);
    return this.folders;
  }

  private loose(sha: string): GitObject | null | typeof TOO_LARGE {
    for (const folder of this.objectFolders()) {
      let data: Buffer;
      try {
        data = process.getBuiltinModule('node:zlib').inflateSync(fs.readFileSync(path.join(folder, sha.slice(0, 2), sha.slice(2))), { maxOutputLength: this.maxBytes + 64 });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return TOO_LARGE;
        continue;
      }
      const nul = data.indexOf(0);
      const header = data.subarray(0, nul).toString('latin1');
      return { type: header.slice(0, header.indexOf(' ')), body: data.subarray(nul + 1) };
    }
    return null;
  }

  /** An object, `depth` deltas down from the one asked for (a delta's base named by its name). */
  private find(sha: string, depth: number): GitObject | null | typeof TOO_LARGE {
    const loose = this.loose(sha);
    if (loose !== null) return loose;
    const name = Buffer.from(sha, 'hex');
    if (name.length !== 20) return null;
    for (const pack of this.openPacks()) {
      try {
        const offset = offsetIn(pack, name);
        if (offset !== null) return this.entryAt(pack, offset, depth);
      } catch {
        // A pack cut short or damaged: what it holds is not read.
      }
    }
    return null;
  }

  /** The packs with an index of version 2 of the repository and those it borrows from, opened on first use. */
  private openPacks(): Pack[] {
    if (this.packs !== null) return this.packs;
    this.packs = [];
    for (const objects of this.objectFolders()) this.openPacksIn(path.join(objects, 'pack'));
    return this.packs;
  }

  private openPacksIn(folder: string): void {
    let names: string[] = [];
    try {
      names = fs.readdirSync(folder).filter((name) => /^pack-[0-9a-f]+\.idx$/.test(name));
    } catch {
      return;
    }
    for (const name of names) {
      let index: number | null = null;
      try {
        index = fs.openSync(path.join(folder, name), 'r');
        const header = readAt(index, 0, 8 + 256 * 4);
        if (header.length < 8 + 256 * 4 || header.readUInt32BE(0) !== 0xff744f63 || header.readUInt32BE(4) !== 2) throw new Error('not a version 2 pack index');
        const data = fs.openSync(path.join(folder, name.replace(/\.idx$/, '.pack')), 'r');
        this.packs!.push({ index, data, dataSize: fs.fstatSync(data).size, count: header.readUInt32BE(8 + 255 * 4) });
      } catch {
        // A pack being written, or an index of another version: its objects are not read.
        if (index !== null) fs.closeSync(index);
      }
    }
  }

  /** The object stored at `offset` of a pack: whole, or its chain of deltas applied to their base. */
  private entryAt(pack: Pack, offset: number, depth: number): GitObject | null | typeof TOO_LARGE {
    // The deltas down to the first entry that is stored whole or kept, and where each is.
    const deltas: Array<{ at: number; delta: Buffer }> = [];
    let base: GitObject | null = null;
    for (let at = offset; base === null; ) {
      if (depth + deltas.length > MAX_DELTA_DEPTH) return null;
      base = this.kept(`${pack.data}:${at}`);
      if (base !== null) break;
      const entry = entryHeader(pack, at);
      if (entry === null) return null;
      if (entry.size > this.maxBytes + 64) return TOO_LARGE;
      const body = inflated(pack, entry.dataAt, entry.size);
      if (body === null) return null;
      if (entry.type === 'ofs-delta' || entry.type === 'ref-delta') {
        deltas.push({ at, delta: body });
        if (entry.baseOffset !== null) at = entry.baseOffset;
        else {
          const other = this.find(entry.baseName!, depth + deltas.length);
          if (other === null || other === TOO_LARGE) return other;
          base = other;
        }
      } else {
        base = { type: entry.type, body };
        if (deltas.length > 0) this.keep(`${pack.data}:${at}`, base);
      }
    }
    let body = base.body;
    for (let k = deltas.length - 1; k >= 0; k--) {
      const target = applyDelta(body, deltas[k]!.delta, this.maxBytes + 64);
      if (target === null || target === TOO_LARGE) return target;
      body = target;
      // Versions of a file are deltas on one another: the next one read is likely a delta on this.
      if (k > 0) this.keep(`${pack.data}:${deltas[k]!.at}`, { type: base.type, body });
    }
    return { type: base.type, body };
  }

  /** A kept object, now the most recently used. */
  private kept(key: string): GitObject | null {
    const object = this.cache.get(key);
    if (object === undefined) return null;
    this.cache.delete(key);
    this.cache.set(key, object);
    return object;
  }

  /** Keeps an object that deltas were applied to, the least recently used let go past MAX_CACHED_BYTES in all. */
  private keep(key: string, object: GitObject): void {
    if (object.body.length > MAX_CACHED_BYTES / 4 || this.cache.has(key)) return;
    this.cache.set(key, object);
    this.cachedBytes += object.body.length;
    for (const [oldest, { body }] of this.cache) {
      if (this.cachedBytes <= MAX_CACHED_BYTES) break;
      this.cache.delete(oldest);
      this.cachedBytes -= body.length;
    }
  }
}

/** `length` bytes of an open file from `position` (fewer at its end). */
function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  return buffer.subarray(0, fs.readSync(fd, buffer, 0, length, position));
}

/** Where a pack's index lists its sorted names (after the header and the fan-out table). */
const NAMES_AT = 8 + 256 * 4;

/**
 * The place in a pack's index of the first name at or after `name` (20 bytes), and the end of
 * the names that share its first byte: a binary search between the fan-out table's bounds.
 */
function firstAtOrAfter(pack: Pack, name: Buffer): { at: number; end: number } {
  const bounds = readAt(pack.index, 8 + Math.max(0, name[0]! - 1) * 4, 8);
  let low = Math.min(name[0] === 0 ? 0 : bounds.readUInt32BE(0), pack.count);
  const end = Math.min(bounds.readUInt32BE(name[0] === 0 ? 0 : 4), pack.count);
  for (let high = end; low < high; ) {
    const middle = Math.floor((low + high) / 2);
    if (Buffer.compare(readAt(pack.index, NAMES_AT + middle * 20, 20), name) < 0) low = middle + 1;
    else high = middle;
  }
  return { at: low, end };
}

/** Where a pack holds the object named by these 20 bytes, or null where it holds none. */
function offsetIn(pack: Pack, name: Buffer): number | null {
  const { at, end } = firstAtOrAfter(pack, name);
  if (at >= end || !readAt(pack.index, NAMES_AT + at * 20, 20).equals(name)) return null;
  // After the names, a CRC-32 each, then a 4-byte offset each: past 2 GiB, an index into 8-byte offsets.
  const offsetsAt = NAMES_AT + pack.count * 24;
  const small = readAt(pack.index, offsetsAt + at * 4, 4).readUInt32BE(0);
  if ((small & 0x80000000) === 0) return small;
  return Number(readAt(pack.index, offsetsAt + pack.count * 4 + (small & 0x7fffffff) * 8, 8).readBigUInt64BE(0));
}

/** Up to `most` names in a pack's index that start with `prefix` (hex). */
function namesIn(pack: Pack, prefix: string, most: number): string[] {
  const { at, end } = firstAtOrAfter(pack, Buffer.from(prefix.padEnd(40, '0'), 'hex'));
  const names: string[] = [];
  for (let k = at; k < Math.min(end, at + most); k++) {
    const name = readAt(pack.index, NAMES_AT + k * 20, 20).toString('hex');
    if (!name.startsWith(prefix)) break;
    names.push(name);
  }
  return names;
}

/** A pack entry's header: its type, its inflated size, where its zlib data starts, and a delta's base (offset or name). */
function entryHeader(pack: Pack, offset: number): { type: string; size: number; dataAt: number; baseOffset: number | null; baseName: string | null } | null {
  const header = readAt(pack.data, offset, 32);
  let at = 0;
  let byte = header[at++] ?? 0;
  const type = PACKED_TYPES[(byte >> 4) & 7] ?? '';
  let size = byte & 0x0f;
  for (let shift = 4; byte & 0x80 && at < header.length; shift += 7) {
    byte = header[at++]!;
    size += (byte & 0x7f) * 2 ** shift;
  }
  if (type === '') return null;
  let baseOffset: number | null = null;
  let baseName: string | null = null;
  if (type === 'ofs-delta') {
    byte = header[at++] ?? 0;
    let back = byte & 0x7f;
    while (byte & 0x80 && at < header.length) {
      byte = header[at++]!;
      back = (back + 1) * 128 + (byte & 0x7f);
    }
    if (back <= 0 || back > offset) return null;
    baseOffset = offset - back;
  } else if (type === 'ref-delta') {
    if (at + 20 > header.length) return null;
    baseName = header.toString('hex', at, at + 20);
    at += 20;
  }
  return { type, size, dataAt: offset + at, baseOffset, baseName };
}

/** An entry's zlib data inflated, which must come to `size` bytes; null when it does not. */
function inflated(pack: Pack, at: number, size: number): Buffer | null {
  // zlib never makes data more than a little larger than it was; what follows the stream is ignored.
  const compressed = readAt(pack.data, at, Math.min(size + (size >> 8) + 64, Math.max(0, pack.dataSize - at)));
  try {
    const body = process.getBuiltinModule('node:zlib').inflateSync(compressed, { maxOutputLength: Math.max(size, 1) });
    return body.length === size ? body : null;
  } catch {
    return null;
  }
}

/** A delta (git's format: the base's size, the result's, then copies from the base and inserted bytes) applied to its base; null when it does not fit the base, TOO_LARGE past `max`. */
function applyDelta(base: Buffer, delta: Buffer, max: number): Buffer | null | typeof TOO_LARGE {
  let at = 0;
  const size = (): number => {
    let value = 0;
    let byte: number;
    let shift = 0;
    do {
      byte = delta[at++] ?? 0;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && at < delta.length);
    return value;
  };
  if (size() !== base.length) return null;
  const targetSize = size();
  if (targetSize > max) return TOO_LARGE;
  const target = Buffer.alloc(targetSize);
  let written = 0;
  while (at < delta.length) {
    const op = delta[at++]!;
    if (op & 0x80) {
      // Copy: up to 4 bytes of offset and 3 of length, each present when its bit is set; a length of 0 is 64 KiB.
      let from = 0;
      let length = 0;
      for (let k = 0; k < 4; k++) if (op & (1 << k)) from += (delta[at++] ?? 0) * 2 ** (8 * k);
      for (let k = 0; k < 3; k++) if (op & (0x10 << k)) length += (delta[at++] ?? 0) * 2 ** (8 * k);
      if (length === 0) length = 0x10000;
      if (from + length > base.length || written + length > targetSize) return null;
      base.copy(target, written, from, from + length);
      written += length;
    } else if (op > 0) {
      if (at + op > delta.length || written + op > targetSize) return null;
      delta.copy(target, written, at, at + op);
      at += op;
      written += op;
    } else return null;
  }
  return written === targetSize ? target : null;
}
