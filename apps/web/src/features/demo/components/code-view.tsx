// The output's code: shown as plain text at once, then highlighted when the highlighter (loaded on
// demand, its own chunk) arrives.
import { useEffect, useState } from 'react';
import type { DemoFormatId } from '../lib/demo-config.ts';
import type { Token, TokenKind } from '../lib/highlight.ts';

const COLOURS: Record<TokenKind, string> = {
  comment: 'text-slate-400',
  string: 'text-amber-200',
  number: 'text-violet-300',
  keyword: 'text-brand-300',
  plain: '',
};

export function CodeView({ code, format, label }: { code: string; format: DemoFormatId; label: string }) {
  const [tokens, setTokens] = useState<{ code: string; list: Token[] } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('../lib/highlight.ts').then(({ tokenize }) => {
      if (!cancelled) setTokens({ code, list: tokenize(code, format) });
    });
    return () => {
      cancelled = true;
    };
  }, [code, format]);
  const list = tokens?.code === code ? tokens.list : null;
  return (
    <pre
      // A scrollable region must be reachable by keyboard (WCAG 2.1.1), so the code block takes focus.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label={label}
      data-testid="demo-output"
      data-highlighted={list ? 'true' : 'false'}
      className="max-h-[28rem] overflow-auto rounded-lg border border-ink-700 bg-ink-950 p-4 text-xs leading-relaxed text-slate-200"
    >
      <code>{list ? list.map((t, i) => (t.kind === 'plain' ? t.text : <span key={i} className={COLOURS[t.kind]}>{t.text}</span>)) : code}</code>
    </pre>
  );
}
