// #ai-demo: an illustration of the verdict (allow / shutdown every 4 s) and a feed of synthetic
// decisions made in this browser by a compiled GDPR policy (every 2 s, newest first, at most 100).
// Both are labelled for what they are and both can be paused.
import { useEffect, useState } from 'react';
import { OUTCOME_TOGGLE_MS, SIMULATED_DECISION_INTERVAL_MS, SIMULATED_DECISIONS_KEPT } from '../../../config/constants.ts';
import { useReducedMotion } from '../../../lib/use-reduced-motion.ts';
import type { SyntheticDecision } from '../lib/synthetic-traffic.ts';
import { HomeSection } from './home-section.tsx';
import { PauseButton } from './pause-button.tsx';

function OutcomePanel() {
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (reduced || paused) return;
    const timer = window.setInterval(() => setBlocked((b) => !b), OUTCOME_TOGGLE_MS);
    return () => window.clearInterval(timer);
  }, [reduced, paused]);

  return (
    <div className="rounded-xl border border-ink-700 bg-ink-900 p-6">
      <p className="text-xs font-semibold tracking-wide text-slate-300 uppercase">Illustration, not live data</p>
      <p className="mt-3 text-slate-300">An agent tries to send a customer&apos;s email address to an analytics host outside the EU.</p>
      <div
        data-testid="outcome"
        data-outcome={blocked ? 'shutdown' : 'allow'}
        className={`mt-4 rounded-lg p-5 text-center font-mono text-3xl font-bold ${blocked ? 'bg-red-950 text-red-200' : 'bg-emerald-950 text-emerald-200'}`}
      >
        {blocked ? 'shutdown' : 'allow'}
      </div>
      <p className="mt-3 min-h-[3rem] text-sm text-slate-300">
        {blocked
          ? 'exit 2 — GDPR Art. 44: transfer to a third country without adequacy or appropriate safeguards. The tool call never runs.'
          : 'exit 0 — the same request with standard contractual clauses recorded for that host. The tool call runs.'}
      </p>
      <div className="mt-2 h-8">{!reduced && <PauseButton paused={paused} onToggle={() => setPaused((p) => !p)} what="illustration" />}</div>
    </div>
  );
}

function SyntheticFeed() {
  const [running, setRunning] = useState(false);
  const [decisions, setDecisions] = useState<SyntheticDecision[]>([]);

  useEffect(() => {
    if (!running) return;
    let cancelled = false;
    let timer = 0;
    // The policy and the evaluator load only when the feed starts, off the homepage's first load.
    void import('../lib/synthetic-traffic.ts').then(({ nextSyntheticDecision }) => {
      if (cancelled) return;
      const tick = () => setDecisions((list) => [nextSyntheticDecision(), ...list].slice(0, SIMULATED_DECISIONS_KEPT));
      tick();
      timer = window.setInterval(tick, SIMULATED_DECISION_INTERVAL_MS);
    });
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [running]);

  const blocked = decisions.filter((d) => d.exitCode === 2).length;
  return (
    <div className="rounded-xl border border-ink-700 bg-ink-900 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-slate-300 uppercase">Synthetic traffic, decided in your browser</p>
        <button
          type="button"
          onClick={() => setRunning((r) => !r)}
          className="rounded-md bg-brand-400 px-3 py-1.5 text-sm font-semibold text-ink-950 hover:bg-brand-300"
        >
          {running ? 'Pause feed' : 'Start feed'}
        </button>
      </div>
      <p className="mt-3 text-sm text-slate-300">
        Made-up agent actions on contact-form fields, decided every two seconds against the GDPR Article 17 template compiled by the real
        compiler. Nothing is signed, logged or counted.
      </p>
      <p className="mt-3 text-sm text-slate-200" aria-live="polite">
        {decisions.length} decisions, {blocked} blocked
      </p>
      {/* A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ol data-testid="synthetic-feed" className="mt-3 max-h-64 space-y-1 overflow-y-auto font-mono text-xs" tabIndex={0} aria-label="Synthetic decisions, newest first">
        {decisions.map((d) => (
          <li key={d.id} className="flex flex-wrap gap-x-3 rounded bg-ink-800 px-2 py-1">
            <span className={d.exitCode === 0 ? 'text-emerald-300' : 'text-red-300'}>exit {d.exitCode}</span>
            <span>
              {d.action} {d.field}
            </span>
            <span className="text-slate-300">{d.article ?? d.reason}</span>
            <span className="text-slate-300">{d.executionTimeUs} µs</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function AiDemoSection() {
  return (
    <HomeSection
      id="ai-demo"
      eyebrow="Decisions in action"
      title="Allow or shutdown, before the action runs"
      lead="Every tool call an agent makes becomes a request: action, timing, target and a closed set of attributes. The engine answers with exit code 0 or 2 and names the article that decided."
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <OutcomePanel />
        <SyntheticFeed />
      </div>
    </HomeSection>
  );
}
