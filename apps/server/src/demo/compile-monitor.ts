// The compile monitor: the stage events of each compilation, by compilationId, for the WebSocket
// monitor. Events are the stages as compile() really ran them, with their measured durations,
// published as each compilation finishes; they are kept for a minute so a monitor that connects
// after the compile started (or even after it finished) sees the whole run. In memory, per instance.
import { MONITOR_REPLAY_ENTRIES, MONITOR_REPLAY_MS } from './demo-config.ts';

export type MonitorEvent =
  | { type: 'stage'; compilationId: string; stage: string; ms: number; progress: number }
  | { type: 'complete'; compilationId: string; progress: 100; compilationTime: number; performanceTier: string }
  | { type: 'error'; compilationId: string; stage: string; error: string };

type Listener = (event: MonitorEvent) => void;
type Entry = { events: MonitorEvent[]; finished: boolean; expiresAt: number };

export class CompileMonitor {
  private readonly runs = new Map<string, Entry>();
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records and forwards one event; the run ends with its complete or error event. */
  publish(event: MonitorEvent): void {
    this.prune();
    let entry = this.runs.get(event.compilationId);
    if (!entry) {
      entry = { events: [], finished: false, expiresAt: 0 };
      this.runs.set(event.compilationId, entry);
      if (this.runs.size > MONITOR_REPLAY_ENTRIES) this.runs.delete(this.runs.keys().next().value!);
    }
    entry.events.push(event);
    entry.expiresAt = this.now() + MONITOR_REPLAY_MS;
    if (event.type !== 'stage') entry.finished = true;
    for (const listener of this.listeners.get(event.compilationId) ?? []) listener(event);
  }

  /** Replays what already happened, then forwards new events until the returned function is called. */
  subscribe(compilationId: string, listener: Listener): { finished: boolean; unsubscribe: () => void } {
    this.prune();
    const entry = this.runs.get(compilationId);
    for (const event of entry?.events ?? []) listener(event);
    let set = this.listeners.get(compilationId);
    if (!set) {
      set = new Set();
      this.listeners.set(compilationId, set);
    }
    set.add(listener);
    return {
      finished: entry?.finished ?? false,
      unsubscribe: () => {
        set.delete(listener);
        if (set.size === 0) this.listeners.delete(compilationId);
      },
    };
  }

  /**
   * Takes `compilationId` for a compilation about to run: false when it was already taken (a client
   * may not reuse an id), at once, so that requests sent together with one id cannot all run.
   */
  claim(compilationId: string): boolean {
    this.prune();
    if (this.runs.has(compilationId)) return false;
    this.runs.set(compilationId, { events: [], finished: false, expiresAt: this.now() + MONITOR_REPLAY_MS });
    if (this.runs.size > MONITOR_REPLAY_ENTRIES) this.runs.delete(this.runs.keys().next().value!);
    return true;
  }

  private prune(): void {
    const at = this.now();
    for (const [id, entry] of this.runs) {
      if (entry.expiresAt > at) break;
      this.runs.delete(id);
    }
  }
}
