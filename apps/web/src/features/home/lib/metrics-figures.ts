// How the homepage's #metrics section reads the server's figures: a dash until they arrive, 'none
// yet' for an average before the first decision (an average of nothing is not 0 µs).
import { formatUptime } from '../../../lib/format-uptime.ts';

/** GET /api/v1/analytics/metrics. */
export type PublicMetrics = { totalDecisions: number; allowedDecisions: number; blockedDecisions: number; averageExecutionTime: number; uptime: number };
/** GET /api/home/live-demo; the rate and the latency are null before the first decision. */
export type LiveDemoSummary = { totalDecisions: number; complianceRate: number | null; averageLatencyUs: number | null };

export type Figure = [label: string, value: string];

const NOT_LOADED = '—';
const NONE_YET = 'none yet';

/** Microseconds as the other figures read: grouped thousands, at most one decimal (19,502.9 µs). */
function microsText(us: number): string {
  return `${us.toLocaleString('en-US', { maximumFractionDigits: 1 })} µs`;
}

const count = (n: number) => n.toLocaleString('en-US');

export function counterFigures(metrics: PublicMetrics | null): Figure[] {
  return [
    ['Decisions signed', metrics ? count(metrics.totalDecisions) : NOT_LOADED],
    ['Allowed', metrics ? count(metrics.allowedDecisions) : NOT_LOADED],
    ['Blocked', metrics ? count(metrics.blockedDecisions) : NOT_LOADED],
    ['Average engine time', metrics ? (metrics.totalDecisions === 0 ? NONE_YET : microsText(metrics.averageExecutionTime)) : NOT_LOADED],
    ['Server uptime', metrics ? formatUptime(metrics.uptime * 1000) : NOT_LOADED],
  ];
}

export function liveDemoFigures(summary: LiveDemoSummary | null): Figure[] {
  return [
    ['Signed decisions', summary ? count(summary.totalDecisions) : NOT_LOADED],
    ['Compliance rate', summary ? (summary.complianceRate === null ? NONE_YET : `${summary.complianceRate.toFixed(1)}%`) : NOT_LOADED],
    ['Average latency', summary ? (summary.averageLatencyUs === null ? NONE_YET : microsText(summary.averageLatencyUs)) : NOT_LOADED],
  ];
}
