import { describe, expect, it } from 'vitest';
import { tokenize } from './highlight.ts';

describe('tokenize', () => {
  it('keeps every character, in order, for any format', () => {
    const code = 'export function decide(a) { // why\n  return "x // y" + 42; }\n/* block */';
    for (const format of ['rego', 'cedar', 'rust', 'javascript', 'bytebound', 'sql', 'wasm'] as const) {
      expect(tokenize(code, format).map((t) => t.text).join('')).toBe(code);
    }
  });

  it('marks comments, strings, numbers and keywords', () => {
    const tokens = tokenize('export const x = "a // b"; // note\nlet n = 42;', 'javascript');
    expect(tokens).toContainEqual({ kind: 'keyword', text: 'export' });
    expect(tokens).toContainEqual({ kind: 'string', text: '"a // b"' });
    expect(tokens).toContainEqual({ kind: 'comment', text: '// note' });
    expect(tokens).toContainEqual({ kind: 'number', text: '42' });
    expect(tokenize(';; rule 1\n(func (export "decide"))', 'wasm')[0]).toEqual({ kind: 'comment', text: ';; rule 1' });
  });
});
