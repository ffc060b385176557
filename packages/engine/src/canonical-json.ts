// RFC 8785 JSON Canonicalization Scheme (JCS): the one byte form of a JSON value that is hashed
// and signed, so that a signature survives any re-serialisation of the same value.

/** Returns the RFC 8785 canonical form of a JSON value; throws on values JSON cannot carry. */
export function canonicalize(value: unknown): string {
  const out: string[] = [];
  write(value, out, '$');
  return out.join('');
}

/** The canonical form as UTF-8 bytes (what is hashed and signed). */
export function canonicalBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(canonicalize(value));
}

function write(value: unknown, out: string[], path: string): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      // ECMAScript's Number-to-String is exactly the serialisation RFC 8785 section 3.2.2.3 prescribes.
      if (!Number.isFinite(value)) throw new TypeError(`canonical JSON: ${path} is ${value}, which JSON cannot represent`);
      out.push(JSON.stringify(value));
      return;
    case 'string':
      out.push(quote(value, path));
      return;
    case 'object': {
      if (Array.isArray(value)) {
        out.push('[');
        value.forEach((item, i) => {
          if (i > 0) out.push(',');
          if (item === undefined || typeof item === 'function' || typeof item === 'symbol') {
            throw new TypeError(`canonical JSON: ${path}[${i}] is ${typeof item}`);
          }
          write(item, out, `${path}[${i}]`);
        });
        out.push(']');
        return;
      }
      const record = value as Record<string, unknown>;
      if (typeof (record as { toJSON?: unknown }).toJSON === 'function') {
        write((record as { toJSON: () => unknown }).toJSON(), out, path);
        return;
      }
      // Default sort compares UTF-16 code units, as RFC 8785 section 3.2.3 requires.
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined && typeof record[k] !== 'function' && typeof record[k] !== 'symbol')
        .sort();
      out.push('{');
      keys.forEach((key, i) => {
        if (i > 0) out.push(',');
        out.push(quote(key, path), ':');
        write(record[key], out, `${path}.${key}`);
      });
      out.push('}');
      return;
    }
    default:
      throw new TypeError(`canonical JSON: ${path} is a ${typeof value}, which JSON cannot represent`);
  }
}

// In a `u` regex a surrogate pair is one code point, so \p{Cs} matches only unpaired halves.
const LONE_SURROGATE = /\p{Cs}/u;

function quote(text: string, path: string): string {
  // RFC 8785 requires well-formed Unicode: a lone surrogate has no UTF-8 form.
  if (LONE_SURROGATE.test(text)) throw new TypeError(`canonical JSON: ${path} holds a lone surrogate`);
  return JSON.stringify(text);
}
