// The free demo compiler (spec section 2, issue 7): one component for the homepage's #demo section
// and the /demo page. Loaded on demand (demo-slot.tsx), so the homepage's first load stays light.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { CompileOptionsInput } from '../api/compile-demo.ts';
import { useDemoCompiler } from '../hooks/use-demo-compiler.ts';
import { useEngineConnection } from '../hooks/use-engine-connection.ts';
import { checkLegalText, useLiveValidation } from '../hooks/use-live-validation.ts';
import {
  DEFAULT_FORMAT,
  DEMO_FORMAT_IDS,
  FORMAT_LABELS,
  HISTORY_PREVIEW_CHARS,
  MORE_TEMPLATES,
  READINESS_CONNECTING,
  READINESS_EMPTY,
  READINESS_FIX_ERRORS,
  READINESS_IN_PROGRESS,
  TEMPLATE_BUTTONS,
  type DemoFormatId,
} from '../lib/demo-config.ts';
import { abVariant, addHistoryEntry, readHistory, readPreferredFormat, writePreferredFormat, type AbVariant, type HistoryEntry } from '../lib/demo-storage.ts';
import { HistoryPanel } from './history-panel.tsx';
import { NormsPanel } from './norms-panel.tsx';
import { OutputPanel } from './output-panel.tsx';
import { SaveArbiter } from './save-arbiter.tsx';
import { StageTrack } from './stage-track.tsx';
import { TryItPanel } from './try-it-panel.tsx';
import { logGlobalErrorsOnly } from '../../../lib/fatal-error.ts';
import './demo.css';

