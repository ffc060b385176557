// What one tool call left unread, each reason once, and whether smaller calls would be read whole:
// they would when a bound on size or count stopped the reading (a file past 16 MB, a glob past 256
// files), not when the call's form did (nesting, a format the hook cannot open, files chosen only
// when it runs). The hook's advice to split the work follows from that, not from the reason's words.

/** Why part of a call was not read; `tooMuch` when it was a size or a count past the hook's bounds. */
export type Reason = { why: string; tooMuch: boolean };

export class Unread {
  private readonly reasons = new Map<string, boolean>();

  /** Notes why part of the call was not read; `tooMuch` when a size or a count stopped the reading. */
  add(why: string, tooMuch = false): void {
    this.reasons.set(why, tooMuch || (this.reasons.get(why) ?? false));
  }

  /** Notes a reason found elsewhere (an archive, a file), or nothing for null. */
  note(reason: Reason | null): void {
    if (reason) this.add(reason.why, reason.tooMuch);
  }

  addAll(other: Unread): void {
    for (const [why, tooMuch] of other.reasons) this.add(why, tooMuch);
  }

  get isEmpty(): boolean {
    return this.reasons.size === 0;
  }

  /** The reasons, in the order first noted. */
  list(): string[] {
    return [...this.reasons.keys()];
  }

  /** Whether smaller calls would be read whole: every reason is a size or a count. */
  onlyTooMuch(): boolean {
    return !this.isEmpty && [...this.reasons.values()].every(Boolean);
  }
}
