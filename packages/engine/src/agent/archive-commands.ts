// What an archiver on the command line packs, and into which file: `tar czf out.tgz exports`, `zip
// -r out.zip exports`, `7z a out.7z exports`, `gzip -k customers.csv`; and what an encryptor writes
// (`gpg -c customers.csv` into customers.csv.gpg, `age -r KEY -o c.age customers.csv`, `openssl enc
// -in customers.csv -out c.enc`), which holds the same data for whoever has the key, or a converter
// (`pandoc customers.md -o c.docx`, `soffice --convert-to pdf customers.csv`), which holds it in
// another form. The hook reads the archive a later command sends (`&& curl
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
  if (program === 'openssl') return opensslWrites(args, cwd);
  if (program === 'pandoc') {
    const { operands, output } = encryptorWords(args, PANDOC_VALUE_OPTIONS, ['-o', '--output']);
    return output === undefined ? [] : [{ file: output, sources: operands.filter((word) => word !== '-').map((word) => ({ word, cwd })) }];
  }
  if (program === 'soffice' || program === 'libreoffice') return officeWrites(args, cwd);
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

/** pandoc's options that take the next word as a value. */
const PANDOC_VALUE_OPTIONS = new Set(['-f', '--from', '-r', '--read', '-t', '--to', '-w', '--write', '--template', '-M', '--metadata', '--metadata-file', '-V', '--variable', '--resource-path', '-c', '--css', '-H', '--include-in-header', '-B', '--include-before-body', '-A', '--include-after-body', '--bibliography', '--csl', '--reference-doc', '-L', '--lua-filter', '-F', '--filter', '--pdf-engine', '--pdf-engine-opt', '--data-dir', '--extract-media', '--toc-depth', '--shift-heading-level-by', '--columns', '--dpi', '--wrap', '--eol', '--tab-stop', '--highlight-style', '--syntax-definition', '--epub-cover-image', '--epub-metadata', '--epub-embed-font', '--abbreviations', '--default-image-extension', '--id-prefix', '--title-prefix', '--number-offset', '--top-level-division', '--email-obfuscation', '--ipynb-output', '--log', '-d', '--defaults']);

/**
 * `openssl enc|base64|smime|cms ... -in FILE -out OUT`: OUT holds FILE's data, encoded or
 * encrypted for whoever has the key (without `-out`, its output: the pass-through reading). Not a
 * decryption (`-d`, `-decrypt`, `-verify`).
 */
function opensslWrites(args: readonly string[], cwd: string): ArchiveWrite[] {
  if (!['enc', 'base64', 'smime', 'cms', 'pkeyutl', 'rsautl'].includes(args[0] ?? '') && !/^-?(?:aes|des|chacha|camellia|aria|sm4|bf|cast)/i.test(args[0] ?? '')) return [];
  if (args.some((a) => a === '-d' || a === '-decrypt' || a === '-verify')) return [];
  const value = (name: string) => {
    const at = args.indexOf(name);
    return at < 0 ? undefined : args[at + 1];
  };
  const input = value('-in');
  const output = value('-out');
  return input === undefined || output === undefined ? [] : [{ file: output, sources: [{ word: input, cwd }] }];
}

/** `soffice --headless --convert-to pdf [--outdir DIR] FILE...`: each FILE converted into DIR (else the folder it runs in), named FILE's name with the new format's extension. */
function officeWrites(args: readonly string[], cwd: string): ArchiveWrite[] {
  const at = args.indexOf('--convert-to');
  if (at < 0 || args[at + 1] === undefined) return [];
  const extension = args[at + 1]!.split(':')[0]!;
  const outdir = args.indexOf('--outdir') >= 0 ? args[args.indexOf('--outdir') + 1] : undefined;
  const files = args.filter((a, k) => !a.startsWith('-') && k !== at + 1 && (outdir === undefined || k !== args.indexOf('--outdir') + 1));
  return files.map((file) => {
    const name = `${file.split('/').at(-1)!.replace(/\.[^.]*$/, '')}.${extension}`;
    return { file: outdir === undefined ? name : `${outdir.replace(/\/+$/, '')}/${name}`, sources: [{ word: file, cwd }] };
  });
}

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
