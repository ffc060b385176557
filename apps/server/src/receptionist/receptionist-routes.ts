// The receptionist (issue 8; contract: the receptionist contract between server and web): the
// visitor session, chat messages decided by the engine, consent, the GDPR rights on the session's
// data, storing a transcript with consent, booking assist, and the live compliance stream.
import crypto from 'node:crypto';
import { JURISDICTIONS, REGULATIONS } from '@bytebound/compiler/policy-model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONTROL_CHARACTER_IN_TEXT } from '../auth/auth-schemas.ts';
import { personFields } from '../booking/booking-schemas.ts';
import {
  RECEPTIONIST_MESSAGE_MAX_CHARS,
  RECEPTIONIST_MESSAGES_PER_SESSION_PER_MINUTE,
  RECEPTIONIST_RATE_PER_IP_PER_MINUTE,
  RECEPTIONIST_SESSIONS_PER_IP_PER_MINUTE,
  RECEPTIONIST_STREAMS_PER_SESSION,
} from '../constants.ts';
import { addressLimit, boundedStream, OpenStreams, streamAddress } from '../http/open-streams.ts';
import { perClient } from '../http/rate-limits.ts';
import { upgradeRequired } from '../http/stream-upgrades.ts';
import { ComplianceCheck, type CheckedDecision } from './compliance-check.ts';
import type { PlannedDecision } from './compliance-plan.ts';
import { buildKnowledge } from './knowledge.ts';
import { ensureReceptionistIdentity } from './receptionist-identity.ts';
import { RECEPTIONIST_ARBITER, receptionistPolicy } from './receptionist-policy.ts';
import { bookingOf, ReceptionistService } from './receptionist-service.ts';
import {
  consentState,
  countBefore,
  eraseConsentBased,
  eraseSession,
  exportSession,
  findLead,
  purgeBefore,
  recordConsent,
  sessionsWithEmail,
  upsertLead,
  visitorMessagesSince,
} from './receptionist-store.ts';
import { ReceptionistStream } from './receptionist-stream.ts';
import { CONSENT_WORDING, GREETING, RECEPTIONIST_NAME, transparencyNotice } from './replies.ts';
import { createSession, lookUpSession, sessionOrReply, touchSession, type VisitorSession } from './visitor-sessions.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

const messageBody = z.object({
  message: z
    .string()
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, 'Type a message first.')
        .max(RECEPTIONIST_MESSAGE_MAX_CHARS, `A message is at most ${RECEPTIONIST_MESSAGE_MAX_CHARS} characters.`)
        .refine((value) => !CONTROL_CHARACTER_IN_TEXT.test(value), 'A message cannot contain control characters other than tabs and line breaks.'),
    ),
  sessionId: z.string().max(200).optional(),
  customerId: z.string().max(200).optional(),
  apiKey: z.string().max(200).optional(),
});

const consentBody = z.object({ purpose: z.enum(['follow_up', 'newsletter']), granted: z.boolean() });

const rightsBody = z.object({
  action: z.string().max(40),
  customerId: z.string().max(200).optional(),
  sessionId: z.string().max(200).optional(),
  /** The corrected contact details: the same rules as the booking form's. */
  details: z.object(personFields).partial().optional(),
});

const storeBody = z.object({ sessionId: z.string().max(200).optional() });

const bookingAssistBody = z.object({
  type: z.literal('booking_assist'),
  context: z
    .object({
      recentCompilations: z.array(z.object({ regulations: z.array(z.string().max(40)).max(20), format: z.string().max(40).optional(), at: z.union([z.string(), z.number()]).optional() })).max(50).optional(),
      metrics: z.record(z.string(), z.unknown()).optional(),
      detectedJurisdictions: z.array(z.string().max(40)).max(20).optional(),
      userActivity: z.record(z.string(), z.unknown()).optional(),
    })
    .default({}),
});

/** A regulation or jurisdiction of the compiler's vocabulary (DESIGN section 3). */
const KNOWN_NAMES: ReadonlySet<string> = new Set([...REGULATIONS, ...JURISDICTIONS]);
const isKnownName = (name: string) => KNOWN_NAMES.has(name);

