// One visitor message, end to end: intent, personal data, the engine's decisions on storing it
// (DESIGN section 7), storage of exactly what was allowed, lead capture, booking from the chat,
// and the reply (embedded, or phrased by a configured model). The decision governs what is
// stored, never whether the receptionist answers.
import type { FastifyInstance } from 'fastify';
import type { BookingCapability } from '../booking/register-booking.ts';
import { RECEPTIONIST_SLOTS_OFFERED } from '../constants.ts';
import { startNewsletterOptIn } from '../leads/newsletter-routes.ts';
import { type ComplianceCheck, type CheckedDecision, type Protocol } from './compliance-check.ts';
import { planDecisions, purposeOf } from './compliance-plan.ts';
import { classifyIntent, type Intent } from './intents.ts';
import type { Knowledge } from './knowledge.ts';
import { phraseWithModel } from './llm-phrasing.ts';
import { findCompany, findPersonalData, type PersonalDataItem } from './personal-data.ts';
import { type ChatAction, composeReply, type Slot, transparencyNotice } from './replies.ts';
import { addMessage, consentState, findLead, setLeadBooking, storePersonalData, upsertLead } from './receptionist-store.ts';
import { type VisitorSession, touchSession } from './visitor-sessions.ts';

/** The booking capability (apps/server/src/booking: app.booking), when the app has it. */
export function bookingOf(app: FastifyInstance): BookingCapability | null {
  return app.hasDecorator('booking') ? app.booking : null;
}

const REGULATION_WORDS: [string, RegExp][] = [
  ['GDPR', /\bgdpr\b/i],
  ['CCPA', /\bccpa\b/i],
  ['HIPAA', /\bhipaa\b/i],
  ['PCI DSS', /\bpci\b/i],
  ['EU AI Act', /\bai act\b/i],
  ['SOX', /\bsox\b/i],
  ['the agent hook', /\bhooks?\b/i],
  ['MCP', /\bmcp\b/i],
];

function interestOf(message: string): string | null {
  const found = REGULATION_WORDS.filter(([, re]) => re.test(message)).map(([name]) => name);
  return found.length > 0 ? `${found.join(', ')} compliance enforcement` : null;
}

export type MessageOutcome = {
  response: string;
  /** Always false: every reply is the receptionist's own (the spec's site shows an apology instead of a reply marked true). */
  fallback: false;
  exitCode: 0 | 2;
  article: string | null;
  executionTime: number;
  proofBundle: CheckedDecision['proofBundle'];
  conversationLength: number;
  intent: Intent;
  complianceValidation: {
    protocol: Protocol;
    decisions: Omit<CheckedDecision, 'proofBundle' | 'planned'>[];
    personalData: { category: string; stored: boolean }[];
    notice?: string;
  };
  actions?: ChatAction[];
};

const SPECIAL = new Set(['health', 'special_category']);

