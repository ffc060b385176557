// How much policy text the server has not seen before one caller may send it a minute. An inline
// policy is parsed and loaded the first time it comes (1 MB: about 0.1 s on a fast day, 0.3 s on a
// slow one), in the policy loader's thread, and decided from the cache after that. Within the
// request rate limits, a caller sending a new megabyte each time would keep that thread, and one of
// the machine's cores, busy; this budget bounds it. Counted in this process, whose thread it is, in
// windows aligned to the clock's minutes, like the rate limits on PostgreSQL.
import { HttpError } from '../http/errors.ts';

const MINUTE_MS = 60_000;
/** Callers kept at most; past it, those whose minute has ended are forgotten. */
const MAX_CALLERS = 10_000;

export class NewPolicyBudget {
  private readonly spent = new Map<string, { window: number; bytes: number }>();

  constructor(private readonly bytesPerMinute: number) {}

  /**
   * Counts `text` against `caller`'s minute (`ip:...`, `key:...`), or throws 429, with the seconds
   * until the next minute in Retry-After, when it would pass the budget.
   */
  charge(caller: string, text: string, now = Date.now()): void {
    const window = now - (now % MINUTE_MS);
    const bytes = Buffer.byteLength(text, 'utf8');
    let entry = this.spent.get(caller);
    if (entry === undefined || entry.window !== window) {
      if (this.spent.size >= MAX_CALLERS) this.forgetBefore(window);
      entry = { window, bytes: 0 };
      this.spent.set(caller, entry);
    }
    if (entry.bytes + bytes > this.bytesPerMinute) {
      const seconds = Math.ceil((window + MINUTE_MS - now) / 1000);
      throw new HttpError(
        429,
        `Too much new policy text: more than ${this.bytesPerMinute / 1_048_576} MB of inline policies not sent before came from you in this minute. A policy sent again is decided from the cache and not counted; keep a policy you decide with often as an arbiter (POST /api/v1/arbiters) and name it instead. Try again in ${seconds} seconds.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    }
    entry.bytes += bytes;
  }

  private forgetBefore(window: number): void {
    for (const [caller, entry] of this.spent) if (entry.window < window) this.spent.delete(caller);
  }
}
