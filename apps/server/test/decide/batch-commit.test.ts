// Each commit written by hand for a batch of decisions (the recorder thread's on SQLite,
// sqlite-commit.ts; the decision writer's on PostgreSQL, postgres-commit.ts) must write the same log
// as the query builder's (commitThrough): the same batches of decisions, committed by each into a
// fresh database, leave every table they touch identical, value for value and type for type. Each
// integration project tests its own dialect's commit.
import { leafHash, nodeHash, toHex } from '@bytebound/engine/merkle';
import { auditLeafData, createProofBundle } from '@bytebound/engine/proof-bundle';
import { generateSigningKey } from '@bytebound/engine/signing-keys';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase, openSqliteConnection } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrations.ts';
import { type CommitBatch, commitThrough, type PendingDecision } from '../../src/decide/decision-writer.ts';
import { commitOnPostgres } from '../../src/decide/postgres-commit.ts';
import { commitOnSqlite } from '../../src/decide/sqlite-commit.ts';
import { useSqliteFiles } from '../helpers/sqlite-files.ts';
import { createTestDatabase, testDialect } from '../helpers/test-app.ts';

const key = generateSigningKey();
const TABLES = ['proof_bundles', 'audit_trail', 'audit_subtrees', 'audit_state', 'audit_checkpoints', 'decision_logs', 'arbiter_results', 'decision_counters', 'decision_usage'];
const sqliteFile = useSqliteFiles();

const MONTH = Date.UTC(2026, 10, 1);

function decision(i: number): PendingDecision {
  const now = MONTH - 5_000 + i * 1_000; // the batches span the start of a month
  const allowed = i % 3 === 0;
  const bundle = createProofBundle(
    {
      decision: allowed ? 'ALLOW' : 'DENY',
      exitCode: allowed ? 0 : 2,
      reasons: allowed ? [] : [{ ruleId: 'gdpr-44', text: 'No legal basis for the transfer', article: 'GDPR Art. 44', priority: 10 }],
      applied_policies: ['gdpr'],
      article: allowed ? null : 'GDPR Art. 44',
    },
    { latency_us: 1.5, timestamp: new Date(now).toISOString(), nonce: i.toString(16).padStart(32, '0') },
    { signer: key },
  );
  const { decision: verdict, exitCode, article, digest } = bundle.decision;
  return {
    bundle: { decision: { decision: verdict, exitCode, article, digest }, envelope: bundle.envelope },
    decisionId: `dec_${i.toString(16).padStart(36, '0')}`,
    customerId: `cust-${i % 2}`,
    apiKeyId: i % 4 === 0 ? null : `key-${i % 4}`,
    // The receptionist's decisions are logged but not counted against a customer's quota.
    source: i % 5 === 4 ? 'receptionist' : 'api',
    latencyNs: 1_000 + i,
    outcomes: Array.from({ length: i % 3 }, (_, position) => ({
      arbiter: `arbiter-${position}`,
      version: position === 0 ? null : position,
      digest: position === 0 ? null : `sha256:${'0'.repeat(63)}${position}`,
      outcome: allowed ? 'ALLOW' : 'DENY',
      article: allowed ? null : 'GDPR Art. 44',
      reason: allowed ? null : 'No legal basis for the transfer',
      latencyNs: 500 + position,
    })),
    now,
  };
}

const dropped: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of dropped.splice(0)) await drop();
});

/** The commit written by hand, on a connection (SQLite) or pool (PostgreSQL) of its own, as each server instance has. */
type HandWriter = { commit: CommitBatch; close: () => Promise<void> };

/** A fresh, migrated database of the dialect under test, and `writer()` opening a hand-written commit's writer on it. */
async function freshDatabase(): Promise<{ db: Database; writer: () => HandWriter }> {
  if (testDialect === 'sqlite') {
    const db = await sqliteFile();
    return {
      db,
      writer: () => {
        const connection = openSqliteConnection(db.file!);
        return { commit: commitOnSqlite(connection), close: async () => void connection.close() };
      },
    };
  }
  const testDb = await createTestDatabase();
  dropped.push(testDb.drop);
  await migrate(testDb.db);
  return {
    db: testDb.db,
    writer: () => {
      const own = openDatabase(testDb.database);
      return { commit: commitOnPostgres(own.pool!), close: async () => void (await own.destroy()) };
    },
  };
}

