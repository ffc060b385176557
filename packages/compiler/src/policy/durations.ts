// Deadlines of norms in seconds: ISO-8601 durations, P1M = 30 days, and 'without undue delay' = P1M
// unless the policy says otherwise (GDPR Art. 12(3)), as DESIGN section 3 fixes them.
const SECOND = 1;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** A month counts as 30 days. */
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export const UNDUE_DELAY_SECONDS = MONTH;

const ISO_DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** Seconds of a deadline, or null when it is absent or not a duration we can read. */
export function deadlineSeconds(deadline: string | null, undueDelay = UNDUE_DELAY_SECONDS): number | null {
  if (deadline === null) return null;
  const text = deadline.trim();
  if (/^without undue delay$/i.test(text)) return undueDelay;
  const m = ISO_DURATION.exec(text.toUpperCase());
  if (!m || text === 'P' || /T$/i.test(text)) return null;
  const n = (i: number) => Number(m[i] ?? 0);
  const total = n(1) * YEAR + n(2) * MONTH + n(3) * WEEK + n(4) * DAY + n(5) * HOUR + n(6) * MINUTE + n(7) * SECOND;
  return total > 0 ? total : null;
}

export const DAYS = (d: number) => d * DAY;
export const HOURS = (h: number) => h * HOUR;
