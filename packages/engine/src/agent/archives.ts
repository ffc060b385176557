// What an archive an outbound command sends holds. gzip (and so .tgz and .tar.gz), zip, tar (a
// RubyGems .gem is one, holding data.tar.gz) and, on Node 22.15 or later, zstd (.zst, .tar.zst) are
// opened and their files read like any other file,
// within the hook’s bounds: MAX_SENT_FILE_BYTES unpacked in all, MAX_ARCHIVE_NESTING archives deep.
// An archive the hook cannot open (bzip2, xz, 7z and rar, zstd on an older Node, an encrypted zip
// entry, a damaged archive, one that unpacks past the bound) is noted as unread, so that sending it
// to a remote host blocks, as a file too large to read does.
import type zlib from 'node:zlib';
import { MAX_ARCHIVE_NESTING, MAX_SENT_FILE_BYTES } from './config.ts';
import type { Reason } from './unread.ts';

type Unpack = (data: Buffer, options: zlib.ZlibOptions) => Buffer;

// zlib is loaded only when an archive is sent: loading it costs every hook run about 2 ms.
const inflate = {
  gzip: (data: Buffer, options: zlib.ZlibOptions) => process.getBuiltinModule('node:zlib').gunzipSync(data, options),
  raw: (data: Buffer, options: zlib.ZlibOptions) => process.getBuiltinModule('node:zlib').inflateRawSync(data, options),
  /** zstd's decompressor, in zlib from Node 22.15 (undefined on Node 20). */
  zstd: (): Unpack | undefined => (process.getBuiltinModule('node:zlib') as { zstdDecompressSync?: Unpack }).zstdDecompressSync,
};

/** The text an archive's files hold (their names too), and why part of it was not read (null when all was). */
export type ArchiveText = { text: string; unread: Reason | null };

/** A reason the call's form gave, which smaller calls would not change. */
const form = (why: string): Reason => ({ why, tooMuch: false });

const GZIP = [0x1f, 0x8b];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const ZSTD = [0x28, 0xb5, 0x2f, 0xfd];

/** Compressed formats Node cannot unpack: recognised by their first bytes. */
const UNOPENED: [magic: number[], name: string][] = [
  [[0x42, 0x5a, 0x68], 'bzip2'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'xz'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], '7z'],
  [[0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], 'rar'],
];

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;

/** Bytes still allowed to be read, shared by the files of one call, an archive and the archives inside it. */
export type Budget = { left: number };

const startsWith = (bytes: Uint8Array, magic: readonly number[]): boolean => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * The text of an archive's files, what they unpack to taken from `budget`; null when `bytes` are not
 * an archive (the caller reads them as text).
 */
export function archiveText(bytes: Buffer, budget: Budget = { left: MAX_SENT_FILE_BYTES }): ArchiveText | null {
  return opened(bytes, 0, budget);
}

function opened(bytes: Buffer, depth: number, budget: Budget): ArchiveText | null {
  const unopened = UNOPENED.find(([magic]) => startsWith(bytes, magic));
  if (unopened) return { text: '', unread: form(`an archive it sends is in the ${unopened[1]} format, which the hook cannot open`) };
  const gzip = startsWith(bytes, GZIP);
  const zstd = startsWith(bytes, ZSTD);
  const tar = isTar(bytes);
  if (!gzip && !zstd && !tar && !startsWith(bytes, ZIP) && !startsWith(bytes, EMPTY_ZIP)) return null;
  if (depth >= MAX_ARCHIVE_NESTING) return { text: '', unread: form(`it sends archives nested more than ${MAX_ARCHIVE_NESTING} deep`) };
  if (gzip) return decompressed(inflate.gzip, 'gzip', bytes, depth, budget);
  if (tar) return untarred(bytes, depth, budget);
  if (!zstd) return unzipped(bytes, depth, budget);
  const unzstd = inflate.zstd();
  if (!unzstd) return { text: '', unread: form(`an archive it sends is in the zstd format, which the hook opens on Node 22.15 or later (this is Node ${process.versions.node})`) };
  return decompressed(unzstd, 'zstd', bytes, depth, budget);
}

/** A file's unpacked bytes as text: opened again if they are an archive themselves. */
function contentText(content: Buffer, depth: number, budget: Budget): ArchiveText {
  return opened(content, depth + 1, budget) ?? { text: content.toString('utf8'), unread: null };
}

