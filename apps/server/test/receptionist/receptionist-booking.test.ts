// Booking a demo from the chat through the booking service: real free slots offered, the lead
// gathered in the conversation, the chosen slot booked (in the bookings table, source 'chat'),
// a taken slot answered with the nearest free ones, and booking assist suggesting a real slot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../helpers/test-app.ts';
import { newVisitor, say } from './visitor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Slot = { start: string; end: string };
type Action = { type: string; slots?: Slot[]; booking?: Record<string, string>; icsUrl?: string };

const freeSlots = async (): Promise<Slot[]> => (await t.app.inject({ url: '/api/booking/slots' })).json().slots;

describe(`booking from the chat (${testDialect})`, () => {
  it('offers real free slots, asks for what the invitation needs, and books the slot the visitor picks', async () => {
    const visitor = await newVisitor(t.app);
    const offer = (await say(t.app, visitor, "I'd like to book a demo")).json();
    expect(offer.intent).toBe('booking');
    const offered = (offer.actions as Action[]).find((a) => a.type === 'booking_offer')!.slots!;
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).toEqual((await freeSlots()).slice(0, offered.length));
    expect(offer.response).toMatch(/May I have your name/);
    // The last slot offered: the first can pass the hour of notice a booking needs while the chat goes on.
    const picked = offered.at(-1)!;

    // Picking a slot before giving a name and email: asked for them first, nothing booked.
    const early = (await say(t.app, visitor, `book ${picked.start}`)).json();
    expect((early.actions as Action[]).some((a) => a.type === 'booking_confirmed')).toBe(false);
    expect(await t.db.selectFrom('bookings').selectAll().execute()).toEqual([]);

    const named = (await say(t.app, visitor, 'Jane Miller')).json();
    expect(named).toMatchObject({ intent: 'booking', exitCode: 0, article: 'GDPR Art. 6(1)(b)' });
    expect(named.response).toMatch(/email address/);
    const mailed = (await say(t.app, visitor, 'jane.miller@acme-corp.com')).json();
    expect(mailed.complianceValidation.personalData).toEqual([{ category: 'email', stored: true }]);
    expect(mailed.response).toMatch(/Which company/);
    await say(t.app, visitor, 'Acme Corporation');

    const booked = (await say(t.app, visitor, `book ${picked.start}`)).json();
    const confirmed = (booked.actions as Action[]).find((a) => a.type === 'booking_confirmed')!;
    expect(confirmed.booking).toMatchObject({ start: picked.start, name: 'Jane Miller', email: 'jane.miller@acme-corp.com', company: 'Acme Corporation' });
    expect(confirmed.icsUrl).toMatch(/^\/api\/booking\/bk_[0-9a-f]+\/ics\?token=/);
    expect(booked.response).toMatch(/Your demo is booked/);
    const row = await t.db.selectFrom('bookings').selectAll().where('id', '=', confirmed.booking!.id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'chat', status: 'confirmed', email: 'jane.miller@acme-corp.com' });
    const session = await t.db.selectFrom('conversations').select('id').where('label', '=', visitor.session.sessionId).executeTakeFirstOrThrow();
    expect((await t.db.selectFrom('receptionist_leads').selectAll().where('session_id', '=', session.id).executeTakeFirstOrThrow()).booking_id).toBe(row.id);
    // The booked slot is no longer free.
    expect((await freeSlots()).map((s) => s.start)).not.toContain(picked.start);

    // Another visitor picking the same slot gets the nearest free ones instead.
    const other = await newVisitor(t.app);
    await say(t.app, other, "Book a demo please, I'm Tom Becker, tom.becker@globex.io");
    const taken = (await say(t.app, other, `book ${picked.start}`)).json();
    expect(taken.response).toMatch(/cannot be booked/);
    const nearest = (taken.actions as Action[]).find((a) => a.type === 'booking_offer')!.slots!;
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest.map((s) => s.start)).not.toContain(picked.start);
  });

  it('booking assist personalises the message from recent activity and suggests a real free slot', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ai-domain/booking_assist',
      payload: { type: 'booking_assist', context: { recentCompilations: [{ regulations: ['GDPR', 'HIPAA'], format: 'rego' }, { regulations: ['GDPR'] }], detectedJurisdictions: ['EU'] } },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('success');
    expect(body.data.suggestedTime).toBe((await freeSlots())[0]!.start);
    expect(body.data.personalization.regulations).toEqual(['GDPR', 'HIPAA', 'EU']);
    expect(body.data.message).toMatch(/2 policies touching GDPR, HIPAA/);

    // Names the compiler does not know (the context comes from the browser's storage) are not said back.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/ai-domain/booking_assist',
      payload: { type: 'booking_assist', context: { recentCompilations: [{ regulations: ['<b>Free money</b>', 'PCI-DSS'] }, { regulations: ['call +1 555'] }], detectedJurisdictions: ['Atlantis', 'US', 'US'] } },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json().data.personalization).toEqual({ regulations: ['PCI-DSS', 'US'], compilations: 2, jurisdictions: ['US'] });
    expect(forged.json().data.message).toMatch(/^You compiled 2 policies touching PCI-DSS, US\. /);
    expect(forged.json().data.message).not.toMatch(/Free money|555|Atlantis/);
    const unknownOnly = await t.app.inject({ method: 'POST', url: '/api/ai-domain/booking_assist', payload: { type: 'booking_assist', context: { recentCompilations: [{ regulations: ['Klingon law'] }] } } });
    expect(unknownOnly.json().data.message).toMatch(/^A 30-minute demo shows the compiler and the engine on your own rules/);

    const bad = await t.app.inject({ method: 'POST', url: '/api/ai-domain/booking_assist', payload: { type: 'something_else' } });
    expect(bad.statusCode).toBe(400);
  });
});
