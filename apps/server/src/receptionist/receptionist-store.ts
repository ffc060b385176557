// What the receptionist keeps about a session, and only what its decisions allowed: messages
// (text or, when withheld, the article that withheld it), personal data items with their purpose
// and basis, the chat lead and the consents with their wording. Access, rectification, erasure
// and retention read and delete exactly these rows.
import crypto from 'node:crypto';
import { eraseSubjectCommitmentKeys } from '../audit/commitment-keys.ts';
import type { Database } from '../db/database.ts';
import { canonicalEmail } from '../email/email-address.ts';
import type { PersonalDataItem } from './personal-data.ts';

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

export type LeadFields = { name?: string | null; email?: string | null; company?: string | null; interest?: string | null };

export async function addMessage(
  db: Database,
  sessionId: string,
  message: { sender: 'visitor' | 'receptionist'; content: string | null; withheldArticle?: string | null; intent?: string | null },
  now = Date.now(),
): Promise<number> {
  const last = await db.selectFrom('conversation_messages').select((eb) => eb.fn.max<number | null>('position').as('p')).where('session_id', '=', sessionId).executeTakeFirst();
  const position = Number(last?.p ?? -1) + 1;
  await db
    .insertInto('conversation_messages')
    .values({ id: newId('rm'), session_id: sessionId, position, sender: message.sender, content: message.content, withheld_article: message.withheldArticle ?? null, intent: message.intent ?? null, created_at: now })
    .execute();
  return position + 1;
}

