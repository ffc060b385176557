import { describe, expect, it } from 'vitest';
import { escapeInvisible } from './visible-text.ts';

describe('escapeInvisible', () => {
  it('escapes what a reader cannot see and keeps everything else as it is', () => {
    expect(escapeInvisible('NASA\u001b[2J\u007f\u009b')).toBe('NASA\\u001b[2J\\u007f\\u009b');
    expect(escapeInvisible('admin\u202e\u200bnimda\u2028')).toBe('admin\\u202e\\u200bnimda\\u2028');
    expect(escapeInvisible('Données 😀 § 1798.105 — ok')).toBe('Données 😀 § 1798.105 — ok');
  });
});
