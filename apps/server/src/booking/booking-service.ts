// The booking service: free slots, race-safe booking (the database's unique index on a confirmed
// slot decides; a violation becomes SlotTaken with the nearest free slots), manage links and
// cancellation, the .ics of a booking, and the emails. Used by the routes and by the receptionist.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import { isUniqueViolation } from '../db/constraint-errors.ts';
import type { Database } from '../db/database.ts';
import type { BookingsTable } from '../db/tables.ts';
import { type BookingEmailDetails, bookingCancelledEmail, bookingCancelledSalesEmail, bookingConfirmationEmail, bookingSalesEmail } from '../email/messages.ts';
import { HttpError } from '../http/errors.ts';
import { BOOKING_MESSAGES, NEAREST_SLOTS, NOTES_MAX_CHARS, SLOT_MS } from './booking-constants.ts';
import { optionalLongText, personFields } from './booking-schemas.ts';
import { formatInZone, isTimeZone } from './format-time.ts';
import { calendarInvite } from './ics.ts';
import { parseRequest } from './request-body.ts';
import { bookableWindow, candidateSlotStarts, type Slot, slotOf, slotProblem } from './slots.ts';

const bookingPerson = z.object({ ...personFields, notes: optionalLongText(NOTES_MAX_CHARS, 'Notes') });

export type { Slot } from './slots.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BookingSource = 'site' | 'chat' | 'pilot';

export type BookingInput = {
  /** The slot's start, an ISO UTC string (or a Date). */
  slotStart: string | Date;
  name: string;
  email: string;
  company: string;
  interest: string;
  notes?: string | null;
  /** The visitor's IANA time zone. */
  timeZone: string;
  source?: BookingSource;
  pilotRequestId?: string | null;
};

export type BookingView = {
  id: string;
  start: string;
  end: string;
  timeZone: string;
  salesTimeZone: string;
  name: string;
  email: string;
  company: string;
  interest: string;
  status: 'confirmed' | 'cancelled';
};

export type BookingResult = { booking: BookingView; icsUrl: string; cancelUrl: string };

/** The slot was booked by someone else first; `nearest` are free slots close to it. */
export class SlotTaken extends Error {
  constructor(readonly nearest: Slot[]) {
    super(BOOKING_MESSAGES.slotTaken);
  }
}

export type FreeSlotOptions = { from?: Date; days?: number; now?: number };

/** The free slots from `from` (default now) for `days` days (default and at most the horizon), ascending. */
export async function freeSlots(db: Database, config: Config, options: FreeSlotOptions = {}): Promise<Slot[]> {
  const now = options.now ?? Date.now();
  const rules = config.booking;
  const { earliest, latest } = bookableWindow(rules, now);
  const from = Math.max(options.from?.getTime() ?? now, earliest);
  const days = Math.min(options.days ?? rules.horizonDays, rules.horizonDays);
  const to = Math.min((options.from?.getTime() ?? now) + days * DAY_MS, latest);
  const starts = candidateSlotStarts(rules, from, to);
  if (starts.length === 0) return [];
  const booked = await db
    .selectFrom('bookings')
    .select('slot_start')
    .where('status', '=', 'confirmed')
    .where('slot_start', '>=', starts[0]!)
    .where('slot_start', '<=', starts.at(-1)!)
    .execute();
  const taken = new Set(booked.map((b) => Number(b.slot_start)));
  return starts.filter((s) => !taken.has(s)).map(slotOf);
}

