// Renders a parsed Markdown section as React elements. Headings shift down one level (the page
// has its own h1); links within the docs (a section, a heading, another file) open their target
// on this page; code and diagram blocks get their own components.
import { Fragment, type ReactNode } from 'react';
import { type DocTarget, docTargetHash } from '../lib/doc-sections.ts';
import { parseMarkdown, type Block, type Inline } from '../lib/markdown.ts';
import { CodeBlock } from './code-block.tsx';
import { DiagramBlock } from './diagram-block.tsx';

type Props = {
  markdown: string;
  /** Where a link's address leads within the docs (doc-sections.ts), or null outside them. */
  linkTarget: (href: string) => DocTarget | null;
  onNavigate: (target: DocTarget) => void;
};

function inline(parts: Inline[], props: Props): ReactNode {
  return parts.map((part, n) => {
    switch (part.kind) {
      case 'code':
        return (
          <code key={n} className="rounded bg-ink-800 px-1 py-0.5 font-mono text-[0.9em] text-brand-200">
            {part.text}
          </code>
        );
      case 'strong':
        return (
          <strong key={n} className="font-semibold text-white">
            {part.text}
          </strong>
        );
      case 'em':
        return <em key={n}>{part.text}</em>;
      case 'link': {
        const target = props.linkTarget(part.href);
        const external = /^https?:/.test(part.href);
        return (
          <a
            key={n}
            href={target ? docTargetHash(target) : part.href}
            className="text-brand-300 underline underline-offset-2 hover:text-brand-200"
            {...(external ? { rel: 'noreferrer' } : {})}
            onClick={(event) => {
              if (target && !event.metaKey && !event.ctrlKey && !event.shiftKey && event.button === 0) {
                event.preventDefault();
                props.onNavigate(target);
              }
            }}
          >
            {part.text}
          </a>
        );
      }
      default:
        return <Fragment key={n}>{part.text}</Fragment>;
    }
  });
}

function block(b: Block, n: number, props: Props): ReactNode {
  switch (b.kind) {
    case 'heading': {
      const level = Math.min(6, b.level + 1);
      const Tag = `h${level}` as 'h2';
      const size = level === 2 ? 'text-3xl font-bold text-white' : level === 3 ? 'mt-10 text-xl font-semibold text-white' : 'mt-6 text-lg font-semibold text-slate-100';
      return (
        <Tag key={n} id={level === 2 ? undefined : b.slug} tabIndex={level === 2 ? undefined : -1} className={`${size} scroll-mt-24 outline-none`}>
          {inline(b.text, props)}
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p key={n} className="mt-4 leading-relaxed text-slate-300">
          {inline(b.text, props)}
        </p>
      );
    case 'list': {
      const Tag = b.ordered ? 'ol' : 'ul';
      return (
        <Tag key={n} className={`mt-4 space-y-2 pl-6 text-slate-300 ${b.ordered ? 'list-decimal' : 'list-disc'}`}>
          {b.items.map((item, k) => (
            <li key={k}>{inline(item, props)}</li>
          ))}
        </Tag>
      );
    }
    case 'table':
      return (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
        <div key={n} className="mt-5 overflow-x-auto" tabIndex={0} role="region" aria-label="Table">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr>
                {b.head.map((cell, k) => (
                  <th key={k} scope="col" className="border-b border-ink-700 px-3 py-2 font-semibold text-white">
                    {inline(cell, props)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.rows.map((row, r) => (
                <tr key={r} className="border-b border-ink-800">
                  {row.map((cell, k) => (
                    <td key={k} className="px-3 py-2 align-top text-slate-300">
                      {inline(cell, props)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'quote':
      return (
        <blockquote key={n} className="mt-4 border-l-4 border-brand-400 pl-4 text-slate-200">
          {inline(b.text, props)}
        </blockquote>
      );
    case 'code':
      return b.language === 'mermaid' ? <DiagramBlock key={n} source={b.code} /> : <CodeBlock key={n} code={b.code} language={b.language} />;
  }
}

export function MarkdownView(props: Props) {
  return <>{parseMarkdown(props.markdown).map((b, n) => block(b, n, props))}</>;
}
