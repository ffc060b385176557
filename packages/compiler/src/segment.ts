// Segments legal text into articles, paragraphs, points and sentences, with offsets into the
// original text. Works on statutes pasted with one provision a line and on text pasted as one
// long line (inline "(a)", "2." and "I -" markers are recognised). Linear: every pattern has
// bounded repetition and each character is visited a constant number of times.
import { type Reference, referenceAtStart } from './references.ts';

export type NodeKind = 'article' | 'paragraph' | 'point';

export type Sentence = { start: number; end: number; text: string };

export type SegmentNode = {
  kind: NodeKind;
  /** The node's own label without punctuation: "1", "a", "iv", "VI"; null for an unlabelled article. */
  label: string | null;
  /** Labels from the paragraph level down: ["1", "a"]. */
  path: string[];
  /** The heading reference of the article this node belongs to. */
  reference: Reference | null;
  start: number;
  end: number;
  /** The node's own text (after its label, before its first child). */
  bodyStart: number;
  bodyEnd: number;
  sentences: Sentence[];
  children: SegmentNode[];
};

type LabelKind = 'num-dot' | 'paren-num' | 'paren-lower' | 'paren-roman' | 'paren-upper' | 'letter-paren' | 'roman-dash' | 'para-sign' | 'sole';

const LABELS: { kind: LabelKind; pattern: RegExp }[] = [
  { kind: 'para-sign', pattern: /^§\s?(\d{1,2})\s?[º°o]\.?/u },
  { kind: 'sole', pattern: /^(Parágrafo único)\.?/iu },
  { kind: 'num-dot', pattern: /^(\d{1,3})\.(?=\s)/u },
  { kind: 'paren-num', pattern: /^\((\d{1,3})\)/u },
  { kind: 'paren-roman', pattern: /^\(((?:x{0,3})(?:ix|iv|v?i{0,3}))\)/u },
  { kind: 'paren-lower', pattern: /^\(([a-z]{1,2})\)/u },
  { kind: 'paren-upper', pattern: /^\(([A-Z]{1,2})\)/u },
  { kind: 'letter-paren', pattern: /^([a-z])\)(?=\s)/u },
  { kind: 'roman-dash', pattern: /^((?:X{0,3})(?:IX|IV|V?I{0,3}))\s?[-–—](?=\s)/u },
];

const PREVIOUS_LETTER: Record<string, string> = { i: 'h', v: 'u', x: 'w', l: 'k', c: 'b', d: 'c', m: 'l' };

/** A dotted number heading: PCI DSS "3.3.1", PIPEDA "4.9.1", or a code section "1798.105.". */
const DOTTED_HEADING = /^(\d{1,2}(?:\.\d{1,2}){1,4}|\d{3,4}\.\d{1,4}(?:-[a-z]{1,3})?)\.?(?=\s)/u;

/** Inline break points: before a point after ":" or ";", before "2." after a sentence, before "I -". */
const INLINE_BREAKS = [
  /[:;]\s{0,3}(?:(?:and|or|et|ou|und|oder|y|o|e)\s{1,3})?(?=\((?:[a-z]{1,4}|\d{1,2}|[A-Z]{1,3})\)\s)/gu,
  /[:;]\s{0,3}(?:(?:and|or|et|ou|und|oder|y|o|e)\s{1,3})?(?=[a-z]\)\s)/gu,
  /[.:;]\s{1,3}(?=\d{1,3}\.\s{1,3}\p{Lu})/gu,
  // "Article 17 Right to erasure 1. The data subject ...": a first paragraph after a title.
  /\s(?=1\.\s{1,3}\p{Lu})/gu,
  /[:;]\s{0,3}(?=[IVXL]{1,6}\s?[-–—]\s)/gu,
  /[.:;]\s{1,3}(?=§\s?\d{1,2}\s?[º°])/gu,
  /\.\s{1,3}(?=(?:Art\.|Artigo|Artículo|Article|Artikel)\s?\d{1,3}[º°]?\.?\s{1,3}\p{Lu})/gu,
];

const ABBREVIATION_BEFORE = /(?:^|[^\p{L}])(?:Art|Arts|No|Nos|Sec|Req|Abs|Nr)\.$/iu;

type Unit = { start: number; end: number };

