// Try it: build a request and let the compiled policy decide it in the browser. The JavaScript or
// WebAssembly output itself runs in a sandboxed worker (lib/policy-sandbox.ts), never in the page.
import { ACTIONS, BOOLEAN_ATTRIBUTES, ENUM_ATTRIBUTES, TARGETS, TIMINGS, type BooleanAttribute } from '@bytebound/compiler/policy-model';
import { completeRequest } from '@bytebound/compiler/request';
import { useId, useState } from 'react';
import type { DemoCompileResult } from '../api/compile-demo.ts';
import type { SandboxDecision } from '../lib/policy-sandbox.ts';

type Draft = {
  action: string;
  timing: string;
  target: string;
  jurisdiction: string;
  legalBasis: string;
  destination: string;
  subjectRequest: string;
  principalRole: string;
  flags: Record<BooleanAttribute, boolean>;
};

const FLAG_LABELS: Partial<Record<BooleanAttribute, string>> = {
  consent: 'Consent given',
  explicitConsent: 'Explicit consent',
  safeguards: 'Transfer safeguards in place',
  optedOut: 'Consumer opted out',
  encrypted: 'Data encrypted',
  erasureRequested: 'Erasure requested',
};

const initialDraft = (jurisdiction: string | null): Draft => ({
  action: 'share',
  timing: 'pre-action',
  target: 'personal',
  jurisdiction: jurisdiction ?? '',
  legalBasis: 'none',
  destination: 'third-party',
  subjectRequest: 'none',
  principalRole: 'agent',
  flags: Object.fromEntries(BOOLEAN_ATTRIBUTES.map((b) => [b, false])) as Record<BooleanAttribute, boolean>,
});

const selectClass = 'mt-1 w-full rounded-md border border-ink-700 bg-ink-950 px-2 py-1.5 text-sm text-slate-100';

function Select({ label, value, values, onChange, empty }: { label: string; value: string; values: readonly string[]; onChange: (v: string) => void; empty?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-xs font-semibold text-slate-200">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
        {empty !== undefined && <option value="">{empty}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TryItPanel({ result, onCompileJavascript }: { result: DemoCompileResult; onCompileJavascript: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(result.metadata.detected.jurisdiction));
  const [decision, setDecision] = useState<SandboxDecision | null>(null);
  const [running, setRunning] = useState(false);
  const runnable = result.format.id === 'javascript' || (result.format.id === 'wasm' && result.binary !== undefined);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDecision(null);
  };

  if (!runnable) {
    return (
      <div className="text-sm text-slate-300">
        <p>Try it runs the compiled JavaScript or WebAssembly output in a sandboxed worker in your browser. This compile is {result.format.name}.</p>
        <button type="button" onClick={onCompileJavascript} className="mt-3 rounded-md bg-brand-400 px-3 py-1.5 font-semibold text-ink-950 hover:bg-brand-300">
          Compile this text to JavaScript and try it
        </button>
      </div>
    );
  }

  async function run() {
    setRunning(true);
    try {
      const request = completeRequest({
        action: draft.action,
        timing: draft.timing,
        target: draft.target,
        attributes: {
          ...(draft.jurisdiction ? { jurisdiction: draft.jurisdiction } : {}),
          legalBasis: draft.legalBasis,
          destination: draft.destination,
          subjectRequest: draft.subjectRequest,
          principalRole: draft.principalRole,
          ...draft.flags,
        },
      });
      const sandbox = await import('../lib/policy-sandbox.ts');
      if (!request.ok) setDecision({ decision: 'DENY', exitCode: 2, article: null, reasons: [{ text: request.error, article: null }], ranBy: 'javascript' });
      else if (result.format.id === 'wasm' && result.binary) setDecision(await sandbox.decideWithWasm(result.binary.data, request.request));
      else setDecision(await sandbox.decideWithJavascript(result.output, request.request));
    } finally {
      setRunning(false);
    }
  }

  return (
    <div className="text-sm">
      <p className="text-slate-300">
        The {result.format.id === 'wasm' ? 'WebAssembly' : 'JavaScript'} output you just compiled decides this request in a sandboxed worker: no page access, no network.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <Select label="Action" value={draft.action} values={ACTIONS} onChange={(action) => set({ action })} />
        <Select label="Timing" value={draft.timing} values={TIMINGS} onChange={(timing) => set({ timing })} />
        <Select label="Target" value={draft.target} values={TARGETS} onChange={(target) => set({ target })} />
        <Select label="Jurisdiction" value={draft.jurisdiction} values={ENUM_ATTRIBUTES.jurisdiction} onChange={(jurisdiction) => set({ jurisdiction })} empty="any (all loaded regulations)" />
        <Select label="Legal basis" value={draft.legalBasis} values={ENUM_ATTRIBUTES.legalBasis} onChange={(legalBasis) => set({ legalBasis })} />
        <Select label="Destination" value={draft.destination} values={ENUM_ATTRIBUTES.destination} onChange={(destination) => set({ destination })} />
        <Select label="Subject request" value={draft.subjectRequest} values={ENUM_ATTRIBUTES.subjectRequest} onChange={(subjectRequest) => set({ subjectRequest })} />
        <Select label="Principal role" value={draft.principalRole} values={ENUM_ATTRIBUTES.principalRole} onChange={(principalRole) => set({ principalRole })} />
      </div>
      <fieldset className="mt-3">
        <legend className="text-xs font-semibold text-slate-200">Facts</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {(Object.keys(FLAG_LABELS) as BooleanAttribute[]).map((flag) => (
            <label key={flag} className="flex items-center gap-2 text-slate-200">
              <input type="checkbox" checked={draft.flags[flag]} onChange={(e) => set({ flags: { ...draft.flags, [flag]: e.target.checked } })} />
              {FLAG_LABELS[flag]}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="button" onClick={() => void run()} disabled={running} className="mt-4 rounded-md bg-brand-400 px-4 py-2 font-semibold text-ink-950 hover:bg-brand-300 disabled:opacity-60">
        {running ? 'Deciding…' : 'Decide'}
      </button>
      <div aria-live="polite" className="mt-4">
        {decision && (
          <div data-testid="demo-decision" data-decision={decision.decision} className={`rounded-lg border p-3 ${decision.decision === 'ALLOW' ? 'border-emerald-400 bg-emerald-950' : 'border-rose-400 bg-rose-950'}`}>
            <p className="text-lg font-bold text-white">
              {decision.decision} · exit {decision.exitCode}
            </p>
            {decision.article && <p className="text-slate-200">Article: {decision.article}</p>}
            <ul className="mt-1 list-disc pl-5 text-slate-200">
              {decision.reasons.map((r, i) => (
                <li key={i}>{r.text}</li>
              ))}
            </ul>
            <p className="mt-1 text-xs text-slate-300">Decided by the {decision.ranBy === 'wasm' ? 'WebAssembly' : 'JavaScript'} output in a sandboxed worker.</p>
          </div>
        )}
      </div>
    </div>
  );
}
