// Data rights (GDPR Art. 15, 17, 20) for every kind of record: each kind registers how to export
// and erase what it holds about a person; /api/gdpr/access and /api/gdpr/delete run them all.
import type { Database } from '../db/database.ts';
import { canonicalEmail } from '../email/email-address.ts';

/** The person a request is about; the registry hands each handler the email in its one spelling (canonicalEmail). */
export type DataSubject = { email: string; accountId: string | null };

export type DataRightsHandler = {
  /** The kind of record, e.g. 'account', 'leads', 'bookings'. */
  name: string;
  /** Everything held about the subject, as JSON; null when nothing is held. */
  access: (db: Database, subject: DataSubject) => Promise<unknown>;
  /** Erases what is held; returns how many records were removed. */
  erase: (db: Database, subject: DataSubject) => Promise<number>;
};

export class DataRightsRegistry {
  private readonly handlers = new Map<string, DataRightsHandler>();

  register(handler: DataRightsHandler): void {
    if (this.handlers.has(handler.name)) throw new Error(`data rights for '${handler.name}' are already registered`);
    this.handlers.set(handler.name, handler);
  }

  names(): string[] {
    return [...this.handlers.keys()];
  }

  async exportFor(db: Database, subject: DataSubject): Promise<Record<string, unknown>> {
    const records: Record<string, unknown> = {};
    const spelled = inOneSpelling(subject);
    for (const handler of this.handlers.values()) {
      const data = await handler.access(db, spelled);
      if (data !== null && data !== undefined) records[handler.name] = data;
    }
    return records;
  }

  async eraseFor(db: Database, subject: DataSubject): Promise<Record<string, number>> {
    const erased: Record<string, number> = {};
    const spelled = inOneSpelling(subject);
    for (const handler of this.handlers.values()) erased[handler.name] = await handler.erase(db, spelled);
    return erased;
  }
}

const inOneSpelling = (subject: DataSubject): DataSubject => ({ ...subject, email: canonicalEmail(subject.email) });

declare module 'fastify' {
  interface FastifyInstance {
    dataRights: DataRightsRegistry;
  }
}
