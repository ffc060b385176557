// A small syntax highlighter for the docs' code blocks, loaded on demand: comments, strings,
// numbers and keywords per language family, as token runs the code block colours.
export type Token = { text: string; kind: 'plain' | 'comment' | 'string' | 'number' | 'keyword' };

const KEYWORDS: Record<string, string[]> = {
  js: ['const', 'let', 'var', 'function', 'return', 'if', 'else', 'for', 'await', 'async', 'import', 'from', 'export', 'new', 'true', 'false', 'null', 'type'],
  bash: ['cd', 'export', 'echo', 'npm', 'npx', 'node', 'git', 'cat', 'curl', 'alias'],
  rego: ['package', 'import', 'default', 'if', 'contains', 'not', 'some', 'every', 'in', 'true', 'false'],
  rust: ['fn', 'let', 'mut', 'pub', 'struct', 'enum', 'impl', 'match', 'if', 'else', 'return', 'use', 'true', 'false'],
  sql: ['select', 'from', 'where', 'and', 'or', 'insert', 'into', 'values', 'create', 'table', 'view', 'as', 'case', 'when', 'then', 'end', 'null'],
  cedar: ['permit', 'forbid', 'when', 'unless', 'principal', 'action', 'resource', 'context', 'in', 'true', 'false'],
  json: ['true', 'false', 'null'],
};
const ALIASES: Record<string, string> = { javascript: 'js', ts: 'js', typescript: 'js', sh: 'bash', shell: 'bash', http: 'bash', bb: 'rego', wat: 'rust' };

const COMMENT: Record<string, RegExp> = { bash: /#.*/y, rego: /#.*/y, sql: /--.*/y, js: /\/\/.*|\/\*[\s\S]*?\*\//y, rust: /\/\/.*/y, cedar: /\/\/.*/y, json: /(?!)/y };

export function highlight(code: string, language: string): Token[] {
  const family = ALIASES[language] ?? language;
  const keywords = new Set(KEYWORDS[family] ?? []);
  const comment = COMMENT[family] ?? /(?!)/y;
  const tokens: Token[] = [];
  const push = (text: string, kind: Token['kind']) => {
    const last = tokens[tokens.length - 1];
    if (last && last.kind === kind) last.text += text;
    else tokens.push({ text, kind });
  };
  let i = 0;
  while (i < code.length) {
    comment.lastIndex = i;
    const c = comment.exec(code);
    if (c && c[0]) {
      push(c[0], 'comment');
      i += c[0].length;
      continue;
    }
    const ch = code[i]!;
    if (ch === '"' || ch === "'" || ch === '`') {
      let j = i + 1;
      while (j < code.length && code[j] !== ch && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
      push(code.slice(i, j + 1), 'string');
      i = j + 1;
      continue;
    }
    const word = /[A-Za-z_][\w-]*|\d+(\.\d+)?/y;
    word.lastIndex = i;
    const w = word.exec(code);
    if (w) {
      const kind = /^\d/.test(w[0]) ? 'number' : keywords.has(family === 'sql' ? w[0].toLowerCase() : w[0]) ? 'keyword' : 'plain';
      push(w[0], kind);
      i += w[0].length;
      continue;
    }
    push(ch, 'plain');
    i++;
  }
  return tokens;
}
