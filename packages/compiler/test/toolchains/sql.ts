// The SQL runners: the emitted script runs unchanged in SQLite (better-sqlite3) and in PostgreSQL
// (a fresh database per run on the test server); the requests of a batch are inserted in one
// session and one query of the bb_decision view decides them all.
import Database from '@bytebound/server/db/sqlite-library';
import pg from 'pg';
import { inject } from 'vitest';
import { insertRequests } from '../../src/emit/sql.ts';
import type { CompleteRequest } from '../../src/policy-model.ts';
import type { FormatDecision, FormatRunner } from './types.ts';

type Row = { request: number; decision: 'ALLOW' | 'DENY'; article: string | null; rank: number | null; rule_id: string | null };

export const DECISIONS_QUERY = 'SELECT request, decision, article, rank, rule_id FROM bb_decision WHERE request >= 0 ORDER BY request, rank';
export const FAILURES_QUERY = 'SELECT request, name FROM bb_test_failure ORDER BY request DESC';

function collect(rows: Row[], count: number): FormatDecision[] {
  const out: FormatDecision[] = Array.from({ length: count }, () => ({ decision: 'DENY', article: null, applied_policies: [] }));
  const seen = new Set<number>();
  for (const row of rows) {
    const d = out[Number(row.request)];
    if (!d) throw new Error(`bb_decision returned an unknown request ${row.request}`);
    seen.add(Number(row.request));
    d.decision = row.decision;
    d.article = row.article;
    if (row.rule_id !== null) d.applied_policies.push(row.rule_id);
  }
  if (seen.size !== count) throw new Error(`bb_decision answered ${seen.size} of ${count} requests`);
  return out;
}

const batch = (requests: CompleteRequest[]) => insertRequests(requests.map((request, id) => ({ id, request })));

/** Runs the script and the batch in SQLite; also returns the failing test vectors when the script has tests. */
export function runSqlite(output: string, requests: CompleteRequest[]): { decisions: FormatDecision[]; failures: Row[] | null } {
  const db = new Database(':memory:');
  try {
    db.exec(output);
    db.exec(batch(requests));
    const decisions = collect(db.prepare(DECISIONS_QUERY).all() as Row[], requests.length);
    const hasTests = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'bb_test_failure'").get() !== undefined;
    return { decisions, failures: hasTests ? (db.prepare(FAILURES_QUERY).all() as Row[]) : null };
  } finally {
    db.close();
  }
}

let database: Promise<string> | null = null;
let schemas = 0;

/** One fresh database per test run (dropped at exit is left to the throwaway server); a schema per batch. */
function freshDatabase(): Promise<string> {
  database ??= (async () => {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `bb_sql_${process.pid}_${Date.now()}`;
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(inject('postgresUrl'));
    url.pathname = `/${name}`;
    return url.href;
  })();
  return database;
}

/** Runs the script and the batch in PostgreSQL, in a schema of its own inside this run's fresh database. */
export async function runPostgres(output: string, requests: CompleteRequest[]): Promise<{ decisions: FormatDecision[]; failures: Row[] | null }> {
  const client = new pg.Client({ connectionString: await freshDatabase() });
  const schema = `batch_${schemas++}`;
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
    await client.query(output);
    if (requests.length > 0) await client.query(batch(requests));
    const decisions = collect((await client.query<Row>(DECISIONS_QUERY)).rows, requests.length);
    const hasTests = (await client.query("SELECT 1 FROM pg_views WHERE viewname = 'bb_test_failure' AND schemaname = current_schema()")).rowCount! > 0;
    return { decisions, failures: hasTests ? (await client.query<Row>(FAILURES_QUERY)).rows : null };
  } finally {
    await client.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
    await client.end();
  }
}

export const sqliteRunner: FormatRunner = {
  format: 'sql',
  async decideAll(output, _policy, requests) {
    return runSqlite(output, requests).decisions;
  },
};

export const postgresRunner: FormatRunner = {
  format: 'sql',
  async decideAll(output, _policy, requests) {
    return (await runPostgres(output, requests)).decisions;
  },
};
