// #metrics: the public, aggregate counters of the real decisions this service has signed
// (GET /api/v1/analytics/metrics) and, beside them, the live demo summary of the same decisions
// (GET /api/home/live-demo: total, compliance rate, average latency), both read when the section
// comes into view. Never cached.
import { useEffect, useRef, useState } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { counterFigures, type Figure, liveDemoFigures, type LiveDemoSummary, type PublicMetrics } from '../lib/metrics-figures.ts';
import { HomeSection } from './home-section.tsx';

function Figures({ figures, testId, loaded, columns }: { figures: Figure[]; testId: string; loaded: boolean; columns: string }) {
  return (
    <dl data-testid={testId} data-loaded={loaded ? 'true' : 'false'} className={`grid gap-4 sm:grid-cols-2 ${columns}`}>
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-ink-700 bg-ink-900 p-5">
          <dt className="text-sm text-slate-300">{label}</dt>
          <dd className="mt-1 font-mono text-2xl font-semibold text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function MetricsSection() {
  const ref = useRef<HTMLDivElement>(null);
  const [metrics, setMetrics] = useState<PublicMetrics | null>(null);
  const [summary, setSummary] = useState<LiveDemoSummary | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      apiClient
        .get<PublicMetrics>('/api/v1/analytics/metrics')
        .then(setMetrics)
        .catch(() => setFailed(true));
      apiClient
        .get<LiveDemoSummary>('/api/home/live-demo')
        .then(setSummary)
        .catch(() => setFailed(true));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <HomeSection id="metrics" eyebrow="Live metrics" title="Real decisions, counted by this server" lead="Aggregate, anonymous counters of the decisions this service has signed through its decision API since it started keeping them. No demo traffic is counted.">
      <div ref={ref} aria-live="polite">
        <p className="mb-4 h-6 text-sm text-slate-300">{failed ? 'The metrics could not be loaded just now.' : metrics && summary ? 'As of now.' : 'Loading the counters…'}</p>
        {/* The cards are there from the start (with a dash until the counters arrive), so loading them never moves the page. */}
        <Figures figures={counterFigures(metrics)} testId="metrics" loaded={metrics !== null} columns="lg:grid-cols-5" />
        <h3 className="mt-10 text-lg font-semibold text-white">Live demo summary</h3>
        <p className="mt-1 mb-4 text-sm text-slate-300">
          The same signed decisions in three figures: how many, the share allowed, and the mean time the engine took for one.
        </p>
        <Figures figures={liveDemoFigures(summary)} testId="live-demo" loaded={summary !== null} columns="lg:grid-cols-3" />
      </div>
    </HomeSection>
  );
}
