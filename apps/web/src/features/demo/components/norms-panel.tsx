// Each extracted norm beside the quote it came from and the rules it produced, so a lawyer can see
// why every line of the output exists.
import type { DemoCompileResult } from '../api/compile-demo.ts';

export function NormsPanel({ result }: { result: DemoCompileResult }) {
  if (result.norms.length === 0) {
    return <p className="text-sm text-slate-300">{result.note ?? 'No duty, right, permission or prohibition was found in this text.'} The policy holds the regulation's baseline rules only.</p>;
  }
  return (
    <ol className="space-y-3" aria-label="Extracted norms">
      {result.norms.map((norm, i) => (
        <li key={i} className="grid gap-3 rounded-lg border border-ink-700 bg-ink-900 p-3 text-sm md:grid-cols-2" data-testid="demo-norm">
          <div>
            <p className="font-semibold text-white">
              <span className="capitalize">{norm.modality}</span> · {norm.source.article}
            </p>
            <p className="mt-1 text-slate-300">
              {norm.subject}: {norm.action} {norm.target} data{norm.deadline ? `, deadline ${norm.deadline}` : ''}
              {norm.condition ? `, when ${norm.condition}` : ''}
            </p>
            <blockquote className="mt-2 border-l-2 border-brand-400 pl-3 text-slate-200 italic">{norm.source.quote}</blockquote>
          </div>
          <div>
            <p className="font-semibold text-white">Rules produced</p>
            {norm.rules.length === 0 ? (
              <p className="mt-1 text-slate-300">None of its own (covered by the regulation's baseline).</p>
            ) : (
              <ul className="mt-1 space-y-1 text-slate-300">
                {norm.rules.map((rule) => (
                  <li key={rule.id}>
                    <code className="text-brand-200">{rule.id}</code> — {rule.effect}, {rule.article}: {rule.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
