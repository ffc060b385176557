// RFC 8785 JSON Canonicalization Scheme (JCS): the one byte form of a JSON value that is hashed
// and signed, so that a signature survives any re-serialisation of the same value.

/** Returns the RFC 8785 canonical form of a JSON value; throws on values JSON cannot carry. */
export function canonicalize(value: unknown): string {
  return write(value, null, '$');
}

const encoder = new TextEncoder();

/** The canonical form as UTF-8 bytes (what is hashed and signed). */
export function canonicalBytes(value: unknown): Uint8Array {
  return encoder.encode(canonicalize(value));
}

// The signing path canonicalises every decision, so this avoids per-value allocations: the output
// is one string built by concatenation, and the path of a value (only needed for an error
// message) is a linked list of parent and key, rendered only when something is thrown.
type Path = { parent: Path | null; key: string | number } | null;

function pathText(path: Path, leaf: string | number): string {
  const parts: string[] = [];
  for (let p: Path = { parent: path, key: leaf }; p; p = p.parent) parts.push(typeof p.key === 'number' ? `[${p.key}]` : p.key === '$' && !p.parent ? '$' : `.${p.key}`);
  return parts.reverse().join('');
}

function write(value: unknown, parent: Path, key: string | number): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      // ECMAScript's Number-to-String is exactly the serialisation RFC 8785 section 3.2.2.3 prescribes.
      if (!Number.isFinite(value)) throw new TypeError(`canonical JSON: ${pathText(parent, key)} is ${value}, which JSON cannot represent`);
      return JSON.stringify(value);
    case 'string':
      return quote(value, parent, key);
    case 'object': {
      const path: Path = { parent, key };
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (item === undefined || typeof item === 'function' || typeof item === 'symbol') {
            throw new TypeError(`canonical JSON: ${pathText(path, i)} is ${typeof item}`);
          }
          out += (i > 0 ? ',' : '') + write(item, path, i);
        }
        return out + ']';
      }
      const record = value as Record<string, unknown>;
      if (typeof (record as { toJSON?: unknown }).toJSON === 'function') {
        return write((record as { toJSON: () => unknown }).toJSON(), parent, key);
      }
      // Default sort compares UTF-16 code units, as RFC 8785 section 3.2.3 requires.
      const keys = Object.keys(record).sort();
      let out = '{';
      let first = true;
      for (const k of keys) {
        const v = record[k];
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
        out += (first ? '' : ',') + quote(k, parent, key) + ':' + write(v, path, k);
        first = false;
      }
      return out + '}';
    }
    default:
      throw new TypeError(`canonical JSON: ${pathText(parent, key)} is a ${typeof value}, which JSON cannot represent`);
  }
}

// In a `u` regex a surrogate pair is one code point, so \p{Cs} matches only unpaired halves.
const LONE_SURROGATE = /\p{Cs}/u;
/** Text without any UTF-16 surrogate (all of a decision's usual text) needs no pairing check. */
const ANY_SURROGATE = /[\ud800-\udfff]/;

/** Printable ASCII other than '"' and '\\': such text is its own JSON string content. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** False when the text holds a lone UTF-16 surrogate, which has no UTF-8 form (String.prototype.isWellFormed). */
export function isWellFormedText(text: string): boolean {
  return !(ANY_SURROGATE.test(text) && LONE_SURROGATE.test(text));
}

function quote(text: string, parent: Path, key: string | number): string {
  if (PLAIN.test(text)) return `"${text}"`;
  // RFC 8785 requires well-formed Unicode: a lone surrogate has no UTF-8 form.
  if (!isWellFormedText(text)) throw new TypeError(`canonical JSON: ${pathText(parent, key)} holds a lone surrogate`);
  return JSON.stringify(text);
}