/** The progress label each rights action shows, and what it does. */
export const RIGHTS_LABELS: Record<string, string> = {
  access: 'Retrieving your data (GDPR Art. 15)...',
  rectification: 'Correcting your data (GDPR Art. 16)...',
  erasure: 'Erasing your data (GDPR Art. 17)...',
  portability: 'Preparing your data export (GDPR Art. 20)...',
  delete: 'Deleting your data (GDPR Art. 17)...',
  export: 'Exporting your data (GDPR Art. 20)...',
  withdraw: 'Withdrawing your consent (GDPR Art. 7(3))...',
};
const ALIASES: Record<string, 'access' | 'rectification' | 'erasure' | 'portability' | 'withdraw'> = {
  access: 'access',
  rectification: 'rectification',
  erasure: 'erasure',
  delete: 'erasure',
  portability: 'portability',
  export: 'portability',
  withdraw: 'withdraw',
};
export const UNKNOWN_RIGHTS_ACTION = 'Processing your request.';

const controller = { principal: { id: 'bytebound-receptionist', type: 'agent' } };

function rightsRequest(right: 'access' | 'rectification' | 'erasure' | 'portability' | 'withdraw'): PlannedDecision {
  const shape = {
    access: { action: 'read', subjectRequest: 'access' },
    portability: { action: 'read', subjectRequest: 'portability' },
    rectification: { action: 'modify', subjectRequest: 'rectification' },
    erasure: { action: 'delete', subjectRequest: 'erasure' },
    // Withdrawal erases what was kept on consent: an erasure of that data.
    withdraw: { action: 'delete', subjectRequest: 'erasure' },
  }[right];
  return {
    field: right === 'withdraw' ? 'consent' : 'session_data',
    action: shape.action,
    target: 'personal',
    purpose: 'none',
    legalBasis: 'legal-obligation',
    request: { ...controller, action: shape.action, timing: 'on-request', target: 'personal', attributes: { principalRole: 'controller', subjectRequest: shape.subjectRequest, destination: 'internal' } },
  };
}

function retentionRequest(): PlannedDecision {
  return {
    field: 'session_data',
    action: 'delete',
    target: 'personal',
    purpose: 'none',
    legalBasis: 'none',
    request: { ...controller, action: 'delete', timing: 'scheduled', target: 'personal', attributes: { principalRole: 'controller', retentionExpired: true, destination: 'internal' } },
  };
}

function consentRequest(granted: boolean): PlannedDecision {
  return {
    field: 'consent',
    action: granted ? 'create' : 'delete',
    target: 'personal',
    purpose: 'none',
    legalBasis: granted ? 'consent' : 'legal-obligation',
    request: granted
      ? { ...controller, action: 'create', timing: 'prompt-submit', target: 'personal', attributes: { principalRole: 'controller', legalBasis: 'consent', consent: true, destination: 'internal' } }
      : { ...controller, action: 'delete', timing: 'on-request', target: 'personal', attributes: { principalRole: 'controller', subjectRequest: 'erasure', destination: 'internal' } },
  };
}

function decisionView(d: CheckedDecision, field: string, action: string) {
  return { id: d.id, action, target: d.target, dataCategory: field, exitCode: d.exitCode, article: d.article, reason: d.reason, stored: d.stored, executionTimeUs: d.executionTimeUs };
}

