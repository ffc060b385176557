// What an archiver on the command line packs, and into which file: `tar czf out.tgz exports`, `zip
// -r out.zip exports`, `7z a out.7z exports`, `gzip -k customers.csv`. The hook reads the archive a
// later command sends (`&& curl -F f=@out.tgz host`) as the files packed into it.
import { basename, optionAndValue } from './bash.ts';
import { localPath } from './own-files.ts';

/** A file an archiver writes (`-`: its standard output), and the words naming what it packs (each read from `cwd`). */
export type ArchiveWrite = { file: string; sources: { word: string; cwd: string }[] };

/** tar's options that take the next word as a value (`-C` is read: it moves where the next words are found). */
const TAR_VALUE_OPTIONS = new Set(['-T', '--files-from', '-X', '--exclude-from', '-b', '--blocking-factor', '-H', '--format', '-I', '--use-compress-program', '-K', '--starting-file', '-N', '--newer', '-V', '--label', '-g', '--listed-incremental', '--owner', '--group', '--mode', '--mtime', '--exclude', '--transform']);
/** zip's options that take the next word as a value. */
const ZIP_VALUE_OPTIONS = new Set(['-b', '-n', '-t', '-tt', '-P', '-O', '--out', '-Z', '--compression-method']);
/** The file a compressor writes beside each file it is given, without `-c` (to its output) or `-d` (unpacking). */
const COMPRESSED_SUFFIX: Record<string, string> = { gzip: '.gz', pigz: '.gz', bzip2: '.bz2', xz: '.xz', zstd: '.zst', lz4: '.lz4' };

/** The files the archiver `argv` runs as writes, with what it packs into each; none for anything else. */
export function archiveWrites(argv: readonly string[], cwd: string): ArchiveWrite[] {
  const program = basename(argv[0] ?? '');
  const args = argv.slice(1);
  if (program === 'tar' || program === 'bsdtar') return tarWrites(args, cwd);
  if (program === 'zip') return zipWrites(args, cwd);
  if (program === '7z' || program === '7za' || program === '7zz') {
    const operands = args.filter((a) => !a.startsWith('-'));
    if ((operands[0] !== 'a' && operands[0] !== 'u') || operands[1] === undefined) return [];
    return [{ file: operands[1], sources: operands.slice(2).map((word) => ({ word, cwd })) }];
  }
  const suffix = COMPRESSED_SUFFIX[program];
  if (suffix === undefined || args.some((a) => /^-[a-zA-Z]*[cdtl]|^--(?:stdout|to-stdout|decompress|uncompress|test|list)$/.test(a))) return [];
  return args.filter((a) => !a.startsWith('-')).map((word) => ({ file: `${word}${suffix}`, sources: [{ word, cwd }] }));
}

/** `tar czf out.tgz -C data .`, `tar -cvf out.tar a b`, `tar --create --file=out.tar a`: what it creates or appends to, from where. */
function tarWrites(args: readonly string[], cwd: string): ArchiveWrite[] {
  let packs = false;
  let file: string | undefined;
  let from = cwd;
  const sources: { word: string; cwd: string }[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    // Letters first without a dash (`tar czf out.tgz`), or after one (`-czf out.tgz`, `-cf-`).
    const letters = k === 0 && /^[A-Za-z]+$/.test(a) ? a : /^-[A-Za-z]+/.test(a) && !a.startsWith('--') ? a.slice(1) : null;
    if (letters !== null) {
      if (/[cru]/.test(letters)) packs = true;
      const f = letters.indexOf('f');
      if (f >= 0) file = f === letters.length - 1 ? args[++k] : letters.slice(f + 1);
      else if (letters === 'C') from = localPath(args[++k] ?? '.', from);
      else if (TAR_VALUE_OPTIONS.has(`-${letters}`)) k++;
      continue;
    }
    const [option, value] = optionAndValue(a);
    if (option === '--create' || option === '--append' || option === '--update') packs = true;
    else if (option === '--file') file = value ?? args[++k];
    else if (option === '--directory') from = localPath(value ?? args[++k] ?? '.', from);
    else if (option.startsWith('-')) {
      if (value === undefined && TAR_VALUE_OPTIONS.has(option)) k++;
    } else sources.push({ word: a, cwd: from });
  }
  // Without a file, tar writes to its standard output.
  return packs ? [{ file: file ?? '-', sources }] : [];
}

/** `zip -r out.zip exports`: the archive (`.zip` added when it has no extension) and what it packs; `-x` and `-i` patterns are not files. */
function zipWrites(args: readonly string[], cwd: string): ArchiveWrite[] {
  const operands: string[] = [];
  let patterns = false;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a.startsWith('-')) {
      patterns = a === '-x' || a === '-i' || a === '--exclude' || a === '--include';
      if (ZIP_VALUE_OPTIONS.has(a)) k++;
    } else if (!patterns) operands.push(a);
  }
  const [archive, ...sources] = operands;
  if (archive === undefined) return [];
  return [{ file: archive === '-' || /\.[^./]+$/.test(archive) ? archive : `${archive}.zip`, sources: sources.map((word) => ({ word, cwd })) }];
}
