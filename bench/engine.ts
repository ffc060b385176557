// Engine benchmark (issue 4): three figures, each with its own definition, peers in the same run.
//  1. in process: a parsed request against a loaded policy, unsigned — decisions/s on one core and
//     p50/p99 of the per-decision time across batches, for the GDPR template policy; peers: Cedar
//     (@cedar-policy/cedar-wasm, pre-parsed policies) and OPA (`opa bench`) on the same policy's
//     Cedar and Rego output.
//     The native peer is the `cedar-policy` crate (bench/cedar-native, built with cargo here).
//  2. signed: decide plus an Ed25519-signed proof bundle per decision.
//  3. over HTTP: POST /api/v1/decide under autocannon (bench/http-decide.ts), OPA's server beside it.
// Timed in batches (a clock read per batch, never per decision). Run: npm run bench -- engine
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compile } from '@bytebound/compiler/compile';
import { ACTIONS, type CompleteRequest } from '@bytebound/compiler/policy-model';
import { TEMPLATES } from '@bytebound/compiler/templates';
import { cedarCall } from '@bytebound/compiler/emit/cedar';
import * as cedarWasm from '@cedar-policy/cedar-wasm/nodejs';
import { decide, decideEncoded, newDecisionBuffer } from '@bytebound/engine/decide';
import { type EncodedRequest, encodeRequest, loadPolicy } from '@bytebound/engine/loaded-policy';
import { createProofBundle } from '@bytebound/engine/proof-bundle';
import { generateSigningKey } from '@bytebound/engine/signing-keys';
import { loadCedar } from '../packages/compiler/test/toolchains/cedar.ts';
import { REGO_PACKAGE } from '../packages/compiler/src/emit/rego.ts';
import { tool } from '../test/tools.ts';
import { BYTEBOUND_DECIDE, bestWithinGoalLatency, exactRate, GOAL_P99_MS, HTTP_GOAL, type HttpFigure, measureHttpDecide, OPA_SERVER, printHttpFigures } from './http-decide.ts';
import { benchRequests } from './lib/requests.ts';
import { formatNs, formatRate, median, percentile, table } from './lib/stats.ts';

type Measured = { name: string; perSecond: number; p50: number; p99: number; note: string };

/** Runs `work(batchSize)` in batches for about `seconds`, returning per-decision ns of each batch. */
function measure(batchSize: number, seconds: number, work: (n: number) => void): number[] {
  work(batchSize); // warm-up
  const samples: number[] = [];
  const until = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() < until) {
    const start = process.hrtime.bigint();
    work(batchSize);
    samples.push(Number(process.hrtime.bigint() - start) / batchSize);
  }
  return samples;
}

function summarise(name: string, samples: number[], note: string): Measured {
  const p50 = median(samples);
  return { name, perSecond: 1e9 / p50, p50, p99: percentile(samples, 99), note };
}

const gdpr = compile(TEMPLATES.gdpr.content, { format: 'bytebound' });
if (!gdpr.ok) throw new Error(`the GDPR template does not compile: ${gdpr.error}`);
const policy = gdpr.policy;
const requests: CompleteRequest[] = benchRequests(policy, 10_000);
const results: Measured[] = [];

// 1. In process, ours.
const loaded = loadPolicy(policy);
const encoded: EncodedRequest[] = requests.map((r) => encodeRequest(r));
const buffer = newDecisionBuffer(loaded);
const denied = encoded.filter((r) => decideEncoded(loaded, r, buffer)).length;
const ours = measure(encoded.length, 3, (n) => {
  for (let i = 0; i < n; i++) decideEncoded(loaded, encoded[i]!, buffer);
});
results.push(summarise('Bytebound engine (in process)', ours, `${policy.rules.length} rules, ${((denied / encoded.length) * 100).toFixed(0)}% of the requests denied`));

// Cedar, pre-parsed policies (wasm).
const cedarOutput = compile(TEMPLATES.gdpr.content, { format: 'cedar', options: { includeTests: false } });
if (cedarOutput.ok) {
  const cedar = loadCedar(cedarOutput.output);
  const sample = requests.slice(0, 500);
  const cedarSamples = measure(sample.length, 3, (n) => {
    for (let i = 0; i < n; i++) cedar.decide(sample[i]!);
  });
  results.push(summarise('Cedar wasm 4.13 (pre-parsed)', cedarSamples, `${cedar.policyCount} Cedar policies, one isAuthorized per target`));
}

