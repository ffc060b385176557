// The legal text a command is given, from its bytes: UTF-8 text, or an error that says why it is
// not. A binary file (one with a NUL byte) or bytes that are not UTF-8 would otherwise be compiled
// as a text in a language the compiler does not read, into a policy of the baseline rules alone.
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