export async function visitorMessagesSince(db: Database, sessionId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('conversation_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('session_id', '=', sessionId)
    .where('sender', '=', 'visitor')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function storePersonalData(db: Database, sessionId: string, item: PersonalDataItem, purpose: string, legalBasis: string, decisionId: string, now = Date.now()): Promise<void> {
  await db
    .insertInto('personal_data')
    .values({ id: newId('rpd'), session_id: sessionId, category: item.category, value: item.value, purpose, legal_basis: legalBasis, decision_id: decisionId, created_at: now })
    .execute();
}

export async function findLead(db: Database, sessionId: string) {
  return db.selectFrom('receptionist_leads').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

/** Sets the given fields of the session's lead (creating it); fields left undefined stay as they are. */
export async function upsertLead(db: Database, sessionId: string, fields: LeadFields, now = Date.now()): Promise<void> {
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as LeadFields;
  if (set.email) set.email = canonicalEmail(set.email);
  if (Object.keys(set).length === 0) return;
  await db
    .insertInto('receptionist_leads')
    .values({ session_id: sessionId, name: null, email: null, company: null, interest: null, booking_id: null, ...set, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ ...set, updated_at: now }))
    .execute();
}

export async function setLeadBooking(db: Database, sessionId: string, bookingId: string, now = Date.now()): Promise<void> {
  await db.updateTable('receptionist_leads').set({ booking_id: bookingId, updated_at: now }).where('session_id', '=', sessionId).execute();
}

export async function recordConsent(db: Database, sessionId: string, purpose: string, granted: boolean, wording: string, decisionId: string, now = Date.now()) {
  const row = { id: newId('rc'), session_id: sessionId, purpose, granted: granted ? 1 : 0, wording, decision_id: decisionId, created_at: now };
  await db.insertInto('receptionist_consents').values(row).execute();
  return row;
}

/** The latest answer per purpose. */
export async function consentState(db: Database, sessionId: string): Promise<{ followUp: boolean; newsletter: boolean }> {
  const rows = await db.selectFrom('receptionist_consents').select(['purpose', 'granted', 'created_at']).where('session_id', '=', sessionId).orderBy('created_at').orderBy('id').execute();
  const state = { followUp: false, newsletter: false };
  for (const r of rows) {
    if (r.purpose === 'follow_up') state.followUp = Number(r.granted) === 1;
    if (r.purpose === 'newsletter') state.newsletter = Number(r.granted) === 1;
  }
  return state;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** Everything stored for the session (Art. 15, Art. 20), as plain JSON. */
export async function exportSession(db: Database, session: { id: string; label: string; created_at: number }) {
  const [messages, personalData, lead, consents] = await Promise.all([
    db.selectFrom('conversation_messages').selectAll().where('session_id', '=', session.id).orderBy('position').execute(),
    db.selectFrom('personal_data').selectAll().where('session_id', '=', session.id).orderBy('created_at').execute(),
    findLead(db, session.id),
    db.selectFrom('receptionist_consents').selectAll().where('session_id', '=', session.id).orderBy('created_at').execute(),
  ]);
  return {
    session: { sessionId: session.label, startedAt: iso(session.created_at) },
    messages: messages.map((m) => ({ sender: m.sender, text: m.content, withheld: m.content === null ? `not stored (${m.withheld_article ?? 'no lawful basis'})` : undefined, intent: m.intent, at: iso(m.created_at) })),
    personalData: personalData.map((p) => ({ category: p.category, value: p.value, purpose: p.purpose, legalBasis: p.legal_basis, decisionId: p.decision_id, at: iso(p.created_at) })),
    lead: lead ? { name: lead.name, email: lead.email, company: lead.company, interest: lead.interest, bookingId: lead.booking_id, updatedAt: iso(lead.updated_at) } : null,
    consents: consents.map((c) => ({ purpose: c.purpose, granted: Number(c.granted) === 1, wording: c.wording, decisionId: c.decision_id, at: iso(c.created_at) })),
  };
}

/**
 * Erasure (Art. 17): the session's messages, personal data, lead and consents, and the commitment
 * key of its decisions (the conversation is their data subject, `customerId` the receptionist's);
 * returns how many rows of data went.
 */
export async function eraseSession(db: Database, sessionId: string, customerId: string): Promise<number> {
  const erased = await db.transaction().execute(async (trx) => {
    let n = 0;
    for (const table of ['conversation_messages', 'personal_data', 'receptionist_leads', 'receptionist_consents'] as const) {
      const result = await trx.deleteFrom(table).where('session_id', '=', sessionId).executeTakeFirst();
      n += Number(result.numDeletedRows);
    }
    // The stream's decisions stay (they hold no personal data) but no longer point at the session.
    await trx.updateTable('receptionist_decisions').set({ session_id: null, session_label: null }).where('session_id', '=', sessionId).execute();
    return n;
  });
  await eraseSubjectCommitmentKeys(db, customerId, [sessionId]);
  return erased;
}

/** Withdrawal of consent (Art. 7(3)): the data kept on consent goes, the contract-based data stays. */
export async function eraseConsentBased(db: Database, sessionId: string): Promise<number> {
  const result = await db.deleteFrom('personal_data').where('session_id', '=', sessionId).where('purpose', 'in', ['follow_up', 'newsletter']).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many records the retention purge would delete at this cutoff. */
export async function countBefore(db: Database, cutoff: number): Promise<number> {
  let n = 0;
  for (const table of ['conversation_messages', 'personal_data', 'receptionist_consents'] as const) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).where('created_at', '<', cutoff).executeTakeFirstOrThrow();
    n += Number(row.n);
  }
  const leads = await db.selectFrom('receptionist_leads').select((eb) => eb.fn.countAll<string | number>().as('n')).where('updated_at', '<', cutoff).executeTakeFirstOrThrow();
  return n + Number(leads.n);
}

/** Retention: conversations and personal data older than the cutoff; sessions idle since then go with them, and their commitment keys. */
export async function purgeBefore(db: Database, cutoff: number, customerId: string): Promise<number> {
  const { purged, expired } = await db.transaction().execute(async (trx) => {
    let n = 0;
    for (const table of ['conversation_messages', 'personal_data', 'receptionist_consents'] as const) {
      const result = await trx.deleteFrom(table).where('created_at', '<', cutoff).executeTakeFirst();
      n += Number(result.numDeletedRows);
    }
    const leads = await trx.deleteFrom('receptionist_leads').where('updated_at', '<', cutoff).executeTakeFirst();
    n += Number(leads.numDeletedRows);
    await trx.updateTable('receptionist_decisions').set({ session_id: null, session_label: null }).where('session_id', 'in', trx.selectFrom('conversations').select('id').where('last_seen_at', '<', cutoff)).execute();
    const sessions = await trx.deleteFrom('conversations').where('last_seen_at', '<', cutoff).returning('id').execute();
    return { purged: n + sessions.length, expired: sessions.map((s) => s.id) };
  });
  await eraseSubjectCommitmentKeys(db, customerId, expired);
  return purged;
}

/** Chat leads and their sessions' data by the email (in its one spelling) a person gave in the chat (the site-wide GDPR requests). */
export async function sessionsWithEmail(db: Database, email: string): Promise<string[]> {
  const fromLeads = await db.selectFrom('receptionist_leads').select('session_id').where('email', '=', email).execute();
  const fromItems = await db
    .selectFrom('personal_data')
    .select('session_id')
    .where('category', '=', 'email')
    // An address said in the chat is kept as it was written.
    .where((eb) => eb(eb.fn('lower', ['value']), '=', email))
    .execute();
  return [...new Set([...fromLeads, ...fromItems].map((r) => r.session_id))];
}
