// The local files an outbound command names, read the way the shell would find them: a path, a
// glob (`*.csv`, `report-?.csv`, `[ab].csv`, `[[:digit:]]*.log`) or a brace list
// (`customers.{csv,json}`), each file read once per tool call and only up to the hook's bounds. A
// folder (`scp -r exports host:`, `tar czf - exports`) is read as the files in it, at any depth.
// What cannot be read whole is said in `uninspected`, so that the call is blocked, not passed.
import fs from 'node:fs';
import path from 'node:path';
import { archiveText, type Budget } from './archives.ts';
import { MAX_FOLDER_ENTRIES, MAX_GLOB_FILES, MAX_SENT_FILE_BYTES, MAX_WRITTEN_CHAIN } from './config.ts';
import { localPath } from './own-files.ts';
import { type Reason, Unread } from './unread.ts';

/** Characters that make a word a glob the shell expands. */
const GLOB = /[*?[]/;
/**
 * How many name patterns (splits) a call's files follow: each file read looks at each, so they are
 * bounded; a split past them has only its first names followed.
 */
const MAX_PART_FAMILIES = 64;
/** The longest path and the longest name a file can have (Linux's PATH_MAX and NAME_MAX): a longer word names no file. */
const MAX_PATH = 4096;
const MAX_NAME = 255;

/**
 * What a folder sent whole is read without: installed packages (as scripts there are not the agent's)
 * and a repository's history, whose objects are compressed (its working tree is read).
 */
/** Which files and folders (full paths) a folder read whole leaves out: what `npm publish` does not pack. */
export type Skip = (full: string, folder: boolean) => boolean;
/** Files that list a work's own people (its code owners, authors, maintainers, the names git maps): published with the work, not read as data. */
const WORK_PEOPLE_FILES = /^(?:CODEOWNERS|OWNERS|\.mailmap|(?:AUTHORS|CONTRIBUTORS|MAINTAINERS)(?:\.(?:md|txt|rst))?)$/;
const NOT_READ_IN_FOLDERS = new Set(['.git', 'node_modules', 'site-packages', 'dist-packages']);

/**
 * A file that is a descriptor of the process opening it (`< /dev/stdin`, `/dev/fd/3`,
 * `/proc/self/fd/0`): here it would be the hook's own, not the command's, and is not read.
 */
const OWN_DESCRIPTOR = /^\/(?:dev\/(?:std(?:in|out|err)|fd\/\d+)|proc\/self\/fd\/\d+)$/;

/** Why a call naming files is not inspected where they are not on this machine (the hosted MCP endpoint). */
const FILES_ELSEWHERE = 'it names files on the agent’s machine, which this server does not read: ask the hook or `bytebound mcp` running there';

/**
 * The files one tool call reads: each once, and past MAX_SENT_FILE_BYTES in all, no more (the call
 * is blocked as too large to inspect). Where the call was made on another machine (`onThisMachine`
 * false: the hosted MCP endpoint), no file is read, no folder looked at, and naming one leaves the
 * call uninspected: this machine's files are not the agent's, and reading them would tell a caller
 * what the server's own files hold.
 */
export class LocalFiles {
  constructor(readonly onThisMachine = true) {}

  /** Each file's text, and what about it was left unread (said again each time the file is named). */
  private readonly texts = new Map<string, { text: string; unread: Reason | null }>();
  private readonly folders = new Map<string, string[]>();
  /** Each glob's matches, and how many paths the call's globs have matched in all (bounded like one glob's). */
  private readonly globs = new Map<string, string[]>();
  private globbed = 0;
  /** Names the call's brace lists added beyond the words as written (bounded like a glob's matches). */
  private braced = 0;
  /** Each folder sent whole: its files, or null past the bound; and the entries looked at in all. */
  private readonly walks = new Map<string, string[] | null>();
  private walked = 0;
  /** Which files are text (isText). */
  private readonly textFiles = new Map<string, boolean>();
  /** When each file was last handed out, counting the reads of the call (see `mark` and `readSince`). */
  private readonly lastRead = new Map<string, number>();
  private reads = 0;

  /** A point in the call's reads: `readSince` gives the files handed out after it. */
  mark(): number {
    return this.reads;
  }

  /** The files (full paths) handed out since `mark`, with the text they were handed out as. */
  readSince(mark: number): { full: string; text: string }[] {
    const files: { full: string; text: string }[] = [];
    for (const [full, at] of this.lastRead) {
      if (at <= mark) continue;
      const written = (this.written.get(full) ?? []).map((w) => w.text ?? '');
      files.push({ full, text: [this.texts.get(full)?.text ?? '', ...written].join('\n') });
    }
    return files;
  }
  /** Bytes the call may still read, an archive's unpacked. */
  private readonly budget: Budget = { left: MAX_SENT_FILE_BYTES };
  /** Characters of file text handed out, a file counted each time it is named (`cat big big big |`). */
  private handedOut = 0;
  /** What the call's command line writes into files (`cat > p.json <<EOF`, `| tee p.json`, `cp a b`), by full path. */
  private readonly written = new Map<string, Written[]>();
  /** Files written by name pattern (a split's parts past its first names): the path they start with, what may follow it, and the write. */
  private readonly families: { start: string; isSuffix: (rest: string) => boolean; write: Written }[] = [];
  /** Characters of `written` made so far, bounded like the files a call sends (`cat a a a > b; cat b b b > c` grows fast). */
  private writtenChars = 0;
  /** How many writes are being made, one inside another (`cat a > b; cat b > c`: c's is made reading b's). */
  private makingDepth = 0;

  /**
   * Notes that the command line writes into the file `word` names from `cwd` what `make` returns
   * (made only if the file is read; what making it leaves unread goes in its argument). The file is
   * then read as what it holds now and what the line writes into it, in whatever order the line does
   * both: the hook reads a command, it does not run it.
   */
  write(word: string, cwd: string, make: (unread: Unread) => string): void {
    this.writeEach([word], cwd, make);
  }

  /**
   * Notes that the command line writes into each of the files `words` name the same text, made once
   * and counted once (the parts of a `split`, each taken to hold all of its input), and into any other
   * file whose name is `more.prefix` and then a name `more.isSuffix` takes (a split's later parts).
   */
  writeEach(words: readonly string[], cwd: string, make: (unread: Unread) => string, more?: { prefix: string; isSuffix: (rest: string) => boolean }): void {
    const write: Written = { make, unread: new Unread() };
    for (const word of words) if (word.length <= MAX_PATH && !GLOB.test(word)) this.noteWritten(localPath(word, cwd), write);
    // Resolved with a character after it, so that a prefix ending in `/` (`out/`) keeps its slash.
    if (more && more.prefix.length <= MAX_PATH && this.families.length < MAX_PART_FAMILIES) this.families.push({ start: localPath(`${more.prefix}_`, cwd).slice(0, -1), isSuffix: more.isSuffix, write });
    // A glob matched, or a folder walked, before the file was written may hold it now.
    this.globs.clear();
    this.walks.clear();
  }

  /**
   * Notes that the command line writes into `folder` files whose names are not known here, each
   * taken to hold what `make` returns (`kustomize build -o out/` writes one for each object it
   * builds). The folder is read as holding them as one file, named `files` in it (`*.yaml`: the name
   * a message gives), and any file under it as one of them.
   */
  writeInto(folder: string, cwd: string, files: string, make: (unread: Unread) => string): void {
    if (folder.length + files.length >= MAX_PATH) return;
    const full = localPath(folder, cwd);
    const write: Written = { make, unread: new Unread() };
    this.noteWritten(path.join(full, files), write);
    if (this.families.length < MAX_PART_FAMILIES) this.families.push({ start: `${full}/`, isSuffix: () => true, write });
    this.globs.clear();
    this.walks.clear();
  }

  private noteWritten(full: string, write: Written): void {
    this.written.set(full, [...(this.written.get(full) ?? []), write]);
  }

  /**
   * The text of the files `word` names from `cwd`; what is left unread is noted in `uninspected`.
   * With `folders`, a folder it names is read as the files in it (for a command that sends or packs
   * folders whole: `scp -r`, `rsync`, `tar`), less the files `skip` leaves out (what `npm publish`
   * does not pack); without, a folder holds no text.
   */
  read(word: string, cwd: string, uninspected: Unread, { folders = false, skip }: { folders?: boolean; skip?: Skip } = {}): string {
    if (!this.onThisMachine) {
      // Only what the command line itself writes into a file is known here.
      uninspected.add(FILES_ELSEWHERE);
      return word.length > MAX_PATH ? '' : this.writtenInto(localPath(word, cwd), uninspected);
    }
    if (word.length > MAX_PATH || OWN_DESCRIPTOR.test(word)) return '';
    if (this.braced > MAX_GLOB_FILES && word.includes('{')) {
      uninspected.add(`its brace lists name more than ${MAX_GLOB_FILES} files`, true);
      return '';
    }
    const paths = this.paths(word, cwd, uninspected).flatMap((full) => (folders && this.holdsFiles(full) ? this.filesUnder(full, uninspected, skip) : [full]));
    return paths.map((full) => this.file(full, uninspected)).join('\n');
  }

  /** True when `full` is a folder here, or one the command line writes files into (`mkdir out; cp a.csv out/`). */
  private holdsFiles(full: string): boolean {
    if (this.isFolder(full)) return true;
    const within = `${full}/`;
    for (const written of this.written.keys()) if (written.startsWith(within)) return true;
    return false;
  }

  /**
   * The files in a folder and in the folders in it, without NOT_READ_IN_FOLDERS: at most
   * MAX_FOLDER_ENTRIES entries for the call, past which none is read and the call is blocked as too
   * large. A folder a link leads back to is read once.
   */
  private filesUnder(top: string, uninspected: Unread, skip?: Skip): string[] {
    let files = skip ? this.walk(top, skip) : this.walks.get(top);
    if (files === undefined) {
      files = this.walk(top);
      this.walks.set(top, files);
    }
    if (files === null) uninspected.add(`a folder it sends holds more than ${MAX_FOLDER_ENTRIES.toLocaleString('en-US')} files and folders`, true);
    return files ?? [];
  }

  private walk(top: string, skip?: Skip): string[] | null {
    const files: string[] = [];
    const pending = [top];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const dir = pending.pop()!;
      const real = realPath(dir);
      if (seen.has(real)) continue;
      seen.add(real);
      for (const name of this.entries(dir)) {
        if (NOT_READ_IN_FOLDERS.has(name)) continue;
        const full = path.join(dir, name);
        const folder = this.holdsFiles(full);
        if (skip?.(full, folder)) continue;
        if (++this.walked > MAX_FOLDER_ENTRIES) return null;
        if (folder) pending.push(full);
        else files.push(full);
      }
    }
    return files;
  }

  private paths(word: string, cwd: string, uninspected: Unread): string[] {
    const words = braceExpanded(word);
    this.braced += words.length - 1;
    if (words.length > MAX_GLOB_FILES) {
      uninspected.add(`a file name it sends expands to more than ${MAX_GLOB_FILES} names`, true);
      return [];
    }
    const paths: string[] = [];
    for (const w of words) {
      const full = localPath(w, cwd);
      // A glob that matches nothing is left as written, as the shell leaves it.
      const matched = GLOB.test(w) ? this.glob(full, uninspected) : [];
      paths.push(...(matched.length > 0 ? matched : [full]));
      if (paths.length > MAX_GLOB_FILES) {
        uninspected.add(`a glob it sends matches more than ${MAX_GLOB_FILES} files`, true);
        return [];
      }
    }
    return paths;
  }

  private glob(pattern: string, uninspected: Unread): string[] {
    let matched = this.globs.get(pattern);
    if (matched === undefined) {
      matched = this.globbed > MAX_GLOB_FILES ? [] : this.globMatches(pattern, uninspected);
      this.globbed += matched.length;
      this.globs.set(pattern, matched);
    }
    if (this.globbed > MAX_GLOB_FILES) {
      uninspected.add(`its globs match more than ${MAX_GLOB_FILES} files`, true);
      return [];
    }
    return matched;
  }

  /** The paths a glob matches: each segment's pattern against the folder's entries, a leading dot matched only by a dot. */
  private globMatches(pattern: string, uninspected: Unread): string[] {
    let paths = ['/'];
    for (const segment of pattern.split('/').filter(Boolean)) {
      if (segment.length > MAX_NAME) return [];
      if (!GLOB.test(segment)) {
        paths = paths.map((p) => `${p === '/' ? '' : p}/${segment}`);
        continue;
      }
      const matches = globMatcher(segment);
      paths = paths.flatMap((dir) =>
        this.entries(dir)
          .filter((name) => matches(name) && (!name.startsWith('.') || segment.startsWith('.')))
          .map((name) => `${dir === '/' ? '' : dir}/${name}`),
      );
      if (paths.length > MAX_GLOB_FILES) {
        uninspected.add(`a glob it sends matches more than ${MAX_GLOB_FILES} files`, true);
        return [];
      }
    }
    return paths;
  }

  /** True when `dir` is a folder (a cd into anything else fails, and the shell stays where it was). */
  isFolder(dir: string): boolean {
    if (!this.onThisMachine) return false;
    try {
      return fs.statSync(dir).isDirectory();
    } catch {
      return false;
    }
  }

  /** True when `file` is text a program runs (its first 512 bytes hold no NUL): a script, not a binary, which is not read. Looked at once per call; a file the command line writes is text. */
  isText(file: string): boolean {
    if (this.written.has(file)) return true;
    let text = this.textFiles.get(file);
    if (text === undefined) {
      text = this.onThisMachine && startsAsText(file);
      this.textFiles.set(file, text);
    }
    return text;
  }

  /** True when `file` is a compiled program (an executable ELF or Mach-O binary): what code runs, not data it reads. */
  isProgram(file: string): boolean {
    return this.onThisMachine && !this.written.has(file) && startsAsProgram(file);
  }

  /** A folder's entries, with the files (and folders) the command line writes into it. */
  private entries(dir: string): string[] {
    let names = this.folders.get(dir);
    if (names === undefined) {
      try {
        names = fs.readdirSync(dir).sort();
      } catch {
        names = [];
      }
      this.folders.set(dir, names);
    }
    const within = dir === '/' ? '/' : `${dir}/`;
    const added = [...this.written.keys()].filter((full) => full.startsWith(within)).map((full) => full.slice(within.length).split('/')[0]!);
    return added.length === 0 ? names : [...new Set([...names, ...added])].sort();
  }

  private file(full: string, uninspected: Unread): string {
    this.lastRead.set(full, ++this.reads);
    let read = this.texts.get(full);
    if (read === undefined) {
      read = WORK_PEOPLE_FILES.test(path.basename(full)) ? { text: '', unread: null } : readBounded(full, this.budget);
      this.texts.set(full, read);
    }
    uninspected.note(read.unread);
    // A file named again and again is read once, but its text would be put together each time: bounded too.
    this.handedOut += read.text.length;
    if (this.handedOut > MAX_HANDED_OUT) {
      uninspected.add(`it names files more than ${MAX_HANDED_OUT / 1_048_576} MB in all, counting a file each time it is named`, true);
      return '';
    }
    const written = this.writtenInto(full, uninspected);
    return written === '' ? read.text : `${read.text}\n${written}`;
  }

  /** What the command line writes into `full`, '' if nothing; what writing it left unread is noted. */
  private writtenInto(full: string, uninspected: Unread): string {
    const writes = this.written.get(full) ?? this.writtenAsPart(full);
    if (writes === undefined) return '';
    const texts: string[] = [];
    for (const w of writes) {
      if (w.text === undefined) {
        // `cat a >> a`: a write that reads its own file reads what is there, not itself again.
        if (w.making) continue;
        if (this.makingDepth >= MAX_WRITTEN_CHAIN) {
          uninspected.add(`its files are written from one another more than ${MAX_WRITTEN_CHAIN} deep`);
          continue;
        }
        w.making = true;
        this.makingDepth++;
        let text: string;
        try {
          text = w.make(w.unread);
        } finally {
          w.making = false;
          this.makingDepth--;
        }
        const left = MAX_SENT_FILE_BYTES - this.writtenChars;
        if (text.length > left) {
          text = text.slice(0, Math.max(0, left));
          w.unread.add(`the files it writes and then sends are larger than ${MB} MB in all`, true);
        }
        this.writtenChars += text.length;
        w.text = text;
      }
      uninspected.addAll(w.unread);
      texts.push(w.text);
    }
    return texts.join('\n');
  }

  /** The write of a pattern `full` matches (a split's part past its first names), noted as the file's from now on; undefined for none. */
  private writtenAsPart(full: string): Written[] | undefined {
    const family = this.families.find((f) => full.startsWith(f.start) && f.isSuffix(full.slice(f.start.length)));
    if (family === undefined) return undefined;
    this.written.set(full, [family.write]);
    return [family.write];
  }
}

