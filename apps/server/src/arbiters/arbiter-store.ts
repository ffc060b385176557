// Custom arbiters: a customer's named policies, each save a new version (bytebound text + digest).
// A customer sees only their own; ids are random, so an id from another customer is "not found".
import crypto from 'node:crypto';
import type { Database } from '../db/database.ts';
import { recentReads } from '../db/recent-reads.ts';
import type { ArbitersTable, ArbiterVersionsTable } from '../db/tables.ts';

export type ArbiterSummary = {
  id: string;
  name: string;
  version: number;
  digest: string;
  rules: number;
  builtIn: false;
  createdAt: string;
  updatedAt: string;
};

export type ArbiterVersion = { version: number; digest: string; rules: number; createdAt: string };

const iso = (ms: number) => new Date(Number(ms)).toISOString();

export function newArbiterId(): string {
  return `arb_${crypto.randomBytes(12).toString('hex')}`;
}

/** Stores `source` as the next version of the customer's arbiter `name` (version 1 when new). */
export async function saveArbiterVersion(
  db: Database,
  input: { customerId: string; name: string; source: string; digest: string; rules: number },
  now = Date.now(),
): Promise<{ arbiter: ArbiterSummary; created: boolean }> {
  const saved = await db.transaction().execute(async (trx) => {
    // Insert-or-bump in one statement so two concurrent saves cannot take the same version number.
    await trx
      .insertInto('arbiters')
      .values({ id: newArbiterId(), customer_id: input.customerId, name: input.name, latest_version: 1, created_at: now, updated_at: now })
      .onConflict((conflict) =>
        conflict.columns(['customer_id', 'name']).doUpdateSet((eb) => ({
          latest_version: eb(eb.ref('arbiters.latest_version'), '+', 1),
          updated_at: now,
        })),
      )
      .execute();
    const row = await trx.selectFrom('arbiters').selectAll().where('customer_id', '=', input.customerId).where('name', '=', input.name).executeTakeFirstOrThrow();
    await trx
      .insertInto('arbiter_versions')
      .values({ arbiter_id: row.id, version: row.latest_version, source: input.source, digest: input.digest, rule_count: input.rules, created_at: now })
      .execute();
    return { arbiter: summarize(row, { digest: input.digest, rule_count: input.rules }), created: row.latest_version === 1 };
  });
  forgetArbiters(db);
  return saved;
}

export async function listArbiters(db: Database, customerId: string): Promise<ArbiterSummary[]> {
  const rows = await db
    .selectFrom('arbiters')
    .innerJoin('arbiter_versions', (join) =>
      join.onRef('arbiter_versions.arbiter_id', '=', 'arbiters.id').onRef('arbiter_versions.version', '=', 'arbiters.latest_version'),
    )
    .selectAll('arbiters')
    .select(['arbiter_versions.digest', 'arbiter_versions.rule_count'])
    .where('arbiters.customer_id', '=', customerId)
    .orderBy('arbiters.name')
    .execute();
  return rows.map((row) => summarize(row, row));
}

export async function findArbiter(db: Database, customerId: string, idOrName: string): Promise<ArbitersTable | undefined> {
  return db
    .selectFrom('arbiters')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
    .executeTakeFirst();
}

export async function listVersions(db: Database, arbiterId: string): Promise<ArbiterVersion[]> {
  const rows = await db
    .selectFrom('arbiter_versions')
    .select(['version', 'digest', 'rule_count', 'created_at'])
    .where('arbiter_id', '=', arbiterId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({ version: r.version, digest: r.digest, rules: r.rule_count, createdAt: iso(r.created_at) }));
}

/** An arbiter (by id or name) with its latest version's number and digest: what a decision needs. */
export type ArbiterToConsult = { id: string; version: number; digest: string };

const recentArbiters = recentReads<ArbiterToConsult>();

/**
 * The customer's arbiter named by id or name, with its latest version's digest (the source stays
 * in the database until its policy must be loaded), as read within the last second.
 */
export async function findArbiterToConsult(db: Database, customerId: string, idOrName: string): Promise<ArbiterToConsult | undefined> {
  return recentArbiters.get(db, `${customerId}\u0000${idOrName}`, () =>
    db
      .selectFrom('arbiters')
      .innerJoin('arbiter_versions', (join) =>
        join.onRef('arbiter_versions.arbiter_id', '=', 'arbiters.id').onRef('arbiter_versions.version', '=', 'arbiters.latest_version'),
      )
      .select(['arbiters.id as id', 'arbiters.latest_version as version', 'arbiter_versions.digest as digest'])
      .where('arbiters.customer_id', '=', customerId)
      .where((eb) => eb.or([eb('arbiters.id', '=', idOrName), eb('arbiters.name', '=', idOrName)]))
      .executeTakeFirst(),
  );
}

/** Called around every change to arbiters: the next decision reads them again. */
export function forgetArbiters(db: Database): void {
  recentArbiters.forget(db);
}

/** A given version's row, with its source. */
export async function arbiterSource(db: Database, arbiterId: string, version: number): Promise<ArbiterVersionsTable | undefined> {
  return db.selectFrom('arbiter_versions').selectAll().where('arbiter_id', '=', arbiterId).where('version', '=', version).executeTakeFirst();
}

function summarize(row: ArbitersTable, latest: { digest: string; rule_count: number }): ArbiterSummary {
  return {
    id: row.id,
    name: row.name,
    version: row.latest_version,
    digest: latest.digest,
    rules: latest.rule_count,
    builtIn: false,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