const DEFAULT_OPTIONS: CompileOptionsInput = { enforcementLevel: 'strict', includeTests: true, optimizationLevel: 'maximum', targetEnvironment: 'production' };
const TABS = [
  { id: 'output', label: 'Output' },
  { id: 'norms', label: 'Norms' },
  { id: 'try', label: 'Try it' },
  { id: 'history', label: 'History' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The three kinds of legal-text check, in the order they are shown. */
const CHECK_KINDS = [
  { kind: 'error', list: 'errors', label: 'Error', className: 'border-rose-400 bg-rose-950 text-rose-100' },
  { kind: 'warning', list: 'warnings', label: 'Warning', className: 'border-amber-400 bg-amber-950 text-amber-100' },
  { kind: 'suggestion', list: 'suggestions', label: 'Suggestion', className: 'border-ink-700 bg-ink-900 text-slate-200' },
] as const;

const button = 'rounded-md border border-ink-700 px-3 py-1.5 text-sm text-slate-100 hover:bg-ink-800';
const pressed = 'rounded-md border border-brand-400 bg-brand-400 px-3 py-1.5 text-sm font-semibold text-ink-950';

async function loadTemplate(key: string): Promise<string> {
  const { TEMPLATES } = await import('@bytebound/compiler/templates');
  return TEMPLATES[key as keyof typeof TEMPLATES].content;
}

export function DemoCompiler() {
  const ids = useId();
  const [text, setText] = useState('');
  const textBox = useRef<HTMLTextAreaElement>(null);
  // Mounted only in the browser (demo-slot.tsx), so stored state is read at once.
  const [format, setFormat] = useState<DemoFormatId>(() => readPreferredFormat() ?? DEFAULT_FORMAT);
  const [options, setOptions] = useState<CompileOptionsInput>(DEFAULT_OPTIONS);
  const [showOptions, setShowOptions] = useState(false);
  const [showDetails, setShowDetails] = useState(false);
  const [tab, setTab] = useState<TabId>('output');
  const [history, setHistory] = useState<HistoryEntry[]>(readHistory);
  const [variant] = useState<AbVariant>(() => abVariant());
  const [live, checkNow] = useLiveValidation(text);
  const { connected } = useEngineConnection();
  const { state, start, restore } = useDemoCompiler();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  // Spec section 8: while the demo is on the page, the window's errors and rejections are logged only.
  useEffect(() => logGlobalErrorsOnly(), []);

  /** Shows a whole text (an example, a history entry) with its checks in the same render. */
  const showText = useCallback(
    (next: string) => {
      setText(next);
      checkNow(next);
    },
    [checkNow],
  );

  // DESIGN section 8: variant B opens with the GDPR template loaded (unless the visitor has typed
  // meanwhile), variant A empty.
  useEffect(() => {
    if (variant === 'B') void loadTemplate('gdpr').then((content) => textBox.current?.value === '' && showText(content));
  }, [variant, showText]);

  const validation = live?.validation ?? null;
  const running = state.stage !== 'idle' && state.stage !== 'complete' && state.stage !== 'error';
  const readiness =
    text.trim() === ''
      ? READINESS_EMPTY
      : validation && validation.errors.length > 0
        ? READINESS_FIX_ERRORS
        : running
          ? READINESS_IN_PROGRESS
          : !connected
            ? READINESS_CONNECTING
            : null;

  function chooseFormat(next: DemoFormatId) {
    setFormat(next);
    writePreferredFormat(next);
  }

  async function compileNow(formatOverride?: DemoFormatId) {
    if (readiness !== null) return;
    const useFormat = formatOverride ?? format;
    // Within the debounce the shown checks may be older than the text: check the text as sent.
    const checked = live?.text === text ? live : checkLegalText(text);
    if (checked.validation.errors.length > 0) {
      checkNow(text);
      return;
    }
    const detection = checked.detection;
    const wordCount = text.trim().split(/\s+/).filter(Boolean).length;
    const outcome = await start({
      legalText: text,
      format: useFormat,
      jurisdiction: detection.jurisdiction ?? 'US',
      options,
      detectedRegulation: detection.regulation,
      wordCount,
      abTestVariant: variant,
    });
    if ('refused' in outcome) return;
    const entry: HistoryEntry = outcome.ok
      ? {
          id: outcome.result.compilationId,
          timestamp: new Date().toISOString(),
          regulation: outcome.result.metadata.detected.regulation,
          jurisdiction: outcome.result.metadata.detected.jurisdiction,
          opl: useFormat,
          compilationTime: outcome.result.metadata.compilationTime,
          success: true,
          preview: outcome.result.output.slice(0, HISTORY_PREVIEW_CHARS),
          error: null,
          legalText: text,
        }
      : {
          id: crypto.randomUUID(),
          timestamp: new Date().toISOString(),
          regulation: detection.regulation,
          jurisdiction: detection.jurisdiction,
          opl: useFormat,
          compilationTime: null,
          success: false,
          preview: null,
          error: outcome.error,
          legalText: text,
        };
    setHistory(addHistoryEntry(entry));
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((t) => t.id === tab);
    const move = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    let next = index;
    if (move !== 0) next = (index + move + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    else return;
    event.preventDefault();
    const target = TABS[next]!;
    setTab(target.id);
    tabRefs.current[target.id]?.focus();
  }

  const textId = `${ids}-text`;
  const result = state.result;

  function panel(id: TabId) {
    if (id === 'history') {
      return (
        <HistoryPanel
          entries={history}
          onRestore={(entry) => {
            showText(entry.legalText);
            chooseFormat(entry.opl);
            restore(null);
            setTab('output');
          }}
        />
      );
    }
    if (!result) {
      const empty: Record<Exclude<TabId, 'history'>, string> = {
        output: 'Compile a text to see its policy code here.',
        norms: 'Compile a text to see each norm beside its quote and the rules it produced.',
        try: 'Compile a text, then decide a request with the compiled policy here.',
      };
      return <p className="text-sm text-slate-300">{empty[id]}</p>;
    }
    if (id === 'output') return <OutputPanel result={result} showDetails={showDetails} onToggleDetails={() => setShowDetails((s) => !s)} />;
    if (id === 'norms') return <NormsPanel result={result} />;
    return (
      <TryItPanel
        key={result.compilationId}
        result={result}
        onCompileJavascript={() => {
          chooseFormat('javascript');
          void compileNow('javascript');
        }}
      />
    );
  }

  return (
    <div className="grid gap-6 text-left lg:grid-cols-2" data-testid="demo-compiler" data-variant={variant}>
      <div className="space-y-4">
        <div role="group" aria-label="Load an example" className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-300">Load example:</span>
          {TEMPLATE_BUTTONS.map((t) => (
            <button key={t.key} type="button" className={button} onClick={() => void loadTemplate(t.key).then(showText)}>
              {t.label}
            </button>
          ))}
          {/* The spec's four have buttons; the other templates are offered here. */}
          <select
            aria-label="More examples"
            value=""
            onChange={(e) => {
              if (e.target.value) void loadTemplate(e.target.value).then(showText);
            }}
            className="rounded-md border border-ink-700 bg-ink-950 px-2 py-1.5 text-sm text-slate-100"
          >
            <option value="">More examples…</option>
            {MORE_TEMPLATES.map((t) => (
              <option key={t.key} value={t.key}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={textId} className="block text-sm font-semibold text-white">
            Legal text
          </label>
          <textarea
            ref={textBox}
            id={textId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void compileNow();
              }
            }}
            rows={14}
            spellCheck={false}
            aria-describedby={`${ids}-checks ${ids}-readiness`}
            placeholder="Paste an article, section or requirement, or load an example."
            className="mt-1 w-full rounded-lg border border-ink-700 bg-ink-900 p-3 font-mono text-sm text-slate-100 placeholder:text-slate-400"
          />
          <p className="text-xs text-slate-300">{text.length.toLocaleString('en-US')} characters · Ctrl+Enter compiles</p>
        </div>

        <div role="group" aria-label="Output format" className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-300">Output format:</span>
          {DEMO_FORMAT_IDS.map((f) => (
            <button key={f} type="button" aria-pressed={format === f} className={format === f ? pressed : button} onClick={() => chooseFormat(f)} data-format={f}>
              {FORMAT_LABELS[f]}
            </button>
          ))}
        </div>

        <div>
          <button type="button" className={button} aria-expanded={showOptions} aria-controls={`${ids}-options`} onClick={() => setShowOptions((s) => !s)}>
            {showOptions ? 'Hide advanced options' : 'Advanced options'}
          </button>
          {showOptions && (
            <div id={`${ids}-options`} className="mt-3 grid gap-3 rounded-lg border border-ink-700 bg-ink-900 p-3 text-sm sm:grid-cols-2">
              <OptionSelect label="Enforcement level" value={options.enforcementLevel} values={['strict', 'moderate', 'permissive']} onChange={(v) => setOptions({ ...options, enforcementLevel: v as CompileOptionsInput['enforcementLevel'] })} />
              <OptionSelect label="Optimization level" value={options.optimizationLevel} values={['none', 'basic', 'maximum']} onChange={(v) => setOptions({ ...options, optimizationLevel: v as CompileOptionsInput['optimizationLevel'] })} />
              <OptionSelect label="Target environment" value={options.targetEnvironment} values={['production', 'development']} onChange={(v) => setOptions({ ...options, targetEnvironment: v as CompileOptionsInput['targetEnvironment'] })} />
              <label className="flex items-center gap-2 self-end text-slate-200">
                <input type="checkbox" checked={options.includeTests} onChange={(e) => setOptions({ ...options, includeTests: e.target.checked })} />
                Include tests
              </label>
            </div>
          )}
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={button} onClick={() => checkNow(text)} disabled={text.trim() === ''}>
            Analyze
          </button>
          <button
            type="button"
            onClick={() => void compileNow()}
            disabled={readiness !== null}
            className="rounded-lg bg-brand-400 px-5 py-2 font-semibold text-ink-950 hover:bg-brand-300 disabled:cursor-not-allowed disabled:opacity-60"
          >
            Compile
          </button>
          <p id={`${ids}-readiness`} role="status" className="text-sm text-slate-300" data-testid="demo-readiness">
            {readiness}
          </p>
        </div>
        {/* Under the buttons: checks arriving after the debounce move nothing a visitor is about to click. */}
        <div id={`${ids}-checks`} aria-live="polite" data-testid="demo-validation" className="space-y-2 text-sm">
          {live && (
            <p className="text-slate-300" data-testid="demo-detected">
              Detected:{' '}
              {live.detection.jurisdiction ? (
                <>
                  <strong className="text-white">{live.detection.regulation}</strong> ({live.detection.jurisdiction}), confidence {Math.round(live.detection.confidence * 100)}%
                </>
              ) : (
                'no specific jurisdiction (US rules by default)'
              )}
            </p>
          )}
          {validation &&
            CHECK_KINDS.flatMap(({ kind, list, label, className }) =>
              validation[list].map((m) => (
                <p key={`${kind}:${m}`} className={`rounded-md border px-3 py-2 ${className}`} data-kind={kind}>
                  <span className="font-semibold">{label}: </span>
                  {m}
                </p>
              )),
            )}
        </div>

        {result && <SaveArbiter legalText={text} jurisdiction={result.metadata.detected.jurisdiction ?? 'US'} options={options} />}
      </div>

      <div className="min-w-0 space-y-4">
        <StageTrack state={state} />
        <div>
          <div role="tablist" aria-label="Compile results" className="flex gap-1 border-b border-ink-700">
            {TABS.map((t) => (
              <button
                key={t.id}
                ref={(el) => {
                  tabRefs.current[t.id] = el;
                }}
                type="button"
                role="tab"
                id={`${ids}-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`${ids}-panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                onClick={() => setTab(t.id)}
                onKeyDown={onTabKey}
                className={`-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm ${tab === t.id ? 'border-brand-400 font-semibold text-white' : 'border-transparent text-slate-300 hover:text-white'}`}
              >
                {t.label}
                {t.id === 'history' && history.length > 0 ? ` (${history.length})` : ''}
              </button>
            ))}
          </div>
          {TABS.map((t) => (
            <div key={t.id} role="tabpanel" id={`${ids}-panel-${t.id}`} aria-labelledby={`${ids}-tab-${t.id}`} hidden={tab !== t.id} className="pt-4">
              {tab === t.id && panel(t.id)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function OptionSelect({ label, value, values, onChange }: { label: string; value: string; values: string[]; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-semibold text-slate-200">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="mt-1 w-full rounded-md border border-ink-700 bg-ink-950 px-2 py-1.5 text-slate-100">
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}
