#!/usr/bin/env node
// `npm test`: every check the project has, in one command that works on a fresh machine.
// Installs the system tools the suites need (or says exactly what to install), then runs lint,
// typecheck, the Vitest projects (unit, toolchain, integration on SQLite and on PostgreSQL, the real
// agent), builds the site and runs the browser tests in Chromium. Ends with one line:
// "tests: N passed, N failed".
// Usage: node scripts/test.mjs [unit|toolchain|integration|integration-sqlite|agent|e2e ...]   (no argument: everything)
//        TEST_NODE=<node binary> node scripts/test.mjs unit   (the Vitest projects on another Node)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureTools } from './ensure-tools.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
const only = new Set(process.argv.slice(2));
const wants = (name) => only.size === 0 || only.has(name);
const counts = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`);
  if (!ok) failures.push(label);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// Playwright's JSON report nests suites; a spec failed when its last result is not a pass.
function failedSpecs(suites = [], trail = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => `${suite.file} › ${[...trail, spec.title].join(' › ')}`),
    ...failedSpecs(suite.suites, suite.title === suite.file ? trail : [...trail, suite.title]),
  ]);
}

fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

// The tests' temporary files (folders, databases, the PostgreSQL server's, the browser's) go in one
// folder that the run removes when it ends, however it ends: a unit run alone used to leave 66 MB
// in 28 folders in the system's temporary folder, every time. Each step finds it as TMPDIR.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-test-'));
// Open to other users like /tmp (not writable by them): run as root, the tests run PostgreSQL as its own user.
fs.chmodSync(scratch, 0o755);
process.env.TMPDIR = scratch;
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(1));

// `integration-sqlite`, asked for by name: the integration tests on SQLite alone (CI's Node 24 run, where SQLite is another build).
const sqliteAlone = (p) => only.has(p) && !only.has('integration');
const projects = ['unit', 'toolchain', 'integration', 'integration-sqlite', 'agent'].filter((p) => (p === 'integration-sqlite' ? sqliteAlone(p) : wants(p)));
const needs = new Set();
if (projects.includes('toolchain')) ['opa', 'rustc', 'postgres'].forEach((t) => needs.add(t));
if (projects.includes('integration')) needs.add('postgres');
// The browser tests check the demo's Rego download with OPA, as the toolchain tests do.
if (wants('e2e')) ['chromium-headless-shell', 'opa'].forEach((t) => needs.add(t));
try {
  if (needs.size) ensureTools([...needs]);
} catch (error) {
  console.error(`\n${error.message}`);
  console.log('\ntests: 0 passed, 1 failed');
  process.exit(1);
}

if (only.size === 0) {
  run('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
  run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
}

if (projects.length) {
  const vitestProjects = { unit: ['unit'], toolchain: ['toolchain'], integration: ['integration-sqlite', 'integration-postgres'], 'integration-sqlite': ['integration-sqlite'], agent: ['agent-e2e'] };
  const projectArgs = projects.flatMap((p) => vitestProjects[p].flatMap((name) => ['--project', name]));
  // TEST_NODE=<node binary> runs Vitest, and so its test processes, on another Node (CI's Node 24 run).
  const [command, ...before] = process.env.TEST_NODE ? [process.env.TEST_NODE, 'node_modules/vitest/vitest.mjs'] : ['npx', 'vitest'];
  const vitest = (label, json, files = []) => {
    const ok = run(label, command, [...before, 'run', ...projectArgs, ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`]);
    return { ok, report: readJson(json) };
  };
  const first = vitest('vitest', path.join(results, 'vitest.json'));
  let files = first.report?.testResults ?? [];
  // A test process that dies fails no test: its tests stay pending (a V8 fatal error has ended the
  // Cedar wasm tests' process so, under load). Those files alone run once more, and their second
  // results replace the first; a test that fails, or a process that dies again, still fails the run.
  const died = [...new Set(files.filter((f) => f.assertionResults.some((t) => t.status === 'pending')).map((f) => f.name))];
  if (!first.ok && first.report && first.report.numFailedTests === 0 && died.length > 0) {
    console.log(`\nA test process died before its tests ran; running again: ${died.map((f) => path.relative(root, f)).join(', ')}`);
    const again = vitest('vitest, files whose process died', path.join(results, 'vitest-again.json'), died);
    if (again.report) {
      files = [...files.filter((f) => !died.includes(f.name)), ...again.report.testResults];
      if (again.ok) failures.splice(failures.indexOf('vitest'), 1);
    }
  }
  if (!first.report) counts.failed += 1;
  for (const file of files) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults) {
      if (test.status === 'passed') counts.passed += 1;
      if (test.status === 'failed') {
        counts.failed += 1;
        failedTests.push(`${where} › ${test.fullName}`);
      }
      // No test is skipped on purpose: one left pending did not run.
      if (test.status === 'pending' || test.status === 'todo') {
        counts.skipped += 1;
        failedTests.push(`${where} › ${test.fullName} (did not run)`);
      }
    }
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) failedTests.push(`${where}: ${file.message}`);
  }
}

if (wants('e2e')) {
  if (run('build', 'npm', ['run', '--silent', 'build'])) {
    run('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
    const report = readJson(path.join(results, 'e2e.json'));
    if (report) {
      counts.passed += report.stats.expected + report.stats.flaky;
      counts.failed += report.stats.unexpected;
      counts.skipped += report.stats.skipped;
      failedTests.push(...failedSpecs(report.suites));
    } else {
      counts.failed += 1;
    }
  }
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
// Named at the end, where a log's tail shows them.
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((name) => `  - ${name}`).join('\n')}`);
// A failed step without failed tests (lint, typecheck, build) still fails the run.
const failed = Math.max(counts.failed, failures.length ? 1 : 0);
console.log(`\ntests: ${counts.passed} passed, ${failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
process.exit(failures.length || failed ? 1 : 0);
