// The compliance stream's state (issue 8, spec sections 4 and 9): the visitor's own decisions
// (newest first, at most STREAM_DECISIONS_KEPT, none older than an hour), the signed checkpoints
// (at most STREAM_PROOF_BUNDLES_KEPT) and the global anonymous counters, fed by the server's frames.
import { COMPLIANCE_RATE_TIERS, STREAM_DECISION_MAX_AGE_MS, STREAM_DECISIONS_KEPT, STREAM_PROOF_BUNDLES_KEPT } from '../../../config/constants.ts';

export type StreamDecision = {
  id: string;
  timestamp: string | number;
  action: string;
  field: string;
  exitCode: 0 | 2;
  article: string | null;
  executionTimeUs: number;
  sessionId?: string;
  bundleId?: string;
};

export type StreamCheckpoint = {
  id: string;
  timestamp: string;
  treeSize: number;
  rootHash: string;
  signature: string;
  keyId: string;
  decisions: string[];
  decisionCount: number;
  origin?: string;
  /** The proof-bundle ids of the decisions covered, when the server lists them. */
  bundleIds?: string[];
};

export type Counters = { total: number; allowed: number; blocked: number; averageExecutionTimeUs: number };

export type StreamState = {
  decisions: StreamDecision[];
  checkpoints: StreamCheckpoint[];
  counters: Counters;
  /** Epoch ms the uptime counts from; null until the server said hello. */
  uptimeStartedAt: number | null;
};

export type StreamFrame =
  | { type: 'hello'; counters?: Counters; checkpoints?: StreamCheckpoint[]; uptimeStartedAt?: string | number; decisions?: StreamDecision[] }
  | { type: 'decision'; decision: StreamDecision }
  | { type: 'counters'; counters: Counters }
  | { type: 'checkpoint'; checkpoint: StreamCheckpoint };

export type StreamEvent = StreamFrame | { type: 'prune'; now: number };

export const emptyStream: StreamState = {
  decisions: [],
  checkpoints: [],
  counters: { total: 0, allowed: 0, blocked: 0, averageExecutionTimeUs: 0 },
  uptimeStartedAt: null,
};

export function timeOf(value: string | number): number {
  return typeof value === 'number' ? value : Date.parse(value);
}

const fresh = (now: number) => (d: StreamDecision) => !(now - timeOf(d.timestamp) > STREAM_DECISION_MAX_AGE_MS);

function newestFirst<T extends { id: string }>(added: T[], kept: T[], limit: number): T[] {
  const ids = new Set(added.map((a) => a.id));
  return [...added, ...kept.filter((k) => !ids.has(k.id))].slice(0, limit);
}

export function streamReducer(state: StreamState, event: StreamEvent): StreamState {
  switch (event.type) {
    case 'hello':
      return {
        decisions: event.decisions ? newestFirst(event.decisions, state.decisions, STREAM_DECISIONS_KEPT) : state.decisions,
        checkpoints: event.checkpoints ? newestFirst([...event.checkpoints].sort((a, b) => b.treeSize - a.treeSize), state.checkpoints, STREAM_PROOF_BUNDLES_KEPT) : state.checkpoints,
        counters: event.counters ?? state.counters,
        uptimeStartedAt: event.uptimeStartedAt === undefined ? state.uptimeStartedAt : timeOf(event.uptimeStartedAt),
      };
    case 'decision':
      return { ...state, decisions: newestFirst([event.decision], state.decisions, STREAM_DECISIONS_KEPT) };
    case 'counters':
      return { ...state, counters: event.counters };
    case 'checkpoint':
      return { ...state, checkpoints: newestFirst([event.checkpoint], state.checkpoints, STREAM_PROOF_BUNDLES_KEPT) };
    case 'prune': {
      const decisions = state.decisions.filter(fresh(event.now));
      return decisions.length === state.decisions.length ? state : { ...state, decisions };
    }
    default:
      return state;
  }
}

/** Compliance rate = allowed / total, in percent; null before the first decision. */
export function complianceRate(counters: Counters): number | null {
  return counters.total > 0 ? (counters.allowed / counters.total) * 100 : null;
}

/** The mean time the engine took for a decision, in microseconds; null before the first decision (an average of nothing is not 0). */
export function averageExecutionTime(counters: Counters): number | null {
  return counters.total > 0 ? counters.averageExecutionTimeUs : null;
}

export type RateTier = 'excellent' | 'good' | 'fair' | 'poor';

/** Spec section 9's colour tiers at 90, 70 and 50 percent. */
export function rateTier(rate: number): RateTier {
  if (rate >= COMPLIANCE_RATE_TIERS.excellent) return 'excellent';
  if (rate >= COMPLIANCE_RATE_TIERS.good) return 'good';
  if (rate >= COMPLIANCE_RATE_TIERS.fair) return 'fair';
  return 'poor';
}

/** The reconnect delay after `attempt` failed attempts in a row. */
export function reconnectDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
}
