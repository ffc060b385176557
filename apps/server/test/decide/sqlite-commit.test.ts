// The recorder thread's commit on SQLite (prepared statements) and the database handle's commit
// (the query builder, used on PostgreSQL and should the thread stop) must write the same log: the
// same batches of decisions, committed by each into a fresh database, leave every table they touch
// identical, value for value and type for type.
// (SQLite's own commit: this file makes its own SQLite databases in either test project.)
import { createProofBundle } from '@bytebound/engine/proof-bundle';
import { generateSigningKey } from '@bytebound/engine/signing-keys';
import { describe, expect, it } from 'vitest';
import { openSqliteConnection } from '../../src/db/database.ts';
import { commitThrough, type PendingDecision } from '../../src/decide/decision-writer.ts';
import { commitOnSqlite } from '../../src/decide/sqlite-commit.ts';
import { useSqliteFiles } from '../helpers/sqlite-files.ts';

const key = generateSigningKey();
const TABLES = ['proof_bundles', 'audit_trail', 'audit_nodes', 'audit_state', 'audit_checkpoints', 'decision_logs', 'arbiter_results', 'decision_counters', 'decision_usage'];
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

/** Every row of a table with each value's SQLite type, in a fixed order. */
function contents(file: string, table: string): unknown[] {
  const sqlite = openSqliteConnection(file);
  try {
    const columns = (sqlite.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
    const select = columns.flatMap((c) => [c, `typeof(${c}) as "${c}:type"`]).join(', ');
    return sqlite.prepare(`select ${select} from ${table} order by ${columns.map((_, i) => 2 * i + 1).join(', ')}`).all();
  } finally {
    sqlite.close();
  }
}

describe('the recorder thread’s commit on SQLite', () => {
  it('writes exactly the rows the query builder writes: log entries, checkpoints, decisions, outcomes, counters and usage', async () => {
    const batches = [[0, 1, 2], Array.from({ length: 9 }, (_, i) => 3 + i), [12], Array.from({ length: 13 }, (_, i) => 13 + i)].map((batch) => batch.map(decision));
    const [byBuilder, byStatements] = [await sqliteFile(), await sqliteFile()];
    const onSqlite = openSqliteConnection(byStatements.file!);
    const results = { builder: [] as unknown[], statements: [] as unknown[] };
    for (const batch of batches) {
      results.builder.push(await commitThrough(byBuilder)(batch, key));
      results.statements.push(await commitOnSqlite(onSqlite)(batch, key));
    }
    onSqlite.close();
    expect(results.statements).toEqual(results.builder);
    for (const table of TABLES) {
      const expected = contents(byBuilder.file!, table);
      expect(expected.length, table).toBeGreaterThan(0);
      expect(contents(byStatements.file!, table), table).toEqual(expected);
    }
    // 26 decisions: checkpoints at 10 and 20, and usage in two months.
    expect(contents(byStatements.file!, 'audit_checkpoints').map((c) => (c as { size: number }).size)).toEqual([10, 20]);
    expect(contents(byStatements.file!, 'decision_usage')).toHaveLength(4);
  });

  it('commits a batch whole or not at all: a decision that breaks a constraint rolls back the others, and the log is unchanged', async () => {
    const db = await sqliteFile();
    const sqlite = openSqliteConnection(db.file!);
    const commit = commitOnSqlite(sqlite);
    await commit([decision(0)], key);
    const broken = { ...decision(2), source: null as unknown as string };
    await expect(commit([decision(1), broken, decision(3)], key)).rejects.toThrow(/NOT NULL/);
    sqlite.close();
    expect(contents(db.file!, 'audit_state')).toMatchObject([{ size: 1 }]);
    expect(contents(db.file!, 'proof_bundles')).toHaveLength(1);
    expect(contents(db.file!, 'decision_logs')).toHaveLength(1);
  });
});
