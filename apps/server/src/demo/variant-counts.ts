// Compiles per A/B variant (DESIGN section 8), counted for the operators: one row per variant and
// outcome. The table is created here, idempotently, on both dialects.
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

export type DemoVariantCompilesTable = { variant: string; outcome: string; compiles: number; updated_at: number };
type Tables = { demo_variant_compiles: DemoVariantCompilesTable };

const tables = (db: Database) => db.withTables<Tables>();

export async function createVariantCountTable(db: Database): Promise<void> {
  await db.schema
    .createTable('demo_variant_compiles')
    .ifNotExists()
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('compiles', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('demo_variant_compiles_pk', ['variant', 'outcome'])
    .execute();
}

/** Adds one compile of this variant and outcome (an atomic upsert). */
export async function countVariantCompile(db: Database, variant: string, outcome: 'success' | 'failure', now = Date.now()): Promise<void> {
  await tables(db)
    .insertInto('demo_variant_compiles')
    .values({ variant, outcome, compiles: 1, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['variant', 'outcome']).doUpdateSet({ compiles: sql<number>`demo_variant_compiles.compiles + 1`, updated_at: now }),
    )
    .execute();
}

/** The operators' view: compiles per variant and outcome. */
export async function variantCounts(db: Database): Promise<{ variant: string; outcome: string; compiles: number }[]> {
  const rows = await tables(db).selectFrom('demo_variant_compiles').select(['variant', 'outcome', 'compiles']).orderBy('variant').orderBy('outcome').execute();
  return rows.map((r) => ({ variant: r.variant, outcome: r.outcome, compiles: Number(r.compiles) }));
}
