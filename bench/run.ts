// `npm run bench [-- name ...]`: runs the named benchmarks (files bench/<name>.ts), or all of them,
// one after another in separate processes so that one does not warm or slow another.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const available = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(1);
}
let failed = false;
for (const name of wanted.length ? wanted : available) {
  console.log(`\n### ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${name}.ts`)], { stdio: 'inherit', cwd: path.resolve(here, '..') });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