/** MTH of RFC 6962 over the leaf hashes in order. */
function rootOf(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 1) return leaves[0]!;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(rootOf(leaves.slice(0, k)), rootOf(leaves.slice(k)));
}

/** Every row of a table with each value's type in the database, in a fixed order. */
async function contents(db: Database, table: string): Promise<Record<string, unknown>[]> {
  const columns =
    db.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((c) => c.name)
      : (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = ${table} order by ordinal_position`.execute(db)).rows.map((c) => c.name);
  const typeOf = db.dialect === 'sqlite' ? 'typeof' : 'pg_typeof';
  const select = columns.flatMap((c) => [`"${c}"`, `cast(${typeOf}("${c}") as text) as "${c}:type"`]).join(', ');
  return (await sql<Record<string, unknown>>`select ${sql.raw(select)} from ${sql.table(table)} order by ${sql.raw(columns.map((_, i) => 2 * i + 1).join(', '))}`.execute(db)).rows;
}

describe(`the commit written by hand for ${testDialect}`, () => {
  it('writes exactly the rows the query builder writes: log entries, checkpoints, decisions, outcomes, counters and usage', async () => {
    const batches = [[0, 1, 2], Array.from({ length: 9 }, (_, i) => 3 + i), [12], Array.from({ length: 13 }, (_, i) => 13 + i)].map((batch) => batch.map(decision));
    const [byBuilder, byHand] = [await freshDatabase(), await freshDatabase()];
    const hand = byHand.writer();
    const results = { builder: [] as unknown[], hand: [] as unknown[] };
    for (const batch of batches) {
      results.builder.push(await commitThrough(byBuilder.db)(batch, key));
      results.hand.push(await hand.commit(batch, key));
    }
    await hand.close();
    expect(results.hand).toEqual(results.builder);
    for (const table of TABLES) {
      const expected = await contents(byBuilder.db, table);
      expect(expected.length, table).toBeGreaterThan(0);
      expect(await contents(byHand.db, table), table).toEqual(expected);
    }
    // 26 decisions: checkpoints at 10 and 20, and usage in two months.
    expect((await contents(byHand.db, 'audit_checkpoints')).map((c) => Number(c.size))).toEqual([10, 20]);
    expect(await contents(byHand.db, 'decision_usage')).toHaveLength(4);
  });

  it('commits a batch whole or not at all: a decision that breaks a constraint rolls back the others, and the log is unchanged', async () => {
    const { db, writer } = await freshDatabase();
    const { commit, close } = writer();
    await commit([decision(0)], key);
    const broken = { ...decision(2), source: null as unknown as string };
    await expect(commit([decision(1), broken, decision(3)], key)).rejects.toThrow(/NOT NULL|null value/);
    // The database still takes the next batch.
    await commit([decision(4)], key);
    await close();
    expect(await contents(db, 'audit_state')).toMatchObject([{ size: 2 }]);
    expect(await contents(db, 'proof_bundles')).toHaveLength(2);
    expect(await contents(db, 'decision_logs')).toHaveLength(2);
  });

  it('keeps one log when two instances commit batches at the same time', async () => {
    const { db, writer } = await freshDatabase();
    const [one, other] = [writer(), writer()];
    const batches = Array.from({ length: 12 }, (_, b) => Array.from({ length: 1 + (b % 4) }, (_, i) => decision(b * 4 + i)));
    try {
      await Promise.all(batches.map((batch, b) => (b % 2 === 0 ? one : other).commit(batch, key)));
    } finally {
      await one.close();
      await other.close();
    }
    const trail = await db
      .selectFrom('audit_trail')
      .innerJoin('proof_bundles', 'proof_bundles.id', 'audit_trail.bundle_id')
      .selectAll()
      .orderBy('audit_trail.leaf_index')
      .execute();
    const count = batches.flat().length;
    expect(trail.map((row) => Number(row.leaf_index))).toEqual(Array.from({ length: count }, (_, i) => i));
    // Each leaf is its bundle's, and the state's root is the tree of all of them: no batch read a state another had already moved on.
    const leaves = trail.map((row) => leafHash(auditLeafData(JSON.parse(row.envelope!))));
    expect(trail.map((row) => row.leaf_hash)).toEqual(leaves.map(toHex));
    const state = await db.selectFrom('audit_state').selectAll().executeTakeFirstOrThrow();
    expect(Number(state.size)).toBe(count);
    expect(state.root).toBe(toHex(rootOf(leaves)));
    expect(await contents(db, 'decision_logs')).toHaveLength(count);
  });
});
