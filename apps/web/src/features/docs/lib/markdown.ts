// A small Markdown reader for the documentation: headings, paragraphs, lists, tables, block quotes
// and fenced code, with inline code, bold, emphasis and links. It produces a block tree that
// components render as React elements (never raw HTML), so a doc cannot inject markup.
export type Inline = { kind: 'text' | 'code' | 'strong' | 'em'; text: string } | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'heading'; level: number; text: Inline[]; slug: string }
  | { kind: 'paragraph'; text: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] }
  | { kind: 'quote'; text: Inline[] }
  | { kind: 'code'; language: string; code: string };

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\[[^\]]+\]\([^)\s]+\))|(\*[^*\s][^*]*\*)/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) });
    const token = match[0];
    if (match[1]) out.push({ kind: 'code', text: token.slice(1, -1) });
    else if (match[2]) out.push({ kind: 'strong', text: token.slice(2, -2) });
    else if (match[3]) {
      const split = token.indexOf('](');
      out.push({ kind: 'link', text: token.slice(1, split), href: token.slice(split + 2, -1) });
    } else out.push({ kind: 'em', text: token.slice(1, -1) });
    last = match.index + token.length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/**
 * A heading's anchor as GitHub makes it, so that the docs' own links (`#post-apiv1decide`,
 * `api.md#data-subjects-and-erasure`) work on the site as they do in the repository: lower case,
 * punctuation dropped, each space a hyphen.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/.exec(line);
    if (fence) {
      const marker = fence[2]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(marker)) body.push(lines[i++]!);
      i++;
      blocks.push({ kind: 'code', language: fence[3] || 'text', code: body.join('\n') });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: parseInline(heading[2]!), slug: slugify(heading[2]!) });
      i++;
      continue;
    }
    if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{3,}/.test(lines[i + 1]!)) {
      const head = cells(line).map(parseInline);
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && /^\s*\|/.test(lines[i]!)) rows.push(cells(lines[i++]!).map(parseInline));
      blocks.push({ kind: 'table', head, rows });
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2]!);
      const items: string[] = [];
      while (i < lines.length) {
        const next = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(lines[i]!);
        if (next) items.push(next[3]!);
        else if (/^\s{2,}\S/.test(lines[i]!) && items.length) items[items.length - 1] += ` ${lines[i]!.trim()}`;
        else break;
        i++;
      }
      blocks.push({ kind: 'list', ordered, items: items.map(parseInline) });
      continue;
    }
    if (line.startsWith('>')) {
      const quote: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('>')) quote.push(lines[i++]!.replace(/^>\s?/, ''));
      blocks.push({ kind: 'quote', text: parseInline(quote.join(' ')) });
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^(#{1,6}\s|```|~~~|\s*\||\s*([-*]|\d+\.)\s|>)/.test(lines[i]!)) paragraph.push(lines[i++]!.trim());
    blocks.push({ kind: 'paragraph', text: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}
