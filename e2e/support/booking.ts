// Demo slots for the booking specs. Each spec books on a day of its own: the nth day with free
// slots, counted from the day after tomorrow (UTC). Counted from there, neither the hour of the run
// nor what is booked sooner (the receptionist's spec books among the nearest free slots) moves a
// spec onto another's day, and every slot is far beyond the hour of notice a booking needs.
import { type APIRequestContext, expect } from '@playwright/test';

export type Slot = { start: string; end: string };

/** Day numbers the specs book on, each spec its own. */
export const BOOKING_DAYS = { newYork: 0, race: 1, keyboard: 2, personalisation: 3, pilot: 4, lookOnly: 5 } as const;

export async function freeSlotsOnDay(request: APIRequestContext, day: number): Promise<Slot[]> {
  const today = new Date();
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2)).toISOString();
  const response = await request.get(`/api/booking/slots?from=${encodeURIComponent(from)}`);
  expect(response.status()).toBe(200);
  const { slots } = (await response.json()) as { slots: Slot[] };
  const days = [...new Set(slots.map((slot) => slot.start.slice(0, 10)))];
  expect(days.length, 'free days in the booking horizon').toBeGreaterThan(day);
  return slots.filter((slot) => slot.start.startsWith(days[day]!));
}
