// Compiles per A/B variant (DESIGN section 8), counted for the operators: one row per variant and
// outcome (table demo_variant_compiles, migration 0006).
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** Adds one compile of this variant and outcome (an atomic upsert). */
export async function countVariantCompile(db: Database, variant: string, outcome: 'success' | 'failure', now = Date.now()): Promise<void> {
  await db
    .insertInto('demo_variant_compiles')
    .values({ variant, outcome, compiles: 1, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['variant', 'outcome']).doUpdateSet({ compiles: sql<number>`demo_variant_compiles.compiles + 1`, updated_at: now }),
    )
    .execute();
}

/** The operators' view: compiles per variant and outcome. */
export async function variantCounts(db: Database): Promise<{ variant: string; outcome: string; compiles: number }[]> {
  const rows = await db.selectFrom('demo_variant_compiles').select(['variant', 'outcome', 'compiles']).orderBy('variant').orderBy('outcome').execute();
  return rows.map((r) => ({ variant: r.variant, outcome: r.outcome, compiles: Number(r.compiles) }));
}
