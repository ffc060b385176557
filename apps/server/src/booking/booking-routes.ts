// The booking API: free slots, booking (201, or 409 with the nearest free slots), the .ics, the
// manage link and cancellation. Public, rate-limited per IP.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { perClient } from '../http/rate-limits.ts';
import { BOOKING_MESSAGES, BOOKING_RATE_PER_HOUR, SLOT_MINUTES, SLOTS_RATE_PER_MINUTE } from './booking-constants.ts';
import { bookingBody, slotsQuery, tokenBody, tokenQuery } from './booking-schemas.ts';
import { bookingByToken, bookingInvite, bookingView, bookSlot, cancelBooking, cancelUrl, freeSlots, SlotTaken } from './booking-service.ts';
import { parseRequest } from './request-body.ts';

export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const writes = { config: perClient(BOOKING_RATE_PER_HOUR, '1 hour') };
  const reads = { config: perClient(SLOTS_RATE_PER_MINUTE) };
  const query = slotsQuery(config.booking.horizonDays);

  app.get('/api/booking/slots', reads, async (request, reply) => {
    const { from, days } = parseRequest(query, request.query);
    const slots = await freeSlots(db, config, { ...(from ? { from: new Date(from) } : {}), ...(days ? { days } : {}) });
    reply.header('cache-control', 'no-store');
    return { slotMinutes: SLOT_MINUTES, salesTimeZone: config.booking.timeZone, slots };
  });

  app.post('/api/booking', writes, async (request, reply) => {
    const body = parseRequest(bookingBody, request.body);
    try {
      const result = await bookSlot(app, body);
      return reply.status(201).send(result);
    } catch (error) {
      if (error instanceof SlotTaken) return reply.status(409).send({ error: error.message, nearest: error.nearest });
      throw error;
    }
  });

  app.get('/api/booking/manage', reads, async (request, reply) => {
    const { token } = parseRequest(tokenQuery, request.query);
    const row = await bookingByToken(db, token);
    if (!row) throw new HttpError(404, BOOKING_MESSAGES.linkInvalid);
    reply.header('cache-control', 'no-store');
    return { booking: bookingView(row, config) };
  });

  app.get('/api/booking/:id/ics', reads, async (request, reply) => {
    const { token } = parseRequest(tokenQuery, request.query);
    const { id } = request.params as { id: string };
    const row = await bookingByToken(db, token);
    if (!row || row.id !== id) throw new HttpError(404, BOOKING_MESSAGES.linkInvalid);
    return reply
      .header('content-type', `text/calendar; charset=utf-8; method=${row.status === 'cancelled' ? 'CANCEL' : 'REQUEST'}`)
      .header('content-disposition', 'attachment; filename="bytebound-demo.ics"')
      .header('cache-control', 'no-store')
      .send(bookingInvite(row, config, cancelUrl(config, token)));
  });

  app.post('/api/booking/cancel', writes, async (request) => {
    const { token } = parseRequest(tokenBody, request.body);
    const row = await cancelBooking(app, token);
    if (!row) throw new HttpError(404, BOOKING_MESSAGES.linkInvalid);
    return { booking: bookingView(row, config) };
  });
}
