// YAML read by indentation, as far as the files the hook reads need it (ansible's playbooks, a
// serverless service's settings): block maps and sequences, plain and quoted scalars, block text and
// one-line maps and lists. What it does not read (anchors' merges, aliases, multi-line flow forms)
// is left out, which makes a reader read less, never more.

/** The deepest nesting read; what is deeper is left out. */
export const MAX_YAML_DEPTH = 64;

/** A value of the YAML this reads: a scalar, a sequence or a map (null: empty, or a form it does not read). */
export type Yaml = string | null | Yaml[] | { [key: string]: Yaml };

/**
 * The first document of a YAML text, read by indentation: block
 * maps and sequences (a sequence may sit at its key's indentation), plain and quoted scalars,
 * `|` and `>` block text, and one-line `{ k: v }` and `[a, b]`. Anchors are dropped and aliases
 * read as null, which makes it read less, never more; what is nested past MAX_YAML_DEPTH is left out,
 * and `tooDeep` told.
 */
export function readYaml(text: string, tooDeep: () => void = () => {}): Yaml {
  const lines: { indent: number; text: string; raw: string }[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (/^(?:---|\.\.\.)\s*$/.test(line)) {
      if (lines.length > 0) break;
      continue;
    }
    const body = line.trimStart();
    lines.push({ indent: line.length - body.length, text: body.startsWith('#') ? '' : body.trimEnd(), raw: line });
  }
  let k = 0;
  const skipBlank = () => {
    while (k < lines.length && lines[k]!.text === '') k++;
  };
  // A key runs to the first colon (`name:`, `ansible.builtin.copy:`, `"quoted key":`); one followed by neither a space nor the line's end is text (`https://...`).
  const KEY = /^("[^"]*"|'[^']*'|[^\s#'"{[\-?][^:#]*|-[^\s:#][^:#]*):(?:\s+(.*))?$/;
  const block = (minIndent: number, depth: number): Yaml => {
    skipBlank();
    if (k >= lines.length || lines[k]!.indent < minIndent) return null;
    const line = lines[k]!;
    if (depth > MAX_YAML_DEPTH) {
      tooDeep();
      for (k++; k < lines.length && (lines[k]!.text === '' || lines[k]!.indent >= line.indent); k++);
      return null;
    }
    if (line.text === '-' || line.text.startsWith('- ')) return sequence(line.indent, depth);
    if (KEY.test(line.text)) return map(line.indent, depth);
    k++;
    return scalar(line.text);
  };
  /** The next line at `indent`, past blank lines and stray deeper ones; null at a shallower line or the end. */
  const lineAt = (indent: number) => {
    for (skipBlank(); k < lines.length; k++, skipBlank()) {
      if (lines[k]!.indent < indent) return null;
      if (lines[k]!.indent === indent) return lines[k]!;
    }
    return null;
  };
  const sequence = (indent: number, depth: number): Yaml[] => {
    const items: Yaml[] = [];
    for (let line = lineAt(indent); line !== null && (line.text === '-' || line.text.startsWith('- ')); line = lineAt(indent)) {
      const rest = line.text.slice(1).trimStart();
      if (rest === '') {
        k++;
        items.push(block(indent + 1, depth + 1));
      } else if (rest === '-' || rest.startsWith('- ') || KEY.test(rest)) {
        // `- key: value` and `- - item`: what follows the dash is a map or sequence at its column.
        lines[k] = { indent: line.indent + line.text.length - rest.length, text: rest, raw: line.raw };
        items.push(block(indent + 1, depth + 1));
      } else {
        k++;
        items.push(scalar(rest));
      }
    }
    return items;
  };
  const map = (indent: number, depth: number): { [key: string]: Yaml } => {
    const found: { [key: string]: Yaml } = {};
    for (let line = lineAt(indent), entry = line && KEY.exec(line.text); entry; line = lineAt(indent), entry = line && KEY.exec(line.text)) {
      k++;
      const key = entry[1]!.trimEnd().replace(/^(["'])(.*)\1$/, '$2');
      const value = (entry[2] ?? '').replace(/^&\S+\s*/, '');
      if (value === '' || value.startsWith('#')) {
        skipBlank();
        const next = lines[k];
        found[key] = next && (next.indent > indent || (next.indent === indent && (next.text === '-' || next.text.startsWith('- ')))) ? block(next.indent, depth + 1) : null;
      } else if (/^[|>][-+0-9]*\s*(?:#.*)?$/.test(value)) {
        const body: string[] = [];
        for (; k < lines.length && (lines[k]!.raw.trim() === '' || lines[k]!.indent > indent); k++) body.push(lines[k]!.raw);
        const margin = body.reduce((least, l) => (l.trim() === '' ? least : Math.min(least, l.length - l.trimStart().length)), Infinity);
        found[key] = body.map((l) => l.slice(margin)).join(value.startsWith('>') ? ' ' : '\n').trim();
      } else found[key] = scalar(value);
    }
    return found;
  };
  return block(0, 0);
}

/** A one-line value: quoted text, `{ k: v }`, `[a, b]`, an alias (null) or plain text less its comment. */
function scalar(text: string): Yaml {
  const quoted = /^(["'])(.*)\1\s*(?:#.*)?$/.exec(text);
  if (quoted) return quoted[1] === '"' ? quoted[2]!.replace(/\\"/g, '"') : quoted[2]!.replace(/''/g, "'");
  if (text.startsWith('*')) return null;
  const inner = /^([{[])(.*)[}\]]\s*(?:#.*)?$/.exec(text);
  if (inner) {
    const parts = inner[2]!.split(',').map((p) => p.trim()).filter((p) => p !== '');
    if (inner[1] === '[') return parts.map(scalar);
    const found: { [key: string]: Yaml } = {};
    for (const part of parts) {
      const colon = part.indexOf(':');
      if (colon > 0) found[part.slice(0, colon).trim().replace(/^(["'])(.*)\1$/, '$2')] = scalar(part.slice(colon + 1).trim());
    }
    return found;
  }
  const comment = text.search(/\s#/);
  return (comment < 0 ? text : text.slice(0, comment)).trim();
}
