// What an archiver on the command line packs, and into which file: `tar czf out.tgz exports`, `zip
// -r out.zip exports`, `7z a out.7z exports`, `gzip -k customers.csv`; and what an encryptor writes
// (`gpg -c customers.csv` into customers.csv.gpg, `age -r KEY -o c.age customers.csv`), which holds
// the same data for whoever has the key. The hook reads the archive a later command sends (`&& curl
// -F f=@out.tgz host`) as the files packed into it.
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
  if (program === 'gpg' || program === 'gpg2') return gpgWrites(args, cwd);
  if (program === 'age') {
    const { operands, output } = encryptorWords(args, AGE_VALUE_OPTIONS, ['-o', '--output']);
    if (args.some((a) => a === '-d' || a === '--decrypt')) return [];
    return [{ file: output ?? '-', sources: operands.map((word) => ({ word, cwd })) }];
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
    // `-` alone is an operand: the archive written to the output (`zip -r - exports`).
    if (a.startsWith('-') && a !== '-') {
      patterns = a === '-x' || a === '-i' || a === '--exclude' || a === '--include';
      if (ZIP_VALUE_OPTIONS.has(a)) k++;
    } else if (!patterns) operands.push(a);
  }
  const [archive, ...sources] = operands;
  if (archive === undefined) return [];
  return [{ file: archive === '-' || /\.[^./]+$/.test(archive) ? archive : `${archive}.zip`, sources: sources.map((word) => ({ word, cwd })) }];
}

/** gpg's options that take the next word as a value. */
const GPG_VALUE_OPTIONS = new Set(['-o', '--output', '-r', '--recipient', '-R', '--hidden-recipient', '-u', '--local-user', '-z', '--passphrase', '--passphrase-file', '--passphrase-fd', '--pinentry-mode', '--homedir', '--cipher-algo', '--digest-algo', '--compress-algo', '--s2k-cipher-algo', '--s2k-digest-algo', '--trust-model', '--keyring', '--default-key', '--set-filename', '--comment']);
/** age's. */
const AGE_VALUE_OPTIONS = new Set(['-o', '--output', '-r', '--recipient', '-R', '--recipients-file', '-i', '--identity']);

/** An encryptor's operands and where its output goes (`-o file`, `--output=file`; `-` its output). */
function encryptorWords(args: readonly string[], valueOptions: ReadonlySet<string>, outputOptions: readonly string[]): { operands: string[]; output: string | undefined } {
  const operands: string[] = [];
  let output: string | undefined;
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (outputOptions.includes(option)) output = inline ?? args[++k];
    else if (valueOptions.has(option) && inline === undefined) k++;
    else if (!option.startsWith('-') || option === '-') operands.push(option);
  }
  return { operands, output };
}

/**
 * `gpg -c customers.csv` (`-e -r KEY`, `-s`, `--symmetric`, `--encrypt`, `--sign`): each file into
 * FILE.gpg (FILE.asc with `-a`/`--armor`), or into `-o`'s file; with no file, what it reads to its
 * output. Not `-d`, `--verify`, key management or anything else that writes no encrypted copy.
 */
function gpgWrites(args: readonly string[], cwd: string): ArchiveWrite[] {
  const cluster = (letter: string) => args.some((a) => new RegExp(`^-[a-zA-Z]*${letter}[a-zA-Z]*$`).test(a));
  const encrypts = cluster('[ces]') || args.some((a) => a === '--symmetric' || a === '--encrypt' || a === '--sign');
  if (!encrypts || cluster('d') || args.some((a) => a === '--decrypt' || a === '--verify' || a.startsWith('--import') || a.startsWith('--export'))) return [];
  const { operands, output } = encryptorWords(args, GPG_VALUE_OPTIONS, ['-o', '--output']);
  const sources = operands.filter((word) => word !== '-').map((word) => ({ word, cwd }));
  if (output !== undefined || sources.length === 0) return [{ file: output ?? '-', sources }];
  const suffix = cluster('a') || args.includes('--armor') ? '.asc' : '.gpg';
  return sources.map((source) => ({ file: `${source.word}${suffix}`, sources: [source] }));
}
