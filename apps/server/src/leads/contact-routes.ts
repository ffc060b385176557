// POST /api/home/contact: the homepage contact form. Stored as a lead; sales get the message and
// the visitor a confirmation.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optionalLongText, personFields } from '../booking/booking-schemas.ts';
import { parseRequest } from '../booking/request-body.ts';
import { contactConfirmationEmail, contactSalesEmail } from '../email/messages.ts';
import { perClient } from '../http/rate-limits.ts';
import { newLeadId } from './ids.ts';
import { CONTACT_MESSAGE_MAX_CHARS, LEAD_FORM_RATE_PER_HOUR, LEAD_MESSAGES } from './leads-constants.ts';

const contactBody = z.object({ ...personFields, message: optionalLongText(CONTACT_MESSAGE_MAX_CHARS, 'Message') }).strict();

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/home/contact', { config: perClient(LEAD_FORM_RATE_PER_HOUR, '1 hour') }, async (request, reply) => {
    const body = parseRequest(contactBody, request.body);
    const id = newLeadId('ct');
    const contact = { name: body.name, email: body.email, company: body.company, interest: body.interest, message: body.message ?? null };
    await app.db.insertInto('contacts').values({ id, ...contact, created_at: Date.now() }).execute();
    for (const message of [contactSalesEmail(app.config.salesEmail, contact), contactConfirmationEmail(contact)]) {
      app.mailer.send(message).catch((error: unknown) => app.log.error({ err: error, subject: message.subject }, 'contact email could not be sent'));
    }
    return reply.status(201).send({ id, message: LEAD_MESSAGES.contactThanks });
  });
}
