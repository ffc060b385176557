// Wall-clock time in an IANA zone <-> UTC instants with Intl alone, DST-correct: the offset is read
// from Intl at the instant itself, so a business day across a DST change keeps its local hours.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number; isoWeekday: number };

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall-clock time at `instant` (epoch ms) in `timeZone`. */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    isoWeekday: WEEKDAYS[parts.weekday!]!,
  };
}

/** The zone's offset from UTC at `instant`, in ms (Berlin in winter: +3,600,000). */
export function offsetAt(instant: number, timeZone: string): number {
  const w = wallTimeAt(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the zone's clocks show this wall time, or null when they never do (the hour
 * skipped by a spring-forward change). A repeated hour (autumn) resolves to its first occurrence.
 */
export function instantOf(year: number, month: number, day: number, minuteOfDay: number, timeZone: string): number | null {
  const naive = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  const candidates = [naive - offsetAt(naive - 12 * 3_600_000, timeZone), naive - offsetAt(naive + 12 * 3_600_000, timeZone)].sort((a, b) => a - b);
  for (const instant of candidates) {
    const w = wallTimeAt(instant, timeZone);
    if (w.year === year && w.month === month && w.day === day && w.hour * 60 + w.minute === minuteOfDay) return instant;
  }
  return null;
}

/** The calendar date (y, m, d) `days` after the given one (proleptic Gregorian, no zone). */
export function addDays(date: { year: number; month: number; day: number }, days: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