function units(text: string): Unit[] {
  const out: Unit[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    const breaks = new Set<number>();
    for (const pattern of INLINE_BREAKS) {
      pattern.lastIndex = 0;
      for (const m of line.matchAll(pattern)) {
        // "Art. 18. O titular": the period of an abbreviation is no sentence end.
        if (ABBREVIATION_BEFORE.test(line.slice(Math.max(0, m.index - 6), m.index + 1))) continue;
        breaks.add(m.index + m[0].length);
      }
    }
    let from = 0;
    for (const b of [...breaks].sort((a, z) => a - z)) {
      if (b > from) out.push({ start: lineStart + from, end: lineStart + b });
      from = b;
    }
    out.push({ start: lineStart + from, end: lineEnd });
    lineStart = lineEnd + 1;
  }
  return out.map((u) => trimUnit(text, u)).filter((u) => u.end > u.start);
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2028 || code === 0x2029 || code === 0x3000 || code === 0x202f;
}

function trimUnit(text: string, u: Unit): Unit {
  let { start, end } = u;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return { start, end };
}

/** A heading reference at the unit's start, unless the unit is a sentence about that provision. */
function headingAt(text: string, u: Unit): { reference: Reference; bodyStart: number } | null {
  const head = text.slice(u.start, Math.min(u.end, u.start + 80));
  let reference = referenceAtStart(head);
  if (!reference) {
    const dotted = DOTTED_HEADING.exec(head);
    if (!dotted) return null;
    const number = dotted[1]!;
    const kind = /^4\.\d/.test(number) && !number.includes('-') ? 'principle' : number.length > 6 && number.indexOf('.') >= 3 ? 'section' : 'requirement';
    reference = { kind, number, path: [], start: 0, end: dotted[0].length, raw: dotted[0] };
  }
  const after = head.slice(reference.end);
  // "Section 1798.100 shall not apply ..." is a sentence, not a heading.
  if (/^\s+\p{Ll}/u.test(after) && !/^\s+(?:do|da|of|de|des|du|der|del)\s/u.test(after)) return null;
  const rest = /^[\s.:\-–—]*/u.exec(after)!;
  return {
    reference: { ...reference, start: u.start + reference.start, end: u.start + reference.end },
    bodyStart: u.start + reference.end + rest[0].length,
  };
}

type Frame = { kind: LabelKind; node: SegmentNode };

function newNode(kind: NodeKind, label: string | null, path: string[], reference: Reference | null, start: number, bodyStart: number): SegmentNode {
  return { kind, label, path, reference, start, end: bodyStart, bodyStart, bodyEnd: bodyStart, sentences: [], children: [] };
}

function labelAt(text: string, pos: number, end: number, stack: Frame[]): { kind: LabelKind; label: string; length: number } | null {
  const head = text.slice(pos, Math.min(end, pos + 24));
  for (const { kind, pattern } of LABELS) {
    const m = pattern.exec(head);
    if (!m || m[0].length === 0 || (m[1] ?? '') === '') continue;
    let chosen: LabelKind = kind;
    if (kind === 'paren-roman') {
      const letters = stack.find((f) => f.kind === 'paren-lower');
      const romans = stack.some((f) => f.kind === 'paren-roman');
      const label = m[1]!;
      if (letters && label.length === 1 && PREVIOUS_LETTER[label] === letters.node.label) chosen = 'paren-lower';
      else if (!romans && label.length === 1 && label !== 'i') chosen = 'paren-lower';
    }
    return { kind: chosen, label: m[1]!, length: m[0].length };
  }
  return null;
}

/** Splits [start, end) into sentences at ". " / "! " / "? " before a capital, and after title lines. */
const ABBREVIATIONS = new Set([
  'art', 'arts', 'no', 'nos', 'sec', 'secs', 'e.g', 'i.e', 'cf', 'para', 'paras', 'p', 'pp', 'v', 'vs', 'inc', 'co', 'ltd', 'u.s', 'u.s.c', 'c.f.r', 'n', 'nº', 'etc', 'al', 'seq', 'ch', 'subd', 'req', 'st', 'mr', 'ms', 'dr', 'abs', 'nr', 'lit', 'bzw', 'z.b', 'vgl', 'núm', 'pág', 'sr', 'sra', 'ex',
]);

/**
 * A "sentence" longer than this is not one a statute writes (the longest of the test corpus and the
 * templates is 800 characters): it is cut at the last space before the limit, so that the work of
 * extraction per sentence stays bounded whatever text is pasted.
 */
export const MAX_SENTENCE_CHARS = 5_000;

