// A code block of the docs: language label, line count, line numbers and a copy button ('Copy',
// then 'Copied!' for 2 s). Highlighting arrives from a module loaded on demand; until then (and in
// the prerendered page) the code shows plain.
import { useEffect, useState } from 'react';
import { COPY_FEEDBACK_MS } from '../../../config/constants.ts';
import type { Token } from '../lib/highlight.ts';

const TOKEN_CLASS: Record<Token['kind'], string> = {
  plain: '',
  comment: 'text-slate-400 italic',
  string: 'text-emerald-300',
  number: 'text-amber-300',
  keyword: 'text-brand-300',
};

export function CodeBlock({ code, language }: { code: string; language: string }) {
  const [tokens, setTokens] = useState<Token[] | null>(null);
  const [copied, setCopied] = useState(false);
  const lines = code.split('\n');

  useEffect(() => {
    let cancelled = false;
    void import('../lib/highlight.ts').then(({ highlight }) => {
      if (!cancelled) setTokens(highlight(code, language));
    });
    return () => {
      cancelled = true;
    };
  }, [code, language]);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // Without clipboard permission the button stays as it was; the code can still be selected.
    }
  };

  return (
    <figure className="my-5 overflow-hidden rounded-lg border border-ink-700 bg-ink-950" data-testid="code-block">
      <figcaption className="flex items-center justify-between border-b border-ink-700 bg-ink-900 px-4 py-2 text-xs text-slate-300">
        <span>
          <span className="font-semibold text-slate-100 uppercase" data-testid="code-language">
            {language}
          </span>{' '}
          · <span data-testid="code-lines">{lines.length === 1 ? '1 line' : `${lines.length} lines`}</span>
        </span>
        <button type="button" onClick={() => void copy()} className="rounded border border-ink-700 px-2 py-1 font-medium text-slate-100 hover:bg-ink-800">
          <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
        </button>
      </figcaption>
      {/* A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="flex overflow-x-auto text-sm" tabIndex={0} role="region" aria-label={`${language} code`}>
        <pre aria-hidden="true" className="border-r border-ink-700 px-3 py-3 text-right font-mono text-slate-400 select-none" data-testid="line-numbers">
          {lines.map((_, n) => `${n + 1}\n`)}
        </pre>
        <pre className="flex-1 px-4 py-3 font-mono text-slate-100">
          <code data-highlighted={tokens ? 'true' : 'false'}>
            {tokens
              ? tokens.map((t, n) =>
                  t.kind === 'plain' ? (
                    t.text
                  ) : (
                    <span key={n} className={TOKEN_CLASS[t.kind]}>
                      {t.text}
                    </span>
                  ),
                )
              : code}
          </code>
        </pre>
      </div>
    </figure>
  );
}
