// The live compliance stream: Start and Pause (LIVE / PAUSED; pause holds what is shown while
// events keep arriving), the metrics, the compliance rate with its tier in words, the visitor's
// own decisions, the signed checkpoints with Verify, and the GDPR rights.
import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { MODAL_PROOF_BUNDLES_KEPT, STREAM_DECISIONS_SHOWN } from '../../../config/constants.ts';
import type { ReceptionistSession } from '../api/receptionist-api.ts';
import type { ChatMessage } from '../lib/chat-log.ts';
import { type RateTier, type StreamState, averageExecutionTime, complianceRate, rateTier, timeOf } from '../lib/stream-state.ts';
import { formatUptime } from '../../../lib/format-uptime.ts';
import type { OwnBundle } from '../lib/verify-checkpoint.ts';
import { GdprRightsPanel } from './gdpr-rights-panel.tsx';
import { ProofList } from './proof-list.tsx';

type Props = {
  session: ReceptionistSession;
  stream: StreamState;
  ownBundles: readonly OwnBundle[];
  onBundle: (bundle: OwnBundle) => void;
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>;
  onActivity: () => void;
  onExpired: () => void;
};

const TIER_STYLE: Record<RateTier, string> = {
  excellent: 'text-emerald-300',
  good: 'text-lime-300',
  fair: 'text-amber-300',
  poor: 'text-rose-300',
};

const UPTIME_TICK_MS = 1_000;
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const number = new Intl.NumberFormat();
const micros = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

export function StreamPanel({ session, stream, ownBundles, onBundle, setMessages, onActivity, onExpired }: Props) {
  const [live, setLive] = useState(true);
  const [now, setNow] = useState(() => Date.now());
  const [held, setHeld] = useState<{ stream: StreamState; now: number } | null>(null);

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now()), UPTIME_TICK_MS);
    return () => clearInterval(timer);
  }, [live]);

  const shown = live || !held ? { stream, now } : held;
  const { counters, decisions, checkpoints, uptimeStartedAt } = shown.stream;
  const rate = complianceRate(counters);
  const averageTime = averageExecutionTime(counters);
  const tier = rate === null ? null : rateTier(rate);

  return (
    <section aria-labelledby="receptionist-stream-title" className="space-y-4 px-4 py-4 lg:min-h-0 lg:overflow-y-auto">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="receptionist-stream-title" className="mr-auto font-semibold text-white">
          Live compliance stream
        </h3>
        <span role="status" className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${live ? 'bg-emerald-400 text-ink-950' : 'bg-slate-300 text-ink-950'}`}>
          {live ? 'LIVE' : 'PAUSED'}
        </span>
        <button type="button" onClick={() => setLive(true)} disabled={live} className="rounded-md border border-ink-700 px-3 py-1 text-sm text-slate-100 hover:bg-ink-800 disabled:opacity-60">
          Start
        </button>
        <button type="button" onClick={() => {
            setHeld({ stream, now });
            setLive(false);
          }} disabled={!live} className="rounded-md border border-ink-700 px-3 py-1 text-sm text-slate-100 hover:bg-ink-800 disabled:opacity-60">
          Pause
        </button>
      </div>

      <dl aria-label="Metrics of all receptionist decisions" className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <Metric label="Total decisions" value={number.format(counters.total)} />
        <Metric label="Allowed" value={number.format(counters.allowed)} />
        <Metric label="Blocked" value={number.format(counters.blocked)} />
        <Metric label="Average execution time" value={averageTime === null ? 'no decisions yet' : `${micros.format(averageTime)} µs`} />
        <Metric label="Uptime" value={uptimeStartedAt === null ? '--:--:--' : formatUptime(shown.now - uptimeStartedAt)} />
        <div className="rounded-lg border border-ink-700 bg-ink-900 px-3 py-2">
          <dt className="text-xs text-slate-300">Compliance rate (allowed ÷ total)</dt>
          <dd className={`font-mono text-lg font-semibold ${tier ? TIER_STYLE[tier] : 'text-slate-200'}`}>
            {rate === null ? 'no decisions yet' : `${rate.toFixed(1)}% · ${tier}`}
          </dd>
        </div>
      </dl>

      <div>
        <h4 className="text-sm font-semibold text-slate-100">Your decisions</h4>
        {decisions.length === 0 ? (
          <p className="mt-1 text-sm text-slate-300">Send a message: the engine&apos;s decisions about it appear here.</p>
        ) : (
          <ol aria-label="Your decisions" className="mt-1 space-y-1 text-xs">
            {decisions.slice(0, STREAM_DECISIONS_SHOWN).map((d) => (
              <li key={d.id} className="flex flex-wrap gap-x-2 rounded-md border border-ink-700 bg-ink-900 px-2 py-1 text-slate-200">
                <time dateTime={new Date(timeOf(d.timestamp)).toISOString()}>{timeFormat.format(timeOf(d.timestamp))}</time>
                <span>{d.action}</span>
                <span>{d.field}</span>
                <span className={d.exitCode === 0 ? 'text-emerald-300' : 'text-rose-300'}>{d.exitCode === 0 ? 'allow (exit 0)' : 'block (exit 2)'}</span>
                <span>{d.article}</span>
                <span className="text-slate-300">{micros.format(d.executionTimeUs)} µs</span>
              </li>
            ))}
          </ol>
        )}
      </div>

      <ProofList checkpoints={checkpoints.slice(0, MODAL_PROOF_BUNDLES_KEPT)} ownBundles={ownBundles} />
      <GdprRightsPanel session={session} setMessages={setMessages} onActivity={onActivity} onExpired={onExpired} onBundle={onBundle} />
    </section>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-ink-700 bg-ink-900 px-3 py-2">
      <dt className="text-xs text-slate-300">{label}</dt>
      <dd className="font-mono text-lg font-semibold text-white">{value}</dd>
    </div>
  );
}
