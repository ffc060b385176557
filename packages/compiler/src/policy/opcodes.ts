// Opcode sets for rules: the product of actions, timings and targets, ascending.
import { opcode, type Action, type Target, type Timing } from '../policy-model.ts';

/** The four agent hooks: where an AI agent's own actions are checked. */
export const AGENT_TIMINGS: readonly Timing[] = ['session-start', 'prompt-submit', 'pre-action', 'post-action'];
/** The agent hooks plus scheduled jobs: everywhere processing happens outside a subject's request. */
export const PROCESSING_TIMINGS: readonly Timing[] = [...AGENT_TIMINGS, 'scheduled'];

export function opcodes(actions: readonly Action[], timings: readonly Timing[], targets: readonly Target[]): number[] {
  const set = new Set<number>();
  for (const a of actions) for (const t of timings) for (const g of targets) set.add(opcode(a, t, g));
  return [...set].sort((x, y) => x - y);
}
