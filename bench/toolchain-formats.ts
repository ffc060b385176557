// The Rego, Cedar, Rust and WebAssembly outputs under their own toolchains, per policy (the GDPR
// template and every regulation's baseline): OPA check and one eval of a 200-request batch, one
// rustc build and one run of the batch, Cedar load and decide, wabt assemble and Wasm decide.
// Medians of repeated runs; the toolchains start once per batch. Run: npm run bench -- toolchain-formats
import fs from 'node:fs';
import path from 'node:path';
import { compile } from '@bytebound/compiler/compile';
import { emitCedar } from '@bytebound/compiler/emit/cedar';
import { emitRego } from '@bytebound/compiler/emit/rego';
import { emitRust } from '@bytebound/compiler/emit/rust';
import { emitWasm, wasmDecide, wasmRules } from '@bytebound/compiler/emit/wasm';
import { DEFAULT_COMPILE_OPTIONS, type CompleteRequest, type Policy } from '@bytebound/compiler/policy-model';
import { TEMPLATES } from '@bytebound/compiler/templates';
import { loadCedar } from '../packages/compiler/test/toolchains/cedar.ts';
import { baselinePolicy } from '../packages/compiler/test/toolchains/property-checks.ts';
import { BATCH_QUERY, opaCheck } from '../packages/compiler/test/toolchains/rego.ts';
import { runTool, scratchDir } from '../packages/compiler/test/toolchains/run-tool.ts';
import { rustBuild, rustRequestLine } from '../packages/compiler/test/toolchains/rust.ts';
import { assembleWat, instantiateWat } from '../packages/compiler/test/toolchains/wasm.ts';
import { tool } from '../test/tools.ts';
import { benchRequests } from './lib/requests.ts';
import { formatNs, median, table } from './lib/stats.ts';

const BATCH = 200;
const RUNS = 3;
const options = { ...DEFAULT_COMPILE_OPTIONS, includeTests: false };

async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start);
}

async function medianOf(work: () => Promise<unknown> | unknown): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await timed(work));
  return median(samples);
}

async function measurePolicy(name: string, policy: Policy, requests: CompleteRequest[]): Promise<string[][]> {
  const rows: string[][] = [];
  const row = (format: string, what: string, ns: number, perRequest = false) =>
    rows.push([name, format, what, formatNs(ns), perRequest ? formatNs(ns / requests.length) : '']);

  const rego = emitRego(policy, options);
  const { dir, cleanup } = scratchDir('bench');
  try {
    fs.writeFileSync(path.join(dir, 'policy.rego'), rego);
    fs.writeFileSync(path.join(dir, 'batch.json'), JSON.stringify({ batch: requests }));
    row('rego', 'opa check', await medianOf(() => opaCheck(rego)));
    row('rego', `opa eval, ${requests.length} requests in one call`, await medianOf(() => runTool(tool('opa'), ['eval', '--format', 'json', '-d', 'policy.rego', '-d', 'batch.json', BATCH_QUERY], dir)), true);

    const rust = emitRust(policy, options);
    let binary = '';
    row('rust', 'rustc build (debug, harness)', await medianOf(async () => (binary = await rustBuild(dir, rust))));
    fs.writeFileSync(path.join(dir, 'batch.txt'), requests.map(rustRequestLine).join('\n') + '\n');
    row('rust', `run, ${requests.length} requests in one process`, await medianOf(() => runTool('/bin/sh', ['-c', `"${binary}" < batch.txt`], dir)), true);
  } finally {
    cleanup();
  }

  const cedarText = emitCedar(policy, options);
  let cedar = loadCedar(cedarText);
  row('cedar', `parse, validate, pre-parse (${cedar.policyCount} policies)`, await medianOf(() => (cedar = loadCedar(cedarText))));
  row('cedar', `decide ${requests.length} requests`, await medianOf(() => requests.forEach((r) => cedar.decide(r))), true);

  const wat = emitWasm(policy, options);
  row('wasm', 'wabt assemble + validate', await medianOf(() => assembleWat(wat)));
  const exports = await instantiateWat(wat);
  const rules = wasmRules(exports);
  row('wasm', `decide ${requests.length} requests`, await medianOf(() => requests.forEach((r) => wasmDecide(exports, rules, r))), true);
  return rows;
}

const gdpr = compile(TEMPLATES.gdpr.content, { format: 'bytebound', options: { includeTests: false } });
if (!gdpr.ok) throw new Error('the GDPR template does not compile');
const policies: [string, Policy][] = [
  [`GDPR template (${gdpr.policy.rules.length} rules)`, gdpr.policy],
  [`every baseline (${baselinePolicy('strict').rules.length} rules)`, baselinePolicy('strict')],
];
const rows: string[][] = [];
for (const [name, policy] of policies) rows.push(...(await measurePolicy(name, policy, benchRequests(policy, BATCH))));
console.log(`medians of ${RUNS} runs; toolchains start once per batch`);
table(['policy', 'format', 'what', 'median', 'per request'], rows);
