// A small syntax highlighter for the seven output formats, loaded on demand with the output: it
// splits code into comment, string, number, keyword and plain tokens (no HTML is built, so the
// output's text can never become markup).
import type { DemoFormatId } from './demo-config.ts';

export type TokenKind = 'comment' | 'string' | 'number' | 'keyword' | 'plain';
export type Token = { kind: TokenKind; text: string };

type Grammar = { line: string[]; block?: [string, string]; keywords: ReadonlySet<string>; quotes: string };

const words = (list: string): ReadonlySet<string> => new Set(list.split(' '));

const GRAMMARS: Record<DemoFormatId, Grammar> = {
  rego: { line: ['#'], keywords: words('package import default if contains else not some every in with as true false null'), quotes: '"`' },
  cedar: { line: ['//'], keywords: words('permit forbid when unless principal action resource context in has like is if then else true false'), quotes: '"' },
  rust: { line: ['//'], block: ['/*', '*/'], keywords: words('pub fn let mut const static struct enum impl match if else for while loop return use mod true false self Self as in ref where'), quotes: '"' },
  javascript: { line: ['//'], block: ['/*', '*/'], keywords: words('export function const let var return if else for of in new try catch throw true false null undefined import from typeof'), quotes: '"\'`' },
  bytebound: { line: ['#'], keywords: words('bytebound regulation rule permit forbid when unless opcodes priority article reason quote review destination enforcement'), quotes: '"' },
  sql: { line: ['--'], block: ['/*', '*/'], keywords: words('CREATE TABLE VIEW INSERT INTO VALUES SELECT FROM WHERE AND OR NOT NULL AS WITH CASE WHEN THEN ELSE END JOIN ON IN IS EXISTS UNION ALL ORDER BY GROUP LIMIT PRIMARY KEY INTEGER TEXT REAL DROP IF'), quotes: "'" },
  wasm: { line: [';;'], block: ['(;', ';)'], keywords: words('module func param result local global memory data export import type call if then else block loop br br_if return i32 i64 f32 f64 mut'), quotes: '"' },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One scanner per format: comments, then strings, then words (keywords and numbers). */
function scanner(g: Grammar): RegExp {
  const parts = g.line.map((m) => `${escapeRegExp(m)}[^\n]*`);
  if (g.block) parts.push(`${escapeRegExp(g.block[0])}[\\s\\S]*?(?:${escapeRegExp(g.block[1])}|$)`);
  const comment = parts.join('|');
  const strings = [...g.quotes].map((q) => `${escapeRegExp(q)}(?:\\\\.|[^${escapeRegExp(q)}\\\\\n])*${escapeRegExp(q)}?`).join('|');
  return new RegExp(`(${comment})|(${strings})|([A-Za-z0-9_$.]+)`, 'g');
}

const SCANNERS = new Map<DemoFormatId, RegExp>();

export function tokenize(code: string, format: DemoFormatId): Token[] {
  const g = GRAMMARS[format];
  let re = SCANNERS.get(format);
  if (!re) {
    re = scanner(g);
    SCANNERS.set(format, re);
  }
  re.lastIndex = 0;
  const tokens: Token[] = [];
  let plain = '';
  let at = 0;
  const flush = () => {
    if (plain) tokens.push({ kind: 'plain', text: plain });
    plain = '';
  };
  for (let m = re.exec(code); m !== null; m = re.exec(code)) {
    plain += code.slice(at, m.index);
    at = m.index + m[0].length;
    const kind: TokenKind = m[1] !== undefined ? 'comment' : m[2] !== undefined ? 'string' : /^-?\d[\d_.]*$/.test(m[0]) ? 'number' : g.keywords.has(m[0]) || g.keywords.has(m[0].split('.')[0]!) ? 'keyword' : 'plain';
    if (kind === 'plain') {
      plain += m[0];
      continue;
    }
    flush();
    tokens.push({ kind, text: m[0] });
  }
  plain += code.slice(at);
  flush();
  return tokens;
}