/** One write into a file by the command line: made when the file is first read. */
type Written = { make: (unread: Unread) => string; unread: Unread; text?: string; making?: boolean };

/** A path with the links in it followed, or the path itself where it is not there (a folder the command line writes into). */
function realPath(full: string): string {
  try {
    return fs.realpathSync(full);
  } catch {
    return full;
  }
}

/** True when `file` is a regular file whose first 512 bytes hold no NUL. */
function startsAsText(file: string): boolean {
  let fd: number | undefined;
  try {
    if (!fs.statSync(file).isFile()) return false;
    fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(512);
    return !head.subarray(0, fs.readSync(fd, head, 0, head.length, 0)).includes(0);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The first four bytes of a compiled program: ELF, and Mach-O's 32-bit, 64-bit and universal binaries. */
const PROGRAM_MAGIC = ['7f454c46', 'cefaedfe', 'cffaedfe', 'cafebabe'];

/** True when `file` is a regular file someone may execute that starts as a compiled program does. */
function startsAsProgram(file: string): boolean {
  let fd: number | undefined;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() || (stat.mode & 0o111) === 0) return false;
    fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(4);
    return fs.readSync(fd, head, 0, 4, 0) === 4 && PROGRAM_MAGIC.includes(head.toString('hex'));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

const MB = MAX_SENT_FILE_BYTES / 1_048_576;
/** Characters of file text one call hands out, a file counted each time it is named: four times what it reads. */
const MAX_HANDED_OUT = 4 * MAX_SENT_FILE_BYTES;

/**
 * A regular file's text (an archive's: its files'), what it reads taken from the call's `budget`
 * (a file past it is noted); '' for anything else or a file that cannot be read.
 */
function readBounded(full: string, budget: Budget): { text: string; unread: Reason | null } {
  const why = budget.left < MAX_SENT_FILE_BYTES ? `the files it sends are larger than ${MB} MB in all` : `a file it sends is larger than ${MB} MB`;
  try {
    // Only a regular file is read: opening a FIFO or a device would wait, or never end.
    const stat = fs.statSync(full);
    // A named pipe or a socket holds what a program writes into it when the command runs.
    if (stat.isFIFO() || stat.isSocket()) return { text: '', unread: { why: 'it sends a named pipe or socket, whose data is known only when it runs', tooMuch: false } };
    if (!stat.isFile()) return { text: '', unread: null };
    const fd = fs.openSync(full, 'r');
    try {
      if (isMedia(fd)) return { text: '', unread: null };
      const { bytes, whole } = readUpTo(fd, budget.left, stat.size);
      if (!whole) {
        budget.left = 0;
        return { text: bytes.toString('utf8'), unread: { why, tooMuch: true } };
      }
      // A gzip or zip file is read for the files in it, within the same budget.
      const archive = archiveText(bytes, budget);
      if (archive) return archive;
      budget.left -= bytes.length;
      return { text: bytes.toString('utf8'), unread: null };
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return { text: '', unread: null };
  }
}

/**
 * Pictures, fonts, sound and video, by their first bytes (PNG, JPEG, GIF, WebP, AVIF and HEIC, MP4
 * and QuickTime, WebM and Matroska, Ogg, FLAC, MP3, WAV, AVI, WOFF, WOFF2, TrueType, OpenType):
 * compressed samples in which no text is found. They are not read, so that a site's images do not
 * use up the bytes its pages are read within. A text file renamed to look like one is read: its
 * first bytes are not these (those that are letters are followed by bytes no text holds).
 */
const MEDIA = new RegExp(
  [
    '^(?:89504e470d0a1a0a', // PNG
    'ffd8ff', // JPEG
    '47494638', // GIF8
    '52494646.{8}(?:57454250|57415645|41564920)', // RIFF: WEBP, WAVE, AVI
    '.{8}66747970', // ftyp: MP4, QuickTime, AVIF, HEIC
    '1a45dfa3', // WebM, Matroska
    '4f67675300', // OggS, version 0
    '664c6143(?:00|80)', // fLaC, its first block
    '494433(?:02|03|04)00', // ID3v2: MP3
    '774f46(?:46|32)(?:00010000|4f54544f|74727565)', // wOFF, wOF2 and the font they hold
    '0001000000', // TrueType
    '4f54544f00)', // OTTO: OpenType
  ].join('|'),
);

/** True when the open file `fd` begins as one of MEDIA (read at its start, which leaves where it is read from next alone). */
function isMedia(fd: number): boolean {
  const head = Buffer.alloc(12);
  const length = fs.readSync(fd, head, 0, head.length, 0);
  return MEDIA.test(head.toString('hex', 0, length));
}

/**
 * An open file's first `limit` bytes, and whether that is all of it. Read to its end, not to the size it
 * states (`statedSize` only sizes the first buffer): files under /proc state 0 (/proc/self/environ
 * holds the environment).
 */
function readUpTo(fd: number, limit: number, statedSize: number): { bytes: Buffer; whole: boolean } {
  let buffer = Buffer.allocUnsafe(Math.min(limit + 1, Math.max(statedSize + 1, 65_536)));
  let length = 0;
  for (;;) {
    const n = fs.readSync(fd, buffer, length, buffer.length - length, null);
    if (n === 0) return { bytes: buffer.subarray(0, length), whole: true };
    length += n;
    // A byte past the limit says there is more.
    if (length > limit) return { bytes: buffer.subarray(0, limit), whole: false };
    if (length === buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(limit + 1, buffer.length * 2));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
  }
}

/** A word's brace lists and sequences expanded (`a.{csv,json}`, `part-{1..3}.csv`), at most MAX_GLOB_FILES + 1 words. */
function braceExpanded(word: string): string[] {
  const out: string[] = [];
  const pending = [word];
  while (pending.length > 0 && out.length <= MAX_GLOB_FILES) {
    const w = pending.pop()!;
    const braces = firstBraces(w);
    if (!braces) out.push(w);
    else for (const part of braces.parts.slice(0, MAX_GLOB_FILES + 1).reverse()) pending.push(w.slice(0, braces.start) + part + w.slice(braces.end + 1));
  }
  return out;
}

/** The first `{a,b}` or `{1..3}` in a word (no braces inside it): where it is and what it stands for; null when there is none. */
function firstBraces(word: string): { start: number; end: number; parts: string[] } | null {
  let open = -1;
  for (let i = 0; i < word.length; i++) {
    if (word[i] === '{') open = i;
    else if (word[i] === '}' && open >= 0) {
      const inner = word.slice(open + 1, i);
      const sequence = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])$/.exec(inner);
      if (inner.includes(',')) return { start: open, end: i, parts: inner.split(',') };
      if (sequence) return { start: open, end: i, parts: sequenceOf(sequence[1]!, sequence[2]!) };
      open = -1;
    }
  }
  return null;
}

/** `{1..3}` is 1 2 3, `{a..c}` is a b c; at most MAX_GLOB_FILES + 1 of them. */
function sequenceOf(from: string, to: string): string[] {
  const numeric = /\d/.test(from);
  const [a, b] = numeric ? [Number(from), Number(to)] : [from.charCodeAt(0), to.charCodeAt(0)];
  const step = a <= b ? 1 : -1;
  const parts: string[] = [];
  for (let n = a; parts.length <= MAX_GLOB_FILES; n += step) {
    parts.push(numeric ? String(n) : String.fromCharCode(n));
    if (n === b) break;
  }
  return parts;
}

type GlobToken = { kind: 'star' } | { kind: 'any' } | { kind: 'char'; char: string } | { kind: 'set'; negated: boolean; test: (c: string) => boolean };

const CHARACTER_CLASSES: Record<string, RegExp> = {
  alpha: /[A-Za-z]/,
  digit: /[0-9]/,
  alnum: /[A-Za-z0-9]/,
  upper: /[A-Z]/,
  lower: /[a-z]/,
  space: /\s/,
  blank: /[ \t]/,
  punct: /[!-/:-@[-`{-~]/,
  xdigit: /[0-9A-Fa-f]/,
  word: /\w/,
};

/** A glob segment as tokens: `*`, `?`, a bracket set, or a literal character (a `[` that no `]` closes is literal). */
function globTokens(segment: string): GlobToken[] {
  const tokens: GlobToken[] = [];
  const lastClose = segment.lastIndexOf(']');
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') {
      if (tokens[tokens.length - 1]?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (c === '?') tokens.push({ kind: 'any' });
    else if (c === '\\' && i + 1 < segment.length) tokens.push({ kind: 'char', char: segment[++i]! });
    else if (c === '[' && i + 1 < lastClose) {
      const set = bracketSet(segment, i);
      if (set) {
        tokens.push(set.token);
        i = set.end;
      } else tokens.push({ kind: 'char', char: c });
    } else tokens.push({ kind: 'char', char: c });
  }
  return tokens;
}

/** The bracket set opening at `start`: its test and the index of its closing `]`; null when none closes it. */
function bracketSet(segment: string, start: number): { token: GlobToken; end: number } | null {
  let j = start + 1;
  const negated = segment[j] === '!' || segment[j] === '^';
  if (negated) j++;
  const tests: ((c: string) => boolean)[] = [];
  // A `]` first in the set is one of its characters.
  if (segment[j] === ']') {
    tests.push((c) => c === ']');
    j++;
  }
  while (j < segment.length && segment[j] !== ']') {
    const named = segment[j] === '[' && segment[j + 1] === ':' ? /^\[:([a-z]+):\]/.exec(segment.slice(j, j + 12)) : null;
    if (named) {
      const re = CHARACTER_CLASSES[named[1]!];
      tests.push(re ? (c) => re.test(c) : () => false);
      j += named[0].length;
    } else if (segment[j + 1] === '-' && segment[j + 2] !== undefined && segment[j + 2] !== ']') {
      const [lo, hi] = [segment[j]!, segment[j + 2]!];
      // A range written backwards matches nothing, as in bash.
      tests.push((c) => c >= lo && c <= hi);
      j += 3;
    } else {
      const member = segment[j]!;
      tests.push((c) => c === member);
      j++;
    }
  }
  if (j >= segment.length) return null;
  return { token: { kind: 'set', negated, test: (c) => tests.some((t) => t(c)) }, end: j };
}

/**
 * A matcher for one glob segment. Matching keeps only the last `*` to return to (the classic
 * wildcard walk), so its time grows with the name times the pattern, never exponentially.
 */
export function globMatcher(segment: string): (name: string) => boolean {
  const tokens = globTokens(segment);
  const matchesOne = (t: GlobToken, c: string) => t.kind === 'any' || (t.kind === 'char' && t.char === c) || (t.kind === 'set' && t.test(c) !== t.negated);
  return (name) => {
    let p = 0;
    let n = 0;
    let star = -1;
    let resume = 0;
    while (n < name.length) {
      const t = tokens[p];
      if (t?.kind === 'star') {
        star = p++;
        resume = n;
      } else if (t && matchesOne(t, name[n]!)) {
        p++;
        n++;
      } else if (star >= 0) {
        p = star + 1;
        n = ++resume;
      } else return false;
    }
    while (tokens[p]?.kind === 'star') p++;
    return p === tokens.length;
  };
}

/** A tool's own file read whole (a config, a lock or project file it reads itself, not one the call sends), '' where it cannot be read. */
export function fileText(full: string): string {
  try {
    return fs.readFileSync(full, 'utf8');
  } catch {
    return '';
  }
}

/** The nearest folder from `from` upward that holds `marker` (`.svn`, `.hg`, `.dvc`), or null. */
export function folderHolding(from: string, marker: string): string | null {
  for (let at = path.resolve(from); ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, marker))) return at;
    if (path.dirname(at) === at) return null;
  }
}
