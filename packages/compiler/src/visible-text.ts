// Text shown where a reader cannot see every character: a terminal, an error message. Control
// characters (C0, DEL, C1), format characters (zero-width and bidirectional marks) and line or
// paragraph separators become \u escapes, as JSON writes them, so nothing moves a cursor, clears a
// screen or reorders what is read.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