// Cedar native: the `cedar-policy` crate (bench/cedar-native, built here with cargo) on the same
// policy slices and the same authorization calls as the wasm peer.
if (cedarOutput.ok) {
  const sample = requests.slice(0, 2_000);
  const native = cedarNative(cedarOutput.output, sample);
  if (native) {
    // The same verdicts as the wasm peer, or the figure would not compare like with like.
    const cedar = loadCedar(cedarOutput.output);
    const wasmDenied = sample.filter((r) => cedar.decide(r).decision === 'DENY').length;
    if (wasmDenied !== native.denied) throw new Error(`cedar-native denied ${native.denied} of ${sample.length} requests, cedar-wasm ${wasmDenied}`);
    results.push(native);
  }
}

// OPA, `opa bench` on the Rego output of the same policy, three representative inputs.
const regoOutput = compile(TEMPLATES.gdpr.content, { format: 'rego', options: { includeTests: false } });
if (regoOutput.ok) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-opa-bench-'));
  fs.writeFileSync(path.join(dir, 'policy.rego'), regoOutput.output);
  const opaSamples: number[] = [];
  for (const request of requests.slice(0, 3)) {
    fs.writeFileSync(path.join(dir, 'input.json'), JSON.stringify(request));
    const run = spawnSync(tool('opa'), ['bench', '--format', 'json', '--count', '1', '-d', 'policy.rego', '-i', 'input.json', `data.${REGO_PACKAGE}.decision`], { cwd: dir, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`opa bench failed: ${run.stderr}`);
    const report = JSON.parse(run.stdout) as { N: number; T: number };
    opaSamples.push(report.T / report.N);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  results.push(summarise('OPA v1.22.2 (opa bench)', opaSamples, 'median of 3 inputs, each its own opa bench run'));
}

/**
 * Builds bench/cedar-native (cargo build --release), hands it the policy slices (one per phase and
 * action, as loadCedar pre-parses them) and every request's calls, and reads its batch timings.
 */
function cedarNative(output: string, sample: CompleteRequest[]): (Measured & { denied: number }) | null {
  const project = path.join(import.meta.dirname, 'cedar-native');
  const build = spawnSync('cargo', ['build', '--release', '--quiet'], { cwd: project, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) {
    console.error('cedar-native: cargo build failed; the native Cedar peer is left out of this run');
    return null;
  }
  const parts = cedarWasm.policySetTextToParts(output);
  if (parts.type !== 'success') throw new Error('Cedar policies do not parse');
  const slices: Record<string, string[]> = {};
  for (const text of parts.policies) {
    const json = cedarWasm.policyToJson(text);
    if (json.type !== 'success') throw new Error('a Cedar policy does not convert');
    const kind = json.json.annotations?.kind;
    const phase = kind === 'rule' || kind === 'no-regulation' ? 'rules' : 'requirements';
    const scope = json.json.action;
    const actions = scope.op === 'in' && 'entities' in scope ? scope.entities.map((e) => ('__entity' in e ? e.__entity.id : e.id)) : [...ACTIONS];
    for (const action of actions) (slices[`bytebound/${phase}/${action}`] ??= []).push(text);
  }
  for (const phase of ['rules', 'requirements']) for (const action of ACTIONS) slices[`bytebound/${phase}/${action}`] ??= [];
  const input = {
    seconds: 3,
    slices: Object.fromEntries(Object.entries(slices).map(([name, texts]) => [name, texts.join('\n')])),
    requests: sample.map((r) => r.targets.map((target) => ({ rules: cedarCall(r, target, 'rules'), requirements: cedarCall(r, target, 'requirements') }))),
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-cedar-native-'));
  fs.writeFileSync(path.join(dir, 'input.json'), JSON.stringify(input));
  const run = spawnSync(path.join(project, 'target/release/bytebound-cedar-native-bench'), [path.join(dir, 'input.json')], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`cedar-native failed: ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { perSecond: number; p50Ns: number; p99Ns: number; denied: number; requests: number };
  return {
    name: `Cedar native (cedar-policy ${cedarCrateVersion(project)}, Rust)`,
    perSecond: report.perSecond,
    p50: report.p50Ns,
    p99: report.p99Ns,
    note: `same policy slices, calls and verdicts as the wasm peer (${report.requests} requests)`,
    denied: report.denied,
  };
}

function cedarCrateVersion(project: string): string {
  const lock = fs.readFileSync(path.join(project, 'Cargo.lock'), 'utf8');
  return /name = "cedar-policy"\nversion = "([^"]+)"/.exec(lock)?.[1] ?? '4';
}

// 2. Signed: decide + Ed25519 proof bundle.
const key = generateSigningKey();
let index = 0;
const cpuBefore = process.cpuUsage();
const wallBefore = process.hrtime.bigint();
let signedCount = 0;
const signed = measure(2_000, 3, (n) => {
  for (let i = 0; i < n; i++) {
    createProofBundle(decide(loaded, requests[index++ % requests.length]!), { latency_us: 0 }, { signer: key });
  }
  signedCount += n;
});
// On a shared machine the wall clock also counts time the process waited for a core; the
// process's CPU time (all its threads, so a little above the main thread's) shows the cost itself.
const cpu = process.cpuUsage(cpuBefore);
const cpuPerDecisionNs = ((cpu.user + cpu.system) * 1000) / signedCount;
const busy = (cpu.user + cpu.system) / (Number(process.hrtime.bigint() - wallBefore) / 1000);
const signedFigure = summarise('Bytebound signed (decide + DSSE Ed25519 bundle)', signed, `process CPU time (all threads) ${formatRate(1e9 / cpuPerDecisionNs)}; ${(busy * 100).toFixed(0)}% of a core busy`);
results.push(signedFigure);

console.log(`\nEngine benchmark — GDPR template policy, ${requests.length} requests, Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}\n`);
const base = results[0]!;
table(
  ['what', 'decisions/s', 'p50 / decision', 'p99 / decision', 'in-process engine vs this', 'note'],
  results.map((r) => [r.name, formatRate(r.perSecond), formatNs(r.p50), formatNs(r.p99), r === base ? '-' : `${(r.p50 / base.p50).toFixed(0)}x`, r.note]),
);
console.log('\nGoals: >= 13.3 M decisions/s on one core in process, p99 < 1 µs, at least 10x every peer; signed >= 20,000/s.');

// 3. Over HTTP (bench/http-decide.ts), then the three figures side by side.
console.log('\nOver HTTP: POST /api/v1/decide on a real server vs OPA\'s server, autocannon...\n');
const http = await measureHttpDecide();
printHttpFigures(http);
const find = (prefix: string) => results.find((r) => r.name.startsWith(prefix));
const cell = (r: Measured | undefined) => (r ? `${formatRate(r.perSecond)}, p99 ${formatNs(r.p99)}` : 'not measured');
const httpCell = (f: HttpFigure | undefined) => (f ? `${formatRate(f.perSecond)}, p99 ${f.p99Ms} ms, ${f.errors + f.non2xx} errors` : 'not measured');
const bestCell = (server: string) => {
  const best = bestWithinGoalLatency(http, server);
  return best ? `${exactRate(best.perSecond)}, p99 ${best.p99Ms} ms, 0 errors (${best.connections} connections)` : `p99 >= ${GOAL_P99_MS} ms at every load`;
};
console.log('\nThe three figures (same GDPR template policy, same run):\n');
table(
  ['figure', 'Bytebound', 'Cedar wasm', 'Cedar native', 'OPA', 'goal'],
  [
    ['in process (unsigned)', cell(base), cell(find('Cedar wasm')), cell(find('Cedar native')), cell(find('OPA')), '>= 13.3 M/s, p99 < 1 µs, >= 10x peers'],
    ['signed (evaluate + Ed25519 bundle)', cell(signedFigure), 'does not sign', 'does not sign', 'does not sign', '>= 20,000/s per core'],
    ['over HTTP (POST /api/v1/decide), 10 connections', httpCell(http[0]), 'no server', 'no server', httpCell(http.find((f) => f.name.startsWith(OPA_SERVER))), HTTP_GOAL],
    [`over HTTP, the highest rate with p99 < ${GOAL_P99_MS} ms`, bestCell(BYTEBOUND_DECIDE), 'no server', 'no server', bestCell(OPA_SERVER), HTTP_GOAL],
  ],
);
