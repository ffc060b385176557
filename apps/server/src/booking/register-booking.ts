// Registers demo booking and the leads on the app (issue 10): the booking, pilot, contact,
// newsletter and operators' routes, `app.booking` for other capabilities (the receptionist), and
// the data rights and retention of bookings, pilot requests, contacts and subscribers.
// Called once by app.ts, after the accounts (it needs app.mailer and app.dataRights).
import type { FastifyInstance } from 'fastify';
import { contactRoutes } from '../leads/contact-routes.ts';
import { leadDataRights, leadRetention } from '../leads/lead-records.ts';
import { newsletterRoutes } from '../leads/newsletter-routes.ts';
import { operatorLeadsRoutes } from '../leads/operator-leads-routes.ts';
import { pilotRoutes } from '../leads/pilot-routes.ts';
import { bookingRoutes } from './booking-routes.ts';
import { type BookingInput, type BookingResult, bookSlot, type FreeSlotOptions, freeSlots, type Slot } from './booking-service.ts';

export type BookingCapability = {
  /** Free slots, ascending (see freeSlots). */
  freeSlots(options?: FreeSlotOptions): Promise<Slot[]>;
  /** Books a slot; throws SlotTaken (with `nearest`) or an HttpError 400 (see bookSlot). */
  book(input: BookingInput): Promise<BookingResult>;
};

declare module 'fastify' {
  interface FastifyInstance {
    booking: BookingCapability;
  }
}

export async function registerBooking(app: FastifyInstance): Promise<void> {
  app.decorate('booking', {
    freeSlots: (options?: FreeSlotOptions) => freeSlots(app.db, app.config, options),
    book: (input: BookingInput) => bookSlot(app, input),
  } satisfies BookingCapability);
  for (const handler of leadDataRights) app.dataRights.register(handler);
  for (const policy of leadRetention(app.config)) app.retention.register(policy);
  await app.register(bookingRoutes);
  await app.register(pilotRoutes);
  await app.register(contactRoutes);
  await app.register(newsletterRoutes);
  await app.register(operatorLeadsRoutes);
}