export async function receptionistRoutes(app: FastifyInstance): Promise<void> {
  const identity = await ensureReceptionistIdentity(app.db, app.config);
  app.decisions.registerArbiter(RECEPTIONIST_ARBITER, async () => ({ policy: receptionistPolicy() }));
  const knowledge = buildKnowledge();
  const stream = new ReceptionistStream(app.db);
  if (app.config.database.dialect === 'postgres') {
    await stream.listen(app.config.database.url, (error) => app.log.error({ err: error }, 'receptionist stream: LISTEN connection failed'));
    app.addHook('onClose', async () => stream.close());
  }
  const compliance = new ComplianceCheck(app, identity, stream);
  const service = new ReceptionistService(app, knowledge, compliance);

  app.retention.register({
    name: 'receptionist-conversations',
    periodMs: app.config.receptionistRetentionDays * DAY_MS,
    // The purge is itself decided (timing `scheduled`, retention expired: GDPR Art. 5(1)), signed and logged.
    purge: async (db, cutoff) => {
      if ((await countBefore(db, cutoff)) === 0) return 0;
      const decided = await compliance.decideOne(retentionRequest(), null);
      return decided.exitCode === 0 ? purgeBefore(db, cutoff, identity.customerId) : 0;
    },
  });
  app.dataRights.register({
    name: 'receptionist',
    access: async (db, subject) => {
      const ids = await sessionsWithEmail(db, subject.email);
      if (ids.length === 0) return null;
      const sessions = await db.selectFrom('conversations').select(['id', 'label', 'created_at']).where('id', 'in', ids).execute();
      return Promise.all(sessions.map((s) => exportSession(db, { id: s.id, label: s.label, created_at: Number(s.created_at) })));
    },
    erase: async (db, subject) => {
      let n = 0;
      for (const id of await sessionsWithEmail(db, subject.email)) n += await eraseSession(db, id, identity.customerId);
      return n;
    },
  });

  const checkApiKey = (given: string | undefined) => {
    if (given === undefined || given === '') return true;
    const a = crypto.createHash('sha256').update(given).digest();
    const b = crypto.createHash('sha256').update(identity.publishableKey).digest();
    return crypto.timingSafeEqual(a, b);
  };
  const badKey = { error: "This API key is not the receptionist's publishable key." };

  const sessionView = async (session: VisitorSession) => ({
    sessionId: session.label,
    customerId: identity.customerId,
    apiKey: identity.publishableKey,
    name: RECEPTIONIST_NAME,
    tier: 'scale',
    integration: 'mcp',
    features: { chat: true, complianceStream: true, gdprRights: true, booking: true, leadCapture: true, proofVerification: true },
    expiresInMs: Math.max(0, session.last_seen_at + app.config.receptionistSessionTimeoutMs - Date.now()),
    inactivityTimeoutMs: app.config.receptionistSessionTimeoutMs,
    transparency: transparencyNotice(app.config.receptionistRetentionDays),
    consent: await consentState(app.db, session.id),
    greeting: GREETING,
  });

  app.get('/api/poc-ai-chat/session', { config: perClient(RECEPTIONIST_SESSIONS_PER_IP_PER_MINUTE) }, async (request, reply) => {
    const found = await lookUpSession(app, request);
    let session: VisitorSession;
    if ('session' in found) {
      session = found.session;
      await touchSession(app, session);
    } else {
      session = await createSession(app, reply);
    }
    reply.header('cache-control', 'no-store');
    return sessionView(session);
  });

  app.post('/api/poc-ai-chat', { schema: { body: messageBody }, config: perClient(RECEPTIONIST_RATE_PER_IP_PER_MINUTE) }, async (request, reply) => {
    const body = request.body as z.infer<typeof messageBody>;
    if (!checkApiKey(body.apiKey)) return reply.status(401).send(badKey);
    const session = await sessionOrReply(app, request, reply);
    if (!session) return reply;
    const now = Date.now();
    if ((await visitorMessagesSince(app.db, session.id, now - MINUTE_MS)) >= RECEPTIONIST_MESSAGES_PER_SESSION_PER_MINUTE) {
      return reply.status(429).send({ error: 'You are sending messages too quickly. Please wait a moment and try again.' });
    }
    return service.handle(session, body.message, now);
  });

  app.post('/api/poc-ai-chat/consent', { schema: { body: consentBody }, config: perClient(RECEPTIONIST_RATE_PER_IP_PER_MINUTE) }, async (request, reply) => {
    const body = request.body as z.infer<typeof consentBody>;
    const session = await sessionOrReply(app, request, reply);
    if (!session) return reply;
    const decided = await compliance.decideOne(consentRequest(body.granted), session);
    const row = await recordConsent(app.db, session.id, body.purpose, body.granted, CONSENT_WORDING[body.purpose], decided.id);
    if (!body.granted) await eraseConsentBased(app.db, session.id);
    // Newsletter consent with an email already given in this chat (e.g. for a demo) starts the newsletter's double opt-in.
    if (body.granted && body.purpose === 'newsletter' && decided.exitCode === 0) {
      const email = (await findLead(app.db, session.id))?.email;
      if (email) service.startNewsletter(email);
    }
    await touchSession(app, session);
    return {
      consent: { purpose: body.purpose, granted: body.granted, wording: row.wording, recordedAt: new Date(row.created_at).toISOString(), state: await consentState(app.db, session.id) },
      decision: { ...decisionView(decided, `consent_${body.purpose}`, body.granted ? 'create' : 'delete'), stored: true, protocol: decided.protocol },
      proofBundle: decided.proofBundle,
    };
  });

  app.post('/api/poc-ai-chat/gdpr-rights', { schema: { body: rightsBody }, config: perClient(RECEPTIONIST_RATE_PER_IP_PER_MINUTE) }, async (request, reply) => {
    const body = request.body as z.infer<typeof rightsBody>;
    const session = await sessionOrReply(app, request, reply);
    if (!session) return reply;
    const right = Object.hasOwn(ALIASES, body.action) ? ALIASES[body.action] : undefined;
    if (!right) return { action: body.action, label: UNKNOWN_RIGHTS_ACTION, response: UNKNOWN_RIGHTS_ACTION };
    const decided = await compliance.decideOne(rightsRequest(right), session);
    const base = { action: body.action, label: RIGHTS_LABELS[body.action]!, decision: { ...decisionView(decided, 'session_data', decided.planned.request.action), protocol: decided.protocol }, proofBundle: decided.proofBundle };
    if (decided.exitCode !== 0) return { ...base, response: `The compliance engine refused this request: ${decided.reason}.` };
    switch (right) {
      case 'access':
      case 'portability': {
        await touchSession(app, session);
        const data = await exportSession(app.db, session);
        const response =
          right === 'access'
            ? `Here is everything stored from this chat: ${data.messages.length} messages, ${data.personalData.length} personal data items, ${data.lead ? 'a lead record' : 'no lead record'} and ${data.consents.length} consent records.`
            : 'Your data export is ready as JSON; download it below.';
        return { ...base, response, data };
      }
      case 'rectification': {
        const details = body.details ?? {};
        if (Object.keys(details).length === 0) {
          const lead = await findLead(app.db, session.id);
          return { ...base, response: 'Tell me what to correct: send the corrected name, email, company or interest.', data: { lead: lead ? { name: lead.name, email: lead.email, company: lead.company, interest: lead.interest } : null } };
        }
        await upsertLead(app.db, session.id, details);
        for (const category of ['name', 'email'] as const) {
          const value = details[category];
          if (value !== undefined) await app.db.updateTable('personal_data').set({ value }).where('session_id', '=', session.id).where('category', '=', category).execute();
        }
        await touchSession(app, session);
        const lead = await findLead(app.db, session.id);
        return { ...base, response: `Corrected: ${Object.keys(details).join(', ')}.`, data: { lead: lead ? { name: lead.name, email: lead.email, company: lead.company, interest: lead.interest } : null } };
      }
      case 'erasure': {
        const erased = await eraseSession(app.db, session.id, identity.customerId);
        await touchSession(app, session);
        return { ...base, response: `Erased: ${erased} stored records of this chat (messages, personal data, lead and consents) are deleted, and so is the key this chat's decisions were committed with: their proofs can no longer be linked to it. The signed decision above records the erasure.`, data: { erasedRecords: erased } };
      }
      case 'withdraw': {
        const state = await consentState(app.db, session.id);
        for (const purpose of ['follow_up', 'newsletter'] as const) {
          if (state[purpose === 'follow_up' ? 'followUp' : 'newsletter']) await recordConsent(app.db, session.id, purpose, false, CONSENT_WORDING[purpose], decided.id);
        }
        const erased = await eraseConsentBased(app.db, session.id);
        await touchSession(app, session);
        return { ...base, response: `Your consent is withdrawn; ${erased} items kept on it are deleted.`, data: { consent: await consentState(app.db, session.id), erasedRecords: erased } };
      }
    }
  });

  app.post('/api/database/store-conversation', { schema: { body: storeBody }, config: perClient(RECEPTIONIST_RATE_PER_IP_PER_MINUTE) }, async (request, reply) => {
    const session = await sessionOrReply(app, request, reply);
    if (!session) return reply;
    const consent = await consentState(app.db, session.id);
    if (!consent.followUp) return reply.status(403).send({ error: 'The conversation is stored only with your consent.' });
    const data = await exportSession(app.db, session);
    await touchSession(app, session);
    return { stored: true, messages: data.messages.filter((m) => m.text !== null).length };
  });

  app.post('/api/ai-domain/booking_assist', { schema: { body: bookingAssistBody }, config: perClient(RECEPTIONIST_RATE_PER_IP_PER_MINUTE) }, async (request, reply) => {
    const body = request.body as z.infer<typeof bookingAssistBody>;
    const booking = bookingOf(app);
    const slots = booking ? await booking.freeSlots().catch(() => null) : null;
    const slot = slots?.[0];
    if (!slot) return reply.status(503).send({ status: 'error', error: booking ? 'No free demo slot in the next two weeks.' : 'The booking calendar is not available.' });
    // Only names the compiler knows are said back: the context comes from the browser's storage, and the message is the product speaking.
    const counts = new Map<string, number>();
    for (const c of body.context.recentCompilations ?? []) for (const r of c.regulations.filter(isKnownName)) counts.set(r, (counts.get(r) ?? 0) + 1);
    const jurisdictions = [...new Set((body.context.detectedJurisdictions ?? []).filter(isKnownName))];
    for (const j of jurisdictions) if (!counts.has(j)) counts.set(j, 0);
    const regulations = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([r]) => r);
    const compilations = body.context.recentCompilations?.length ?? 0;
    const when = new Date(slot.start).toUTCString().replace(':00 GMT', ' UTC');
    const message =
      regulations.length > 0
        ? `You compiled ${compilations} ${compilations === 1 ? 'policy' : 'policies'} touching ${regulations.join(', ')}. A 30-minute demo can walk through enforcing ${regulations.slice(0, 3).join(' and ')} for your agents; the next free slot is ${when}.`
        : `A 30-minute demo shows the compiler and the engine on your own rules; the next free slot is ${when}.`;
    return { status: 'success', data: { message, suggestedTime: slot.start, personalization: { regulations, compilations, jurisdictions } } };
  });

  const openStreams = new OpenStreams();
  const streamRate = { rateLimit: { ...perClient(RECEPTIONIST_RATE_PER_IP_PER_MINUTE).rateLimit, keyGenerator: streamAddress } };
  app.get('/api/poc-ai-chat/stream', { websocket: true, onRequest: upgradeRequired, config: streamRate }, async (socket, request: FastifyRequest) => {
    const found = await lookUpSession(app, request);
    if (!('session' in found)) {
      socket.close(4401, 'expired' in found ? 'session expired' : 'no session');
      return;
    }
    const session = found.session;
    const admitted = openStreams.admit(socket, [
      addressLimit(request),
      { key: `session:${session.id}`, max: RECEPTIONIST_STREAMS_PER_SESSION, reason: 'too many open streams for this session' },
    ]);
    if (!admitted) return;
    const { send } = boundedStream(socket, (data) => {
      if (data.toString() === 'ping' || /"type"\s*:\s*"ping"/.test(data.toString())) send({ type: 'pong' });
    });
    const onDecision = ({ sessionRowId, decision }: { sessionRowId: string; decision: unknown }) => {
      if (sessionRowId === session.id) send({ type: 'decision', decision });
    };
    const onCounters = (counters: unknown) => send({ type: 'counters', counters });
    const onCheckpoint = (checkpoint: unknown) => send({ type: 'checkpoint', checkpoint });
    stream.on('decision', onDecision);
    stream.on('counters', onCounters);
    stream.on('checkpoint', onCheckpoint);
    socket.on('close', () => {
      stream.off('decision', onDecision);
      stream.off('counters', onCounters);
      stream.off('checkpoint', onCheckpoint);
    });
    send({ type: 'hello', counters: await stream.counters(), checkpoints: await stream.recentCheckpoints(), uptimeStartedAt: new Date(app.startedAt).toISOString() });
  });
}

