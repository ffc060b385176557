// On a SQLite file, decisions are signed and committed by the recorder thread on a connection of its
// own. What a caller notices: each decision's answer arrives once its rows are in the database, with
// its proof bundle signed by the key the caller gave, a batch gets consecutive places in the log, a
// write of the server's thread that found the lock taken goes as
// soon as a batch is committed, closing commits what was handed over, and a thread that cannot
// open the database, or stops, leaves the decisions it was not yet sent to the server's thread
// instead of losing them. Under a steady stream of batches the write-ahead log starts again at the
// thread's own commits, instead of a RESTART checkpoint holding the batches up (db/wal-restart.mjs).
// (The thread is SQLite's; this file makes its own SQLite database in either test project.)
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { generateSigningKey, type SigningKey } from '@bytebound/engine/signing-keys';
import { verifyProofBundle } from '@bytebound/engine/verify';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { type Database, openSqliteConnection } from '../../src/db/database.ts';
import { walRestarts } from '../../src/db/wal-restart.mjs';
import { GLOBAL_COUNTERS_ID } from '../../src/decide/decision-counters.ts';
import type { Recorded, UnsignedDecision } from '../../src/decide/decision-writer.ts';
import { newDecisionId } from '../../src/decide/decision-recorder.ts';
import { RecorderThread } from '../../src/decide/recorder-thread.ts';
import { useSqliteFiles } from '../helpers/sqlite-files.ts';

const key = generateSigningKey();
const sqliteFile = useSqliteFiles();

function decision(customerId: string): UnsignedDecision {
  const now = Date.now();
  return {
    signs: {
      decision: { decision: 'DENY', exitCode: 2, reasons: [{ ruleId: 'gdpr-44', text: 'No legal basis for the transfer', article: 'GDPR Art. 44', priority: 10 }], applied_policies: ['gdpr'], article: 'GDPR Art. 44' },
      details: { latency_us: 1.5, timestamp: new Date(now).toISOString() },
      commitments: [{ field: 'request', key: `${customerId}-key`, value: `hmac-sha256:${'0'.repeat(64)}` }],
    },
    decisionId: newDecisionId(now),
    customerId,
    apiKeyId: null,
    source: 'api',
    latencyNs: 1_500,
    outcomes: [{ arbiter: 'gdpr', version: 1, digest: null, outcome: 'DENY', article: 'GDPR Art. 44', reason: 'No legal basis for the transfer', latencyNs: 1_000 }],
    now,
  };
}

/** Each answer's bundle verifies with `signers`' public keys, signs what was handed over, and is the bundle the log keeps. */
async function expectSignedAndKept(db: Database, decisions: readonly UnsignedDecision[], answers: readonly Recorded[], signers: readonly SigningKey[]) {
  const keys = new Map(signers.map((k) => [k.keyId, k.publicKey]));
  const kept = new Map(
    (await db.selectFrom('proof_bundles').select(['id', 'envelope', 'key_id']).where('id', 'in', answers.map((a) => a.bundleId)).execute()).map((b) => [b.id, b]),
  );
  answers.forEach(({ bundle, bundleId }, i) => {
    expect(verifyProofBundle(bundle, keys)).toMatchObject({ ok: true, failures: [] });
    expect(bundle.decision).toMatchObject({ ...decisions[i]!.signs.decision, ...decisions[i]!.signs.details, commitments: decisions[i]!.signs.commitments });
    expect(bundleId).toBe(bundle.decision.digest.replace(/^sha256:/, ''));
    expect(JSON.parse(kept.get(bundleId)!.envelope!)).toEqual(bundle.envelope);
    expect(kept.get(bundleId)!.key_id).toBe(bundle.envelope.signatures[0]!.keyid);
  });
}

async function rowsOf(db: Database, decisions: readonly UnsignedDecision[]) {
  const ids = decisions.map((d) => d.decisionId);
  const logs = await db.selectFrom('decision_logs').select(['id', 'bundle_id']).where('id', 'in', ids).execute();
  const results = await db.selectFrom('arbiter_results').select('decision_id').where('decision_id', 'in', ids).execute();
  const bundles = await db
    .selectFrom('proof_bundles')
    .select('leaf_index')
    .where('id', 'in', logs.map((l) => l.bundle_id))
    .execute();
  return { logs: logs.length, results: results.length, leaves: bundles.map((b) => Number(b.leaf_index)).sort((a, b) => a - b) };
}

