// The demo slots: 30-minute slots inside the business hours and days of the sales zone, at least
// an hour from now and inside the booking horizon. Pure functions of the configuration and "now".
import type { Config } from '../config.ts';
import { BOOKING_MESSAGES, MIN_NOTICE_MS, SLOT_MINUTES, SLOT_MS } from './booking-constants.ts';
import { addDays, instantOf, wallTimeAt } from './zoned-time.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type Slot = { start: string; end: string };
export type BookingRules = Config['booking'];

export function slotOf(startMs: number): Slot {
  return { start: new Date(startMs).toISOString(), end: new Date(startMs + SLOT_MS).toISOString() };
}

/** The bookable window at `now`: [now + 1 hour, now + horizon). */
export function bookableWindow(rules: BookingRules, now: number): { earliest: number; latest: number } {
  return { earliest: now + MIN_NOTICE_MS, latest: now + rules.horizonDays * DAY_MS };
}

/** Every slot start (epoch ms) of the business calendar in [from, to), ascending, booked or not. */
export function candidateSlotStarts(rules: BookingRules, from: number, to: number): number[] {
  const starts: number[] = [];
  if (from >= to) return starts;
  // Walk the sales zone's calendar days from the day before `from` (a zone ahead of UTC) to the day after `to`.
  const firstDay = wallTimeAt(from - DAY_MS, rules.timeZone);
  const lastDays = Math.ceil((to - from) / DAY_MS) + 2;
  for (let i = 0; i <= lastDays; i++) {
    const date = addDays(firstDay, i);
    const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7;
    if (!rules.days.includes(weekday)) continue;
    // Intl is slow: when the offset is the same at the day's first and last slot (every day but a
    // DST change inside the hours), the slots between are plain arithmetic; otherwise each is resolved.
    const lastMinute = rules.endMinute - SLOT_MINUTES;
    const first = instantOf(date.year, date.month, date.day, rules.startMinute, rules.timeZone);
    const last = instantOf(date.year, date.month, date.day, lastMinute, rules.timeZone);
    const steady = first !== null && last !== null && last - first === (lastMinute - rules.startMinute) * 60_000;
    for (let minute = rules.startMinute; minute <= lastMinute; minute += SLOT_MINUTES) {
      const start = steady ? first + (minute - rules.startMinute) * 60_000 : instantOf(date.year, date.month, date.day, minute, rules.timeZone);
      if (start !== null && start >= from && start < to) starts.push(start);
    }
  }
  return [...new Set(starts)].sort((a, b) => a - b);
}

/** "Mon–Fri 09:00–17:00 Europe/Berlin": the business hours in words, for messages. */
export function describeHours(rules: BookingRules): string {
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const contiguous = rules.days.every((d, i) => i === 0 || d === rules.days[i - 1]! + 1);
  const days = contiguous && rules.days.length > 2 ? `${names[rules.days[0]! - 1]}–${names[rules.days.at(-1)! - 1]}` : rules.days.map((d) => names[d - 1]).join(', ');
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return `${days} ${hhmm(rules.startMinute)}–${hhmm(rules.endMinute)} ${rules.timeZone}`;
}

/** Why `startMs` cannot be booked at `now` (a message for a 400), or null when it is a real slot. */
export function slotProblem(rules: BookingRules, startMs: number, now: number): string | null {
  if (!Number.isFinite(startMs)) return BOOKING_MESSAGES.badSlot;
  const { earliest, latest } = bookableWindow(rules, now);
  if (startMs < earliest) return BOOKING_MESSAGES.tooSoon;
  if (startMs >= latest) return BOOKING_MESSAGES.tooFar(rules.horizonDays);
  const w = wallTimeAt(startMs, rules.timeZone);
  if (startMs % 60_000 !== 0 || w.second !== 0 || w.minute % SLOT_MINUTES !== 0) return BOOKING_MESSAGES.offGrid;
  if (!candidateSlotStarts(rules, startMs, startMs + 1).includes(startMs)) return BOOKING_MESSAGES.outsideHours(describeHours(rules));
  return null;
}
