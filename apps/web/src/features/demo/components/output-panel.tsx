// The compiled output: the 'Simulation' label, copy, download with the format's extension, the
// highlighted code and, behind the details toggle, what the compile measured and the format's facts.
import { useEffect, useState } from 'react';
import { COPY_FEEDBACK_MS } from '../../../config/constants.ts';
import type { DemoCompileResult } from '../api/compile-demo.ts';
import { FORMAT_EXTENSIONS, type DemoFormatId } from '../lib/demo-config.ts';
import { CodeView } from './code-view.tsx';
import { formatMs } from './stage-track.tsx';

export const SIMULATION_LABEL = 'Simulation';
export const SIMULATION_NOTE = 'Not legal advice: review the generated policy with counsel before production use.';

export function downloadName(result: DemoCompileResult): string {
  const regulation = (result.metadata.detected.regulation ?? 'policy').toLowerCase();
  return `bytebound-${regulation}${FORMAT_EXTENSIONS[result.format.id] ?? result.format.extension}`;
}

function download(result: DemoCompileResult) {
  const url = URL.createObjectURL(new Blob([result.output], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = downloadName(result);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function OutputPanel({ result, showDetails, onToggleDetails }: { result: DemoCompileResult; showDetails: boolean; onToggleDetails: () => void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  const format = result.format.id as DemoFormatId;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm text-slate-300">
          <span className="mr-2 rounded bg-amber-300 px-2 py-0.5 text-xs font-bold text-ink-950 uppercase" data-testid="demo-simulation-label">
            {SIMULATION_LABEL}
          </span>
          {SIMULATION_NOTE}
        </p>
        <button
          type="button"
          className="rounded-md border border-ink-700 px-3 py-1.5 text-sm text-slate-100 hover:bg-ink-800"
          onClick={() => {
            navigator.clipboard.writeText(result.output).then(
              () => setCopy('copied'),
              () => setCopy('failed'),
            );
          }}
        >
          {copy === 'copied' ? 'Copied!' : copy === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
        <button type="button" className="rounded-md border border-ink-700 px-3 py-1.5 text-sm text-slate-100 hover:bg-ink-800" onClick={() => download(result)}>
          Download {FORMAT_EXTENSIONS[format]}
        </button>
        <button type="button" aria-expanded={showDetails} aria-controls="demo-details" className="rounded-md border border-ink-700 px-3 py-1.5 text-sm text-slate-100 hover:bg-ink-800" onClick={onToggleDetails}>
          {showDetails ? 'Hide details' : 'Compilation details'}
        </button>
      </div>
      <div className="mt-3">
        <CodeView code={result.output} format={format} label={`Compiled ${result.format.name} output`} />
      </div>
      {showDetails && <CompilationDetails result={result} />}
    </div>
  );
}

export function CompilationDetails({ result }: { result: DemoCompileResult }) {
  const m = result.metadata;
  return (
    <div id="demo-details" className="mt-4 grid gap-4 rounded-lg border border-ink-700 bg-ink-900 p-4 text-sm sm:grid-cols-2" data-testid="demo-details">
      <div>
        <h4 className="font-semibold text-white">Stage timings (measured by the server)</h4>
        <table className="mt-2 w-full text-left text-slate-300">
          <tbody>
            {result.stages.map((s) => (
              <tr key={s.stage}>
                <th scope="row" className="py-0.5 pr-4 font-normal capitalize">{s.stage}</th>
                <td className="py-0.5">{formatMs(s.ms)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-0.5 pr-4 font-semibold">Total</th>
              <td className="py-0.5 font-semibold" data-testid="demo-compilation-time">{formatMs(m.compilationTime)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-300">
        <dt>Performance tier</dt>
        <dd data-testid="demo-performance-tier">{m.performanceTier}</dd>
        <dt>Word count</dt>
        <dd>{m.wordCount}</dd>
        <dt>Norms / rules</dt>
        <dd>
          {m.normCount} / {m.ruleCount}
        </dd>
        <dt>Detected</dt>
        <dd>
          {m.detected.regulation ?? 'none'} ({m.detected.jurisdiction ?? 'US by default'})
        </dd>
        <dt>Format</dt>
        <dd>{result.format.name}</dd>
        <dt>Description</dt>
        <dd>{result.format.description}</dd>
        <dt>Performance</dt>
        <dd>{result.format.performance}</dd>
        <dt>Ecosystem</dt>
        <dd>{result.format.ecosystem}</dd>
        <dt>Output digest</dt>
        <dd className="break-all font-mono text-xs">{m.outputDigest}</dd>
      </dl>
    </div>
  );
}