/** Up to NEAREST_SLOTS free slots closest in time to `startMs`, ascending. */
export async function nearestFreeSlots(db: Database, config: Config, startMs: number, now = Date.now()): Promise<Slot[]> {
  const free = await freeSlots(db, config, { now });
  return free
    .map((slot) => ({ slot, distance: Math.abs(Date.parse(slot.start) - startMs) }))
    .sort((a, b) => a.distance - b.distance || Date.parse(a.slot.start) - Date.parse(b.slot.start))
    .slice(0, NEAREST_SLOTS)
    .map((n) => n.slot)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

export function bookingView(row: BookingsTable, config: Config): BookingView {
  return {
    id: row.id,
    ...slotOf(Number(row.slot_start)),
    timeZone: row.time_zone,
    salesTimeZone: config.booking.timeZone,
    name: row.name,
    email: row.email,
    company: row.company,
    interest: row.interest,
    status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
  };
}

export function icsPath(id: string, token: string): string {
  return `/api/booking/${id}/ics?token=${encodeURIComponent(token)}`;
}

export function cancelUrl(config: Config, token: string): string {
  return `${config.publicUrl}/booking/cancel?token=${encodeURIComponent(token)}`;
}

/** The booking's calendar object as it stands: REQUEST while confirmed, CANCEL (SEQUENCE+1) once cancelled. */
export function bookingInvite(row: BookingsTable, config: Config, manageLink?: string): string {
  const cancelled = row.status === 'cancelled';
  const start = Number(row.slot_start);
  return calendarInvite({
    method: cancelled ? 'CANCEL' : 'REQUEST',
    uid: `${row.id}@bytebound`,
    sequence: row.sequence,
    stamp: cancelled && row.cancelled_at !== null ? Number(row.cancelled_at) : Number(row.created_at),
    start,
    end: Number(row.slot_end),
    summary: 'Bytebound enterprise demo (30 minutes)',
    description: [`Enterprise demo of Bytebound for ${row.company}.`, `Interest: ${row.interest}`, ...(manageLink ? [`Manage or cancel: ${manageLink}`] : [])].join('\n'),
    organizer: { name: 'Bytebound', email: config.salesEmail },
    attendee: { name: row.name, email: row.email },
  });
}

function emailDetails(row: BookingsTable, config: Config): BookingEmailDetails {
  const start = Number(row.slot_start);
  return {
    name: row.name,
    email: row.email,
    company: row.company,
    interest: row.interest,
    notes: row.notes,
    visitorTime: formatInZone(start, row.time_zone),
    salesTime: formatInZone(start, config.booking.timeZone),
    source: row.source,
    pilotRequestId: row.pilot_request_id,
  };
}

function sendInBackground(app: FastifyInstance, messages: Parameters<FastifyInstance['mailer']['send']>[0][]): void {
  for (const message of messages) {
    app.mailer.send(message).catch((error: unknown) => app.log.error({ err: error, subject: message.subject }, 'booking email could not be sent'));
  }
}

/**
 * Books the slot for the visitor, or throws: HttpError 400 for a slot that is not bookable (with
 * the reason), SlotTaken when someone else holds it. Emails the visitor (.ics attached) and sales.
 */
export async function bookSlot(app: FastifyInstance, input: BookingInput, now = Date.now()): Promise<BookingResult> {
  const { db, config } = app;
  // The same rules as the form's, for callers other than the route (the receptionist).
  const person = parseRequest(bookingPerson, { name: input.name, email: input.email, company: input.company, interest: input.interest, notes: input.notes ?? undefined });
  const startMs = input.slotStart instanceof Date ? input.slotStart.getTime() : /^\d{4}-\d{2}-\d{2}T/.test(input.slotStart) ? Date.parse(input.slotStart) : NaN;
  const problem = slotProblem(config.booking, startMs, now);
  if (problem) throw new HttpError(400, problem, [{ path: 'slotStart', message: problem }]);
  if (!isTimeZone(input.timeZone)) throw new HttpError(400, BOOKING_MESSAGES.badTimeZone, [{ path: 'timeZone', message: BOOKING_MESSAGES.badTimeZone }]);
  const pilotRequestId = input.pilotRequestId ?? null;
  if (input.source === 'pilot' && pilotRequestId === null) throw new HttpError(400, BOOKING_MESSAGES.pilotUnnamed, [{ path: 'pilotRequestId', message: BOOKING_MESSAGES.pilotUnnamed }]);
  if (pilotRequestId !== null) {
    const pilot = await db.selectFrom('pilot_requests').select('id').where('id', '=', pilotRequestId).executeTakeFirst();
    if (!pilot) throw new HttpError(400, BOOKING_MESSAGES.unknownPilot, [{ path: 'pilotRequestId', message: BOOKING_MESSAGES.unknownPilot }]);
  }
  const token = newToken();
  const row: BookingsTable = {
    id: `bk_${crypto.randomBytes(12).toString('hex')}`,
    slot_start: startMs,
    slot_end: startMs + SLOT_MS,
    status: 'confirmed',
    sequence: 0,
    name: person.name,
    email: person.email,
    company: person.company,
    interest: person.interest,
    notes: person.notes ?? null,
    time_zone: input.timeZone,
    source: input.source ?? (pilotRequestId ? 'pilot' : 'site'),
    pilot_request_id: pilotRequestId,
    manage_token_hash: hashToken(token),
    created_at: now,
    cancelled_at: null,
  };
  try {
    // No check before: the unique index on a confirmed slot_start is the only arbiter of a race.
    await db.insertInto('bookings').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new SlotTaken(await nearestFreeSlots(db, config, startMs, now));
    throw error;
  }
  const manageLink = cancelUrl(config, token);
  const details = emailDetails(row, config);
  sendInBackground(app, [bookingConfirmationEmail(details, manageLink, bookingInvite(row, config, manageLink)), bookingSalesEmail(config.salesEmail, details)]);
  return { booking: bookingView(row, config), icsUrl: icsPath(row.id, token), cancelUrl: manageLink };
}

/** The booking a manage token opens, or null. */
export async function bookingByToken(db: Database, token: string): Promise<BookingsTable | null> {
  return (await db.selectFrom('bookings').selectAll().where('manage_token_hash', '=', hashToken(token)).executeTakeFirst()) ?? null;
}

/** Cancels the booking of this token (idempotent): frees its slot and sends the CANCEL update once. */
export async function cancelBooking(app: FastifyInstance, token: string, now = Date.now()): Promise<BookingsTable | null> {
  const { db, config } = app;
  const tokenHash = hashToken(token);
  const updated = await db
    .updateTable('bookings')
    .set((eb) => ({ status: 'cancelled', cancelled_at: now, sequence: eb('sequence', '+', 1) }))
    .where('manage_token_hash', '=', tokenHash)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  const row = await bookingByToken(db, token);
  if (row && Number(updated.numUpdatedRows) === 1) {
    const details = emailDetails(row, config);
    sendInBackground(app, [bookingCancelledEmail(details, `${config.publicUrl}/booking`, bookingInvite(row, config)), bookingCancelledSalesEmail(config.salesEmail, details)]);
  }
  return row;
}
