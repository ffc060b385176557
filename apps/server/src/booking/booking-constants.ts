// The booking's fixed numbers: the spec's "30-minute enterprise demo" (section 9) and the limits of
// the booking endpoints. Business hours, days, zone and horizon are configuration (config.ts).
const MINUTE_MS = 60_000;

/** Spec section 9: "30-minute enterprise demo". */
export const SLOT_MINUTES = 30;
export const SLOT_MS = SLOT_MINUTES * MINUTE_MS;
/** A slot must start at least this long from now, so that sales can prepare. */
export const MIN_NOTICE_MS = 60 * MINUTE_MS;
/** How many free slots a 409 offers instead of a taken one. */
export const NEAREST_SLOTS = 3;
export const NOTES_MAX_CHARS = 2_000;
export const NAME_MAX_CHARS = 200;
export const COMPANY_MAX_CHARS = 200;
export const INTEREST_MAX_CHARS = 500;
/** Bookings and cancellations per IP per hour. */
export const BOOKING_RATE_PER_HOUR = 20;
/** Slot listings per IP per minute. */
export const SLOTS_RATE_PER_MINUTE = 120;

export const BOOKING_MESSAGES = {
  slotTaken: 'This slot is no longer available',
  linkInvalid: 'This booking link is not valid.',
  badSlot: 'slotStart must be a date-time in ISO 8601 form, e.g. 2026-11-23T08:00:00.000Z',
  tooSoon: 'This slot starts too soon: choose a slot at least 1 hour from now.',
  tooFar: (days: number) => `Demos can be booked up to ${days} days ahead: choose an earlier slot.`,
  offGrid: `Demo slots last ${SLOT_MINUTES} minutes and start on the hour or the half hour.`,
  outsideHours: (hours: string) => `This time is outside our demo hours (${hours}): choose one of the offered slots.`,
  badTimeZone: 'timeZone must be an IANA time zone such as Europe/Paris or America/New_York',
  unknownPilot: 'pilotRequestId does not match a pilot request.',
  pilotUnnamed: 'A pilot booking names its pilot request: send the pilotRequestId of the pilot confirmation email’s link.',
} as const;
