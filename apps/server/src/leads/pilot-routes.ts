// POST /api/trial/pilot: the sales-led one-month enterprise pilot. The request is stored as a lead,
// sales and the requester are emailed, and the answer carries what happens next; the kick-off call
// is then booked through POST /api/booking with source "pilot" and this pilotRequestId.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { personFields, requiredLongText } from '../booking/booking-schemas.ts';
import { parseRequest } from '../booking/request-body.ts';
import { pilotRequestConfirmationEmail, pilotRequestSalesEmail } from '../email/messages.ts';
import { perClient } from '../http/rate-limits.ts';
import { newLeadId } from './ids.ts';
import { LEAD_FORM_RATE_PER_HOUR, PILOT_NEXT_STEPS, PILOT_REGULATIONS, USE_CASE_MAX_CHARS } from './leads-constants.ts';

const pilotBody = z
  .object({
    company: personFields.company,
    email: personFields.email,
    name: personFields.name,
    useCase: requiredLongText('Please describe your use case', USE_CASE_MAX_CHARS, 'Use case'),
    regulations: z
      .array(z.enum(PILOT_REGULATIONS, { error: `Regulations must be among ${PILOT_REGULATIONS.join(', ')}` }), { error: 'regulations must be a list' })
      .max(PILOT_REGULATIONS.length, `regulations: at most ${PILOT_REGULATIONS.length}, each named once`)
      .transform((list) => [...new Set(list)]),
  })
  .strict();

export async function pilotRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/trial/pilot', { config: perClient(LEAD_FORM_RATE_PER_HOUR, '1 hour') }, async (request, reply) => {
    const body = parseRequest(pilotBody, request.body);
    const id = newLeadId('pr');
    await app.db
      .insertInto('pilot_requests')
      .values({ id, company: body.company, email: body.email, name: body.name, use_case: body.useCase, regulations: JSON.stringify(body.regulations), created_at: Date.now() })
      .execute();
    const details = { id, name: body.name, email: body.email, company: body.company, useCase: body.useCase, regulations: body.regulations };
    const bookingLink = `${app.config.publicUrl}/trial?pilotRequestId=${id}`;
    for (const message of [pilotRequestSalesEmail(app.config.salesEmail, details), pilotRequestConfirmationEmail(details, [...PILOT_NEXT_STEPS], bookingLink)]) {
      app.mailer.send(message).catch((error: unknown) => app.log.error({ err: error, subject: message.subject }, 'pilot email could not be sent'));
    }
    return reply.status(201).send({ pilotRequestId: id, nextSteps: PILOT_NEXT_STEPS });
  });
}
