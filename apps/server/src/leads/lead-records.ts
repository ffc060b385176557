// The four kinds of lead record as the operators, the data-rights endpoints and the retention job
// see them: bookings, pilot requests, contacts and newsletter subscribers. Matching is by email.
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { DataRightsHandler } from '../gdpr/data-rights.ts';
import type { RetentionPolicy } from '../retention/retention.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export const LEAD_KINDS = ['bookings', 'pilotRequests', 'contacts', 'subscribers'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

type Query = { email?: string; limit?: number };

export async function bookingRecords(db: Database, q: Query = {}) {
  let query = db.selectFrom('bookings').selectAll().orderBy('created_at', 'desc');
  if (q.email) query = query.where('email', '=', q.email);
  if (q.limit) query = query.limit(q.limit);
  return (await query.execute()).map((r) => ({
    id: r.id,
    start: iso(r.slot_start),
    end: iso(r.slot_end),
    status: r.status,
    name: r.name,
    email: r.email,
    company: r.company,
    interest: r.interest,
    notes: r.notes,
    timeZone: r.time_zone,
    source: r.source,
    pilotRequestId: r.pilot_request_id,
    createdAt: iso(r.created_at),
    cancelledAt: iso(r.cancelled_at),
  }));
}

export async function pilotRequestRecords(db: Database, q: Query = {}) {
  let query = db.selectFrom('pilot_requests').selectAll().orderBy('created_at', 'desc');
  if (q.email) query = query.where('email', '=', q.email);
  if (q.limit) query = query.limit(q.limit);
  return (await query.execute()).map((r) => ({
    id: r.id,
    company: r.company,
    name: r.name,
    email: r.email,
    useCase: r.use_case,
    regulations: JSON.parse(r.regulations) as string[],
    createdAt: iso(r.created_at),
  }));
}

export async function contactRecords(db: Database, q: Query = {}) {
  let query = db.selectFrom('contacts').selectAll().orderBy('created_at', 'desc');
  if (q.email) query = query.where('email', '=', q.email);
  if (q.limit) query = query.limit(q.limit);
  return (await query.execute()).map((r) => ({ id: r.id, name: r.name, email: r.email, company: r.company, interest: r.interest, message: r.message, createdAt: iso(r.created_at) }));
}

export async function subscriberRecords(db: Database, q: Query = {}) {
  let query = db.selectFrom('newsletter_subscribers').selectAll().orderBy('created_at', 'desc');
  if (q.email) query = query.where('email', '=', q.email);
  if (q.limit) query = query.limit(q.limit);
  return (await query.execute()).map((r) => ({
    email: r.email,
    status: r.status,
    createdAt: iso(r.created_at),
    confirmedAt: iso(r.confirmed_at),
    unsubscribedAt: iso(r.unsubscribed_at),
  }));
}

export const leadRecords: Record<LeadKind, (db: Database, q?: Query) => Promise<Record<string, unknown>[]>> = {
  bookings: bookingRecords,
  pilotRequests: pilotRequestRecords,
  contacts: contactRecords,
  subscribers: subscriberRecords,
};

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
const orNull = <T>(list: T[]) => (list.length > 0 ? list : null);

/** Access (Art. 15/20) and erasure (Art. 17) of each kind, by the subject's email. */
export const leadDataRights: DataRightsHandler[] = [
  {
    name: 'bookings',
    access: async (db, subject) => orNull(await bookingRecords(db, { email: subject.email })),
    erase: async (db, subject) => deleted(await db.deleteFrom('bookings').where('email', '=', subject.email).executeTakeFirst()),
  },
  {
    name: 'pilotRequests',
    access: async (db, subject) => orNull(await pilotRequestRecords(db, { email: subject.email })),
    erase: async (db, subject) => deleted(await db.deleteFrom('pilot_requests').where('email', '=', subject.email).executeTakeFirst()),
  },
  {
    name: 'contacts',
    access: async (db, subject) => orNull(await contactRecords(db, { email: subject.email })),
    erase: async (db, subject) => deleted(await db.deleteFrom('contacts').where('email', '=', subject.email).executeTakeFirst()),
  },
  {
    name: 'subscribers',
    access: async (db, subject) => orNull(await subscriberRecords(db, { email: subject.email })),
    erase: async (db, subject) => {
      const ids = (await db.selectFrom('newsletter_subscribers').select('id').where('email', '=', subject.email).execute()).map((r) => r.id);
      if (ids.length === 0) return 0;
      await db.deleteFrom('newsletter_unsubscribe_tokens').where('subscriber_id', 'in', ids).execute();
      return deleted(await db.deleteFrom('newsletter_subscribers').where('id', 'in', ids).executeTakeFirst());
    },
  },
];

/** Retention: bookings BOOKING_RETENTION_DAYS after their slot; leads LEADS_RETENTION_DAYS after they came; a
 *  newsletter subscription is kept while it is confirmed (consent), a pending or ended one for the leads' period. */
export function leadRetention(config: Config): RetentionPolicy[] {
  const leads = config.leadsRetentionDays * DAY_MS;
  return [
    {
      name: 'demo bookings',
      periodMs: config.bookingRetentionDays * DAY_MS,
      purge: async (db, cutoff) => deleted(await db.deleteFrom('bookings').where('slot_start', '<', cutoff).executeTakeFirst()),
    },
    {
      name: 'pilot requests',
      periodMs: leads,
      purge: async (db, cutoff) => deleted(await db.deleteFrom('pilot_requests').where('created_at', '<', cutoff).executeTakeFirst()),
    },
    {
      name: 'contact messages',
      periodMs: leads,
      purge: async (db, cutoff) => deleted(await db.deleteFrom('contacts').where('created_at', '<', cutoff).executeTakeFirst()),
    },
    {
      name: 'newsletter sign-ups not confirmed or ended',
      periodMs: leads,
      purge: async (db, cutoff) => {
        const ids = (await db.selectFrom('newsletter_subscribers').select('id').where('status', '!=', 'confirmed').where('updated_at', '<', cutoff).execute()).map((r) => r.id);
        if (ids.length === 0) return 0;
        await db.deleteFrom('newsletter_unsubscribe_tokens').where('subscriber_id', 'in', ids).execute();
        return deleted(await db.deleteFrom('newsletter_subscribers').where('id', 'in', ids).executeTakeFirst());
      },
    },
  ];
}