function sentencesOf(text: string, start: number, end: number): Sentence[] {
  const out: Sentence[] = [];
  let from = start;
  const push = (to: number) => {
    let u = trimUnit(text, { start: from, end: to });
    while (u.end - u.start > MAX_SENTENCE_CHARS) {
      const space = text.lastIndexOf(' ', u.start + MAX_SENTENCE_CHARS);
      const cut = space > u.start ? space : u.start + MAX_SENTENCE_CHARS;
      const piece = trimUnit(text, { start: u.start, end: cut });
      out.push({ start: piece.start, end: piece.end, text: text.slice(piece.start, piece.end) });
      u = trimUnit(text, { start: cut, end: u.end });
    }
    if (u.end > u.start) out.push({ start: u.start, end: u.end, text: text.slice(u.start, u.end) });
  };
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      // A title line (short, no closing punctuation) followed by a capitalised line ends a sentence.
      const prev = trimUnit(text, { start: from, end: i });
      const last = text[prev.end - 1] ?? '';
      const next = text.slice(i + 1, i + 3).trimStart()[0] ?? '';
      if (prev.end - prev.start < 120 && prev.end > prev.start && !/[,;:(\-–]/u.test(last) && /\p{Lu}/u.test(next)) {
        push(i);
        from = i + 1;
      }
      continue;
    }
    if (c !== 46 && c !== 33 && c !== 63) continue; // . ! ?
    if (i + 1 < end && !isSpace(text.charCodeAt(i + 1))) continue;
    let j = i + 1;
    while (j < end && j < i + 4 && isSpace(text.charCodeAt(j))) j++;
    if (j >= end) continue;
    const next = text[j]!;
    if (!/[\p{Lu}\d"“'‘(]/u.test(next)) continue;
    if (c === 46) {
      let k = i - 1;
      while (k >= from && k > i - 12 && /[\p{L}.º]/u.test(text[k]!)) k--;
      const word = text.slice(k + 1, i).toLowerCase();
      if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word)) continue;
    }
    push(i + 1);
    from = j;
    i = j - 1;
  }
  push(end);
  return out;
}

/** The segmented text: its articles (an unlabelled article holds text before the first heading). */
export function segment(text: string): SegmentNode[] {
  const articles: SegmentNode[] = [];
  let article: SegmentNode | null = null;
  let stack: Frame[] = [];
  let current: SegmentNode | null = null;

  const close = (node: SegmentNode, at: number) => {
    if (node.bodyEnd < at && node.children.length === 0) node.bodyEnd = at;
  };

  for (const u of units(text)) {
    const heading = headingAt(text, u);
    if (heading) {
      article = newNode('article', heading.reference.number, [], heading.reference, u.start, heading.bodyStart);
      article.bodyEnd = u.end;
      article.end = u.end;
      articles.push(article);
      stack = [];
      current = article;
      continue;
    }
    if (!article) {
      article = newNode('article', null, [], null, u.start, u.start);
      articles.push(article);
      current = article;
    }
    let pos = u.start;
    let labelled = false;
    for (let guard = 0; guard < 4; guard++) {
      const label = labelAt(text, pos, u.end, stack);
      if (!label) break;
      // "(c) (1) A business ...": the outer label has no text of its own.
      if (labelled && current) current.bodyEnd = current.bodyStart;
      labelled = true;
      const index = stack.findIndex((f) => f.kind === label.kind);
      // A Brazilian "§ 1º" or "Parágrafo único" is a paragraph of the article, beside its caput.
      if (label.kind === 'para-sign' || label.kind === 'sole') stack = [];
      else if (index >= 0) stack = stack.slice(0, index);
      const parent = stack.length ? stack[stack.length - 1]!.node : article;
      const path = [...parent.path, label.label];
      let bodyStart = pos + label.length;
      while (bodyStart < u.end && isSpace(text.charCodeAt(bodyStart))) bodyStart++;
      const node = newNode(stack.length === 0 ? 'paragraph' : 'point', label.label, path, article.reference, pos, bodyStart);
      node.bodyEnd = u.end;
      parent.children.push(node);
      stack.push({ kind: label.kind, node });
      current = node;
      pos = bodyStart;
    }
    if (!labelled && current) {
      // A continuation line: extends the current node's body if it has no children yet.
      if (current.children.length === 0) current.bodyEnd = u.end;
      else {
        const node = newNode('point', null, current.path, current.reference, u.start, u.start);
        node.bodyEnd = u.end;
        current.children.push(node);
      }
    }
  }
  const finish = (node: SegmentNode): number => {
    close(node, node.bodyEnd);
    node.sentences = node.bodyEnd > node.bodyStart ? sentencesOf(text, node.bodyStart, node.bodyEnd) : [];
    let end = node.bodyEnd;
    for (const child of node.children) end = Math.max(end, finish(child));
    node.end = end;
    return end;
  };
  for (const a of articles) finish(a);
  return articles;
}

/** Every node in document order (articles, then their paragraphs and points, depth first). */
export function walk(nodes: SegmentNode[]): SegmentNode[] {
  const out: SegmentNode[] = [];
  const visit = (n: SegmentNode) => {
    out.push(n);
    n.children.forEach(visit);
  };
  nodes.forEach(visit);
  return out;
}