describe('the recorder thread', () => {
  it('commits decisions on its own connection: each answer comes once the rows are there, a batch in consecutive leaves', async () => {
    const db = await sqliteFile();
    const thread = new RecorderThread(db, db.file!);
    const batch = Array.from({ length: 30 }, (_, i) => decision(`cust-${i % 3}`));
    const answers = await Promise.all(batch.map((d) => thread.write(d, key)));
    expect(thread.onThread).toBe(true);
    expect(answers.map((a) => a.leafIndex)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    await expectSignedAndKept(db, batch, answers, [key]);
    expect(answers.map((a) => a.bundle.envelope.signatures[0]!.keyid)).toEqual(Array(30).fill(key.keyId));
    // Read on the server's connection, right after the answers.
    expect(await rowsOf(db, batch)).toEqual({ logs: 30, results: 30, leaves: answers.map((a) => a.leafIndex) });
    const counters = await db.selectFrom('decision_counters').selectAll().where('id', '=', GLOBAL_COUNTERS_ID).executeTakeFirstOrThrow();
    expect(Number(counters.total)).toBe(30);
    expect((await db.selectFrom('audit_checkpoints').select('size').execute()).map((c) => Number(c.size))).toEqual([10, 20, 30]);
    await thread.close();
  });

  it('signs each decision with the key it was handed with, when the key changes between decisions of one batch', async () => {
    const db = await sqliteFile();
    const thread = new RecorderThread(db, db.file!);
    const rotated = generateSigningKey();
    const batch = Array.from({ length: 9 }, (_, i) => decision(`cust-rotate-${i}`));
    const signers = batch.map((_, i) => (i % 3 === 1 ? rotated : key));
    const answers = await Promise.all(batch.map((d, i) => thread.write(d, signers[i]!)));
    expect(answers.map((a) => a.bundle.envelope.signatures[0]!.keyid)).toEqual(signers.map((k) => k.keyId));
    await expectSignedAndKept(db, batch, answers, [key, rotated]);
    // Neither key alone verifies the other's bundles.
    expect(answers.map((a) => verifyProofBundle(a.bundle, new Map([[key.keyId, key.publicKey]])).ok)).toEqual(signers.map((k) => k === key));
    await thread.close();
  });

  it("a write of the server's thread that found the lock taken by a batch goes once that batch is committed, before the next batch", async () => {
    const db = await sqliteFile();
    const thread = new RecorderThread(db, db.file!);
    await thread.write(decision('cust-warm'), key); // the thread is up
    // What was written, in the order written: decisions (by customer) and the server's thread's note.
    await sql`create table notes (body text not null)`.execute(db);
    await sql`create table journal (what text not null)`.execute(db);
    await sql`create trigger decision_logged after insert on decision_logs begin insert into journal (what) values (new.customer_id); end`.execute(db);
    await sql`create trigger note_written after insert on notes begin insert into journal (what) values ('note'); end`.execute(db);
    // Another connection holds the lock, so that the first batch is still with the thread when the note finds the lock taken.
    const blocker = openSqliteConnection(db.file!);
    blocker.exec('BEGIN IMMEDIATE');
    // The note's own retry (a timer) never comes: only the thread's committed batch can wake it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = thread.write(decision('cust-first'), key);
      await new Promise((resolve) => setImmediate(resolve)); // the first batch went over
      const note = sql`insert into notes (body) values ('waited')`.execute(db);
      const second = thread.write(decision('cust-second'), key); // waits for the next batch
      await new Promise((resolve) => setImmediate(resolve)); // the note found the lock taken
      blocker.exec('ROLLBACK');
      await Promise.all([first, note, second]);
    } finally {
      vi.useRealTimers();
      blocker.close();
    }
    const { rows } = await sql<{ what: string }>`select what from journal order by rowid`.execute(db);
    expect(rows.map((r) => r.what)).toEqual(['cust-first', 'note', 'cust-second']);
    await thread.close();
  });

  it('under a steady stream of batches, the write-ahead log starts again at its own commits, a RESTART checkpoint only when the stream stalls', async () => {
    const frames = 1_024; // 4 MiB of log
    const db = await sqliteFile({ walRestartFrames: frames });
    const thread = new RecorderThread(db, db.file!);
    await thread.write(decision('cust-warm'), key); // the thread is up
    // The log may have started again once already, at the first commit after the migrations' frames
    // were copied (when depends on the checkpointer's timing).
    const atStart = walRestarts(db.walRestart!);
    expect(atStart).toMatchObject({ writer: true, byRestart: 0 });
    // Batches one after the other, each sent as the one before is answered, until the log has
    // started again three more times (about 3,500 decisions).
    let decisions = 1;
    while (walRestarts(db.walRestart!).byWriters < atStart.byWriters + 3 && decisions < 40_000) {
      const batch = Array.from({ length: 20 }, (_, i) => decision(`cust-stream-${i}`));
      await Promise.all(batch.map((d) => thread.write(d, key)));
      decisions += batch.length;
    }
    // The checkpointer falls back on a RESTART only when no batch came for four of its turns (a second):
    // on a loaded machine the stream can stall that long now and then, so most restarts, not all, are the writer's.
    const after = walRestarts(db.walRestart!);
    expect(after.writer).toBe(true);
    expect(after.byWriters).toBeGreaterThanOrEqual(atStart.byWriters + 3);
    expect(after.byRestart).toBeLessThan(after.byWriters - atStart.byWriters);
    // Nothing was lost across the restarts: every decision has its leaf and is counted.
    expect(Number((await db.selectFrom('audit_state').select('size').executeTakeFirstOrThrow()).size)).toBe(decisions);
    expect(Number((await db.selectFrom('decision_counters').select('total').where('id', '=', GLOBAL_COUNTERS_ID).executeTakeFirstOrThrow()).total)).toBe(decisions);
    await thread.close();
    expect(walRestarts(db.walRestart!).writer).toBe(false);
  });

  it('commits what was handed over before closing', async () => {
    const db = await sqliteFile();
    const thread = new RecorderThread(db, db.file!);
    const batch = Array.from({ length: 12 }, () => decision('cust-closing'));
    const answers = batch.map((d) => thread.write(d, key));
    await thread.close();
    expect((await Promise.all(answers)).map((a) => a.leafIndex)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect((await rowsOf(db, batch)).logs).toBe(12);
  });

  it('when it cannot open the database, the decisions are committed on the server’s thread, none lost', async () => {
    const db = await sqliteFile();
    const thread = new RecorderThread(db, path.join(os.tmpdir(), 'no-such-directory-bytebound', 'bytebound.db'));
    const batch = Array.from({ length: 5 }, () => decision('cust-fallback'));
    const answers = await Promise.all(batch.map((d) => thread.write(d, key)));
    expect(thread.onThread).toBe(false);
    expect(answers.map((a) => a.leafIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(await rowsOf(db, batch)).toMatchObject({ logs: 5, results: 5 });
    // Later decisions go the same way.
    const later = decision('cust-fallback');
    expect((await thread.write(later, key)).leafIndex).toBe(5);
    await thread.close();
  });

  it('when the thread stops, the decisions it had fail with a clear error, the rest are committed here, and the log stays one tree', async () => {
    const db = await sqliteFile();
    const thread = new RecorderThread(db, db.file!);
    await thread.write(decision('cust-stop'), key); // the thread is up: leaf 0
    // Another connection holds the write lock, so the thread cannot commit what it is sent next.
    const blocker = openSqliteConnection(db.file!);
    blocker.exec('BEGIN IMMEDIATE');
    const sent = Array.from({ length: 5 }, () => decision('cust-stop'));
    const sentAnswers = sent.map((d) => thread.write(d, key).then((a) => a, (error: Error) => error));
    await new Promise((resolve) => setImmediate(resolve)); // they went over; later ones wait their turn
    const waiting = Array.from({ length: 3 }, () => decision('cust-stop'));
    const waitingAnswers = waiting.map((d) => thread.write(d, key));
    // The thread ends as a crash would end it (a fatal error in it, or the process running out of memory).
    const stopped = (thread as unknown as { worker: Worker }).worker.terminate();
    blocker.exec('ROLLBACK');
    blocker.close();
    await stopped;
    // The checkpointer no longer waits for it to start the log again.
    expect(walRestarts(db.walRestart!).writer).toBe(false);
    // Whether the thread committed them is unknown to the caller: they fail, and say why.
    expect((await Promise.all(sentAnswers)).map((a) => (a instanceof Error ? a.message : a))).toEqual(Array(5).fill('the decision recorder stopped before recording the decision'));
    expect(thread.onThread).toBe(false);
    // Those not yet sent, and later ones, are committed on the server's thread, right after leaf 0.
    const committedHere = await Promise.all(waitingAnswers);
    expect(committedHere.map((a) => a.leafIndex)).toEqual([1, 2, 3]);
    await expectSignedAndKept(db, waiting, committedHere, [key]);
    expect((await thread.write(decision('cust-stop'), key)).leafIndex).toBe(4);
    expect(await rowsOf(db, waiting)).toEqual({ logs: 3, results: 3, leaves: [1, 2, 3] });
    expect(await rowsOf(db, sent)).toEqual({ logs: 0, results: 0, leaves: [] });
    expect(Number((await db.selectFrom('audit_state').select('size').executeTakeFirstOrThrow()).size)).toBe(5);
  });

  it('keeps a process that waits for a decision alive until its answer comes', async () => {
    const db = await sqliteFile();
    // A script with nothing else to do: the idle thread must not let it end before the answer.
    const script = `
      import { openDatabase } from './src/db/database.ts';
      import { RecorderThread } from './src/decide/recorder-thread.ts';
      import { generateSigningKey } from '@bytebound/engine/signing-keys';
      const key = generateSigningKey();
      const db = openDatabase({ dialect: 'sqlite', file: process.argv[1] });
      const thread = new RecorderThread(db, process.argv[1]);
      const signs = { decision: { decision: 'ALLOW', exitCode: 0, reasons: [], applied_policies: [], article: null }, details: { latency_us: 1, timestamp: new Date().toISOString() }, commitments: [] };
      const answer = await thread.write({ signs, decisionId: 'dec_script', customerId: 'c', apiKeyId: null, source: 'api', latencyNs: 1, outcomes: [], now: Date.now() }, key);
      console.log('leaf', answer.leafIndex);
    `;
    const file = db.file!;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, file], { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('leaf 0');
    expect(run.status).toBe(0);
  });
});