export class ReceptionistService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly knowledge: Knowledge,
    private readonly compliance: ComplianceCheck,
  ) {}

  /** Starts the newsletter's double opt-in for an address given with consent; the reply does not wait on it. */
  startNewsletter(email: string): void {
    startNewsletterOptIn(this.app, email).catch((error: unknown) => this.app.log.error({ err: error }, 'newsletter opt-in from the chat failed'));
  }

  /** The next lead field to ask for while arranging a demo. */
  private static missing(lead: { name: string | null; email: string | null; company: string | null; interest: string | null } | undefined) {
    if (!lead?.name) return 'name' as const;
    if (!lead.email) return 'email' as const;
    if (!lead.company) return 'company' as const;
    if (!lead.interest) return 'interest' as const;
    return null;
  }

  async handle(session: VisitorSession, message: string, now = Date.now()): Promise<MessageOutcome> {
    const state = session.state;
    const classified = classifyIntent(message, this.knowledge);
    let intent = classified.intent;
    const items: PersonalDataItem[] = findPersonalData(message);
    // An answer to the question the receptionist just asked continues the demo arrangement.
    const answer = state.awaiting && message.length <= 80 && !/\?\s*$/.test(message) && (intent === 'off_topic' || intent === 'unknown' || intent === 'small_talk' || items.length > 0);
    if (answer && state.awaiting === 'name' && !items.some((i) => i.category === 'name') && /^[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){0,2}$/.test(message.trim())) {
      items.push({ category: 'name', value: message.trim() });
    }
    if (answer) intent = 'booking';
    if (intent === 'booking') state.demoRequested = true;

    const consent = await consentState(this.app.db, session.id);
    const purpose = purposeOf(intent, message, state.demoRequested);
    const firstContact = !state.noticeGiven;
    const planned = planDecisions(items, purpose, consent, firstContact);
    const { protocol, decisions } = await this.compliance.decide(planned, session);

    const dataDecisions = decisions.filter((d) => d.planned.field !== 'transparency_notice');
    const denied = dataDecisions.filter((d) => d.exitCode === 2);
    // Special categories first: they are the reason the reply gives.
    denied.sort((a, b) => Number(SPECIAL.has(b.planned.field)) - Number(SPECIAL.has(a.planned.field)));
    const messageAllowed = denied.length === 0;
    for (const d of dataDecisions) {
      const item = d.planned.item;
      if (d.exitCode === 0 && item && !SPECIAL.has(item.category)) {
        await storePersonalData(this.app.db, session.id, item, d.planned.purpose, d.planned.legalBasis, d.id, now);
        d.stored = true;
        // An email given for the newsletter, with consent, starts the newsletter's own double opt-in.
        if (item.category === 'email' && d.planned.purpose === 'newsletter') this.startNewsletter(item.value);
      } else if (d.exitCode === 0 && d.planned.field === 'message') {
        d.stored = true;
      }
    }
    await addMessage(this.app.db, session.id, { sender: 'visitor', content: messageAllowed ? message : null, withheldArticle: denied[0]?.article ?? null, intent }, now);
    if (messageAllowed && denied.length === 0) {
      // Allowed data becomes the lead: a demo asked for, or a follow-up the visitor consented to.
      const allowedItems = dataDecisions.filter((d) => d.stored && d.planned.item).map((d) => d.planned.item!);
      const fields: { name?: string; email?: string; company?: string; interest?: string } = {};
      const name = allowedItems.find((i) => i.category === 'name');
      const email = allowedItems.find((i) => i.category === 'email');
      if (name) fields.name = name.value;
      if (email) fields.email = email.value;
      if (state.demoRequested || allowedItems.length > 0) {
        const company = findCompany(message) ?? (answer && state.awaiting === 'company' ? message.trim() : null);
        const interest = interestOf(message) ?? (answer && state.awaiting === 'interest' ? message.trim() : null);
        if (company) fields.company = company;
        if (interest) fields.interest = interest;
      }
      if (Object.keys(fields).length > 0) await upsertLead(this.app.db, session.id, fields, now);
    }

    // Booking from the chat: offer real slots; book the one the visitor picks.
    const booking = bookingOf(this.app);
    let slots: Slot[] | null = null;
    let bookingAction: ChatAction | null = null;
    let bookingText: string | null = null;
    let lead = await findLead(this.app.db, session.id);
    if (intent === 'booking') {
      state.awaiting = ReceptionistService.missing(lead);
      if (classified.slotStart && booking) {
        if (state.awaiting === null || (lead?.name && lead.email)) {
          try {
            const booked = await booking.book({
              slotStart: classified.slotStart,
              name: lead!.name!,
              email: lead!.email!,
              company: lead!.company ?? 'Not given',
              interest: lead!.interest ?? 'Product demo',
              timeZone: 'UTC',
              source: 'chat',
            });
            await setLeadBooking(this.app.db, session.id, booked.booking.id, now);
            bookingAction = { type: 'booking_confirmed', booking: { ...booked.booking }, icsUrl: booked.icsUrl };
            bookingText = `Your demo is booked for ${new Date(classified.slotStart).toUTCString().replace(':00 GMT', ' UTC')}. The invitation is on its way to your email; you can also download it here.`;
            state.awaiting = null;
            state.offeredSlots = [];
          } catch (error) {
            const nearest = (error as { nearest?: Slot[] }).nearest;
            slots = nearest && nearest.length > 0 ? nearest.slice(0, RECEPTIONIST_SLOTS_OFFERED) : await booking.freeSlots().then((s) => s.slice(0, RECEPTIONIST_SLOTS_OFFERED));
            bookingText = `That slot cannot be booked: ${error instanceof Error ? error.message : 'it is not available'}.`;
          }
        } else {
          bookingText = 'Before I book it, I need a name and an email address for the invitation.';
          state.offeredSlots = [];
        }
      }
      if (!bookingAction && !slots) slots = booking ? (await booking.freeSlots().catch(() => null))?.slice(0, RECEPTIONIST_SLOTS_OFFERED) ?? null : null;
      if (slots) state.offeredSlots = slots;
    } else {
      state.awaiting = null;
    }

    const hits = intent === 'product' || intent === 'unknown' ? this.knowledge.search(message, 3) : [];
    const consentNeeded = denied.some((d) => !SPECIAL.has(d.planned.field) && (d.planned.purpose === 'follow_up' || d.planned.purpose === 'newsletter'))
      ? (denied.find((d) => d.planned.purpose === 'newsletter') ? 'newsletter' : 'follow_up')
      : null;
    const composed = composeReply({
      intent,
      right: classified.right,
      overview: classified.overview === true,
      message,
      hits,
      knowledge: this.knowledge,
      slots: bookingAction ? [] : slots,
      askFor: bookingAction ? null : state.awaiting,
      specialWithheld: denied.some((d) => SPECIAL.has(d.planned.field)),
      consentNeeded,
    });
    let draft = composed.text;
    const actions = composed.actions.filter((a) => !(bookingAction && a.type === 'booking_offer'));
    if (bookingText) draft = bookingAction ? bookingText : `${bookingText} ${draft}`;
    if (bookingAction) actions.unshift(bookingAction);

    let response = draft;
    if (this.app.config.llm) {
      // A model that fails costs the visitor nothing: the embedded reply is the answer (not a
      // fallback the site would replace with an apology), and the failure is logged.
      const phrased = await phraseWithModel(this.app.config.llm, { message, facts: composed.facts, draft });
      response = phrased.response;
      if (phrased.failure !== null) this.app.log.warn(`receptionist: answered with the embedded reply, as ${phrased.failure}`);
    }
    const conversationLength = await addMessage(this.app.db, session.id, { sender: 'receptionist', content: response, intent }, now);
    state.noticeGiven = true;
    await touchSession(this.app, session, now);
    lead = undefined;

    const deciding = denied[0] ?? dataDecisions.find((d) => d.article !== null) ?? dataDecisions[0] ?? decisions[0]!;
    return {
      response,
      fallback: false,
      exitCode: denied.length > 0 ? 2 : 0,
      article: deciding.article,
      executionTime: deciding.executionTimeUs,
      proofBundle: deciding.proofBundle,
      conversationLength,
      intent,
      complianceValidation: {
        protocol,
        decisions: decisions.map(({ proofBundle: _bundle, planned: _planned, ...d }) => d),
        personalData: dataDecisions.filter((d) => d.planned.item).map((d) => ({ category: d.planned.item!.category, stored: d.stored })),
        ...(firstContact ? { notice: transparencyNotice(this.app.config.receptionistRetentionDays) } : {}),
      },
      ...(actions.length > 0 ? { actions } : {}),
    };
  }
}
