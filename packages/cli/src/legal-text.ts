// The legal text a command is given, from its bytes: UTF-8 text, or an error that says why it is
// not. A binary file (one with a NUL byte) or bytes that are not UTF-8 would otherwise be compiled
// as a text in a language the compiler does not read, into a policy of the baseline rules alone.
import { readFile } from 'node:fs/promises';
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** `bytes` as text; throws an Error naming `source` when they are not UTF-8 text. */
export function legalTextOf(bytes: Uint8Array, source: string): string {
  if (bytes.includes(0)) throw new Error(`${source} is not text: it holds NUL bytes, as a binary file does`);
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new Error(`${source} is not UTF-8 text: save it as UTF-8 and try again`);
  }
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The legal text in `file`, or on standard input for `-`; throws an Error that says why it cannot be read or is not text. */
export async function readLegalText(file: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = file === '-' ? await readStdin() : await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`file not found: ${file}`);
    if (code === 'EISDIR') throw new Error(`${file} is a directory, not a text file`);
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  return legalTextOf(bytes, file === '-' ? 'the standard input' : file);
}
