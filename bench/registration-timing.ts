// Account enumeration by timing: registration with a new email vs an email that is taken,
// sign-in with a wrong password vs an unknown email, and forgot-password for a known vs an unknown
// email, each against the real app (SQLite in a temporary data directory). Prints medians and the
// ratio of each pair; a ratio near 1.00 means the answer time tells nothing.
// Run: node --import tsx bench/registration-timing.ts   (BENCH_RUNS=40 by default)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { median, table } from './lib/stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PASSWORD = 'Bench-Passphrase-2026!';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-bench-'));
const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }));

let n = 0;
const fresh = () => `bench.${process.pid}.${n++}@example.com`;
const body = (email: string) => ({ firstName: 'Bench', lastName: 'Mark', companyName: 'Bench', email, password: PASSWORD, acceptTerms: true });

async function time(run: () => Promise<{ statusCode: number }>, expected: number): Promise<number> {
  const start = process.hrtime.bigint();
  const response = await run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (response.statusCode !== expected) throw new Error(`expected ${expected}, got ${response.statusCode}`);
  return ms;
}

// Registration is rate-limited per IP: every request comes from its own address here.
const from = () => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const taken = fresh();
await app.inject({ method: 'POST', url: '/api/auth/register', payload: body(taken), remoteAddress: from() });

const pairs: Array<[string, () => Promise<number>, string, () => Promise<number>]> = [
  [
    'register: new email (201)',
    () => time(() => app.inject({ method: 'POST', url: '/api/auth/register', payload: body(fresh()), remoteAddress: from() }), 201),
    'register: taken email (409)',
    () => time(() => app.inject({ method: 'POST', url: '/api/auth/register', payload: body(taken), remoteAddress: from() }), 409),
  ],
  [
    'sign-in: wrong password (401)',
    () => time(() => app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: taken, password: 'Wrong-Password-1' }, remoteAddress: from() }), 401),
    'sign-in: unknown email (401)',
    () => time(() => app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: fresh(), password: 'Wrong-Password-1' }, remoteAddress: from() }), 401),
  ],
  [
    'forgot-password: known email',
    () => time(() => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: taken }, remoteAddress: from() }), 200),
    'forgot-password: unknown email',
    () => time(() => app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: fresh() }, remoteAddress: from() }), 200),
  ],
];

const rows: string[][] = [];
for (const [nameA, runA, nameB, runB] of pairs) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Interleaved, each going first every other run, so that machine load falls on both alike.
    if (i % 2 === 0) {
      a.push(await runA());
      b.push(await runB());
    } else {
      b.push(await runB());
      a.push(await runA());
    }
    // Sign-in failures for the taken account would be throttled: clear them between runs.
    await app.db.deleteFrom('auth_throttle').execute();
  }
  rows.push([nameA, `${median(a).toFixed(1)} ms`, nameB, `${median(b).toFixed(1)} ms`, (median(a) / median(b)).toFixed(2)]);
}
table(['A', 'median A', 'B', 'median B', 'A/B'], rows);
console.log(`\n${RUNS} runs each, interleaved; argon2id m=19 MiB t=2 p=1 on every path.`);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