const TOO_LARGE: Reason = { why: `an archive it sends unpacks to more than the ${MAX_SENT_FILE_BYTES / 1_048_576} MB the hook reads of a call`, tooMuch: true };

/** Unpacks (with zlib, or as it is for a stored zip entry) within the budget; undefined past it, null when the data does not unpack. */
function unpacked(unpack: Unpack, data: Buffer, budget: Budget): Buffer | undefined | null {
  try {
    const content = unpack(data, { maxOutputLength: budget.left + 1 });
    if (content.length > budget.left) return undefined;
    budget.left -= content.length;
    return content;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? undefined : null;
  }
}

/** A compressed file (gzip, zstd): one file's bytes, read as text or opened again. */
function decompressed(unpack: Unpack, format: string, bytes: Buffer, depth: number, budget: Budget): ArchiveText {
  const content = unpacked(unpack, bytes, budget);
  if (content === undefined) return { text: '', unread: TOO_LARGE };
  if (content === null) return { text: '', unread: form(`a ${format} file it sends is damaged and cannot be read`) };
  return contentText(content, depth, budget);
}

function unzipped(bytes: Buffer, depth: number, budget: Budget): ArchiveText {
  const texts: string[] = [];
  // What was read up to a file that cannot be, and why.
  const stop = (unread: Reason | null): ArchiveText => ({ text: texts.join('\n'), unread });
  const damaged = form('a zip archive it sends is damaged and cannot be read');
  const end = endOfCentralDirectory(bytes);
  if (end < 0) return stop(damaged);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) return stop(form('a ZIP64 archive it sends cannot be opened by the hook'));
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_HEADER) return stop(damaged);
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    // A file's name can be the data (jane.doe@acme-corp.com/cv.pdf): it is read with what the file holds.
    const name = bytes.toString('utf8', at + 46, Math.min(bytes.length, at + 46 + nameLength));
    texts.push(name);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (name.endsWith('/')) continue;
    if ((flags & 1) !== 0) return stop(form('a zip archive it sends holds an encrypted file'));
    if (method !== STORED && method !== DEFLATED) return stop(form(`a zip archive it sends holds a file compressed with a method the hook cannot read (${method})`));
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_HEADER) return stop(damaged);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + size > bytes.length) return stop(damaged);
    const data = bytes.subarray(start, start + size);
    const content = unpacked(method === STORED ? (stored) => stored : inflate.raw, data, budget);
    if (content === undefined) return stop(TOO_LARGE);
    if (content === null) return stop(damaged);
    const inner = contentText(content, depth, budget);
    texts.push(inner.text);
    if (inner.unread !== null) return stop(inner.unread);
  }
  return stop(null);
}

/** Whether bytes start with a tar header: a POSIX (`ustar\0`) or GNU (`ustar  `) magic where a header keeps it. */
function isTar(bytes: Buffer): boolean {
  return bytes.length >= 512 && bytes.toString('latin1', 257, 262) === 'ustar';
}

/** A tar archive's files (their names too), each read as text or opened again; its headers' fields are octal. */
function untarred(bytes: Buffer, depth: number, budget: Budget): ArchiveText {
  const texts: string[] = [];
  for (let at = 0; at + 512 <= bytes.length; ) {
    const header = bytes.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number) => header.toString('latin1', start, start + length).replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0 || at + 512 + size > bytes.length) return { text: texts.join('\n'), unread: form('a tar archive it sends is damaged and cannot be read') };
    const name = `${field(345, 155)}${field(345, 155) ? '/' : ''}${field(0, 100)}`;
    texts.push(name);
    const type = field(156, 1);
    // Regular files ('0', or NUL in old archives); links, folders and extended headers hold no file's data.
    if (type === '0' || type === '') {
      const inner = contentText(bytes.subarray(at + 512, at + 512 + size), depth, budget);
      texts.push(inner.text);
      if (inner.unread !== null) return { text: texts.join('\n'), unread: inner.unread };
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return { text: texts.join('\n'), unread: null };
}

/** Where the end-of-central-directory record starts (it ends the file, after a comment of at most 65,535 bytes); -1 when there is none. */
function endOfCentralDirectory(bytes: Buffer): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}
