// Showing demo slots in the visitor's time zone: the detected zone, the zones the switcher offers,
// and slots grouped by the day they fall on in the chosen zone (a slot at 23:30 UTC is on the next
// day in Berlin). Pure functions over Intl, so they run the same in tests and the browser.

/** Zones offered by the switcher besides the visitor's own (IANA names). */
export const COMMON_TIME_ZONES = [
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Helsinki',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
  'UTC',
] as const;

export type Slot = { start: string; end: string };
export type SlotDay = { key: string; label: string; slots: Slot[] };

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's zone, or UTC when the browser does not say. */
export function detectTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The switcher's choices: the common zones plus the detected and sales zones, sorted by name. */
export function timeZoneOptions(...extra: (string | null | undefined)[]): string[] {
  const zones = new Set<string>(COMMON_TIME_ZONES);
  for (const zone of extra) if (zone && isValidTimeZone(zone)) zones.add(zone);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** 'America/New_York' -> 'America/New York (GMT-5)' at the given moment. */
export function timeZoneLabel(zone: string, at: Date = new Date()): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return `${zone.replace(/_/g, ' ')}${offset ? ` (${offset})` : ''}`;
}

/** The calendar day of an instant in a zone, as YYYY-MM-DD. */
export function dayKey(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function dateParts(iso: string, zone: string): Record<'weekday' | 'day' | 'month' | 'year', string> {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { weekday: get('weekday'), day: get('day'), month: get('month'), year: get('year') };
}

/** 'Monday, 23 November' in the zone (assembled from parts: ICU versions punctuate differently). */
export function dayLabel(iso: string, zone: string): string {
  const { weekday, day, month } = dateParts(iso, zone);
  return `${weekday}, ${day} ${month}`;
}

/** '09:00' (24-hour) in the zone. */
export function timeLabel(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** 'Monday, 23 November 2026, 09:00–09:30' in the zone. */
export function slotLabel(slot: Slot, zone: string): string {
  const { weekday, day, month, year } = dateParts(slot.start, zone);
  return `${weekday}, ${day} ${month} ${year}, ${timeLabel(slot.start, zone)}–${timeLabel(slot.end, zone)}`;
}

/** Slots grouped by their day in the zone, days and times ascending. */
export function groupSlotsByDay(slots: readonly Slot[], zone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const key = dayKey(slot.start, zone);
    let day = days.get(key);
    if (!day) {
      day = { key, label: dayLabel(slot.start, zone), slots: [] };
      days.set(key, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}

/** The same instant whatever the spelling ('...T08:00:00Z' and '...T08:00:00.000Z'). */
export function sameInstant(a: string, b: string): boolean {
  const left = Date.parse(a);
  return !Number.isNaN(left) && left === Date.parse(b);
}
