// Engine benchmark (issue 4): three figures, each with its own definition, peers in the same run.
//  1. in process: a parsed request against a loaded policy, unsigned — decisions/s on one core and
//     p50/p99 of the per-decision time across batches, for the GDPR template policy; peers: Cedar
//     (@cedar-policy/cedar-wasm, pre-parsed policies) and OPA (`opa bench`) on the same policy's
//     Cedar and Rego output.
//  2. signed: decide plus an Ed25519-signed proof bundle per decision.
// Timed in batches (a clock read per batch, never per decision). Run: npm run bench -- engine
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compile } from '@bytebound/compiler/compile';
import type { CompleteRequest } from '@bytebound/compiler/policy-model';
import { TEMPLATES } from '@bytebound/compiler/templates';
import { decide, decideEncoded, newDecisionBuffer } from '@bytebound/engine/decide';
import { type EncodedRequest, encodeRequest, loadPolicy } from '@bytebound/engine/loaded-policy';
import { createProofBundle } from '@bytebound/engine/proof-bundle';
import { generateSigningKey } from '@bytebound/engine/signing-keys';
import { loadCedar } from '../packages/compiler/test/toolchains/cedar.ts';
import { REGO_PACKAGE } from '../packages/compiler/src/emit/rego.ts';
import { tool } from '../test/tools.ts';
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

// 2. Signed: decide + Ed25519 proof bundle.
const key = generateSigningKey();
let index = 0;
const signed = measure(2_000, 3, (n) => {
  for (let i = 0; i < n; i++) {
    const request = requests[index++ % requests.length]!;
    createProofBundle({ ...decide(loaded, request), latency_us: 0 }, { signer: key });
  }
});
results.push(summarise('Bytebound signed (decide + DSSE Ed25519 bundle)', signed, 'goal >= 20,000/s per core'));

console.log(`\nEngine benchmark — GDPR template policy, ${requests.length} requests, Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}\n`);
const base = results[0]!;
table(
  ['what', 'decisions/s', 'p50 / decision', 'p99 / decision', 'in-process engine vs this', 'note'],
  results.map((r) => [r.name, formatRate(r.perSecond), formatNs(r.p50), formatNs(r.p99), r === base ? '-' : `${(r.p50 / base.p50).toFixed(0)}x`, r.note]),
);
console.log('\nGoals: >= 13.3 M decisions/s on one core in process, p99 < 1 µs, at least 10x every peer; signed >= 20,000/s.');
