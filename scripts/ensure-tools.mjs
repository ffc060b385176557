#!/usr/bin/env node
// Makes sure the system tools the test suites need are on this machine, installing the missing ones
// (as root: apt-get, go install) or stopping with exactly what to install. Writes their paths to
// .tools/tools.json for the test suites and benchmarks.
// Usage: node scripts/ensure-tools.mjs [opa] [chromium] [chromium-headless-shell] [postgres] [rustc]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const OPA_VERSION = 'v1.22.2';
const root = path.resolve(import.meta.dirname, '..');
const toolsDir = path.join(root, '.tools');
const isRoot = process.getuid?.() === 0;
let aptUpdated = false;

function found(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim() || null;
}

function apt(packages, why) {
  if (!isRoot) {
    throw new Error(`${why} is missing. Install it with: sudo apt-get install -y ${packages.join(' ')}`);
  }
  console.log(`[tools] installing ${packages.join(' ')} with apt-get (${why})`);
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    aptUpdated = true;
  }
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** The command `name` (Debian's package of that name), or `given` (a path from the environment). */
function aptCommand(name, given, why) {
  const existing = given || found(name);
  if (existing) return existing;
  apt([name], why);
  return found(name);
}

function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

const ensure = {
  chromium: () => aptCommand('chromium', process.env.CHROMIUM_PATH, 'Chromium (for the benchmarks that load the site)'),
  // The same Chromium without the browser's window layers: the build Playwright runs headless tests
  // in. The browser tests take two thirds of the time in it that they take in the whole browser.
  'chromium-headless-shell': () =>
    aptCommand('chromium-headless-shell', process.env.CHROMIUM_HEADLESS_SHELL_PATH, 'Chromium headless shell (for the browser tests)'),
  postgres() {
    if (!postgresBin()) apt(['postgresql'], 'the PostgreSQL server (for the PostgreSQL test run)');
    return postgresBin();
  },
  opa() {
    const binary = path.join(toolsDir, 'bin', 'opa');
    const versionFile = path.join(toolsDir, 'bin', 'opa.version');
    if (fs.existsSync(binary) && fs.existsSync(versionFile) && fs.readFileSync(versionFile, 'utf8').trim() === OPA_VERSION) return binary;
    if (!found('go')) throw new Error('OPA is built from source with Go, and Go is missing: install Go 1.24 or newer (https://go.dev/doc/install).');
    console.log(`[tools] building OPA ${OPA_VERSION} with go install (about 1-2 minutes, once)`);
    const started = Date.now();
    execFileSync('go', ['install', `github.com/open-policy-agent/opa@${OPA_VERSION}`], {
      stdio: 'inherit',
      env: { ...process.env, GOBIN: path.join(toolsDir, 'bin'), CGO_ENABLED: '0' },
    });
    fs.writeFileSync(versionFile, `${OPA_VERSION}\n`);
    console.log(`[tools] OPA built in ${Math.round((Date.now() - started) / 1000)} s`);
    return binary;
  },
  rustc() {
    const rustc = found('rustc');
    if (!rustc) throw new Error('rustc is missing: install Rust (https://rustup.rs) to check the Rust output.');
    return rustc;
  },
};

export function ensureTools(names = Object.keys(ensure)) {
  fs.mkdirSync(path.join(toolsDir, 'bin'), { recursive: true });
  const file = path.join(toolsDir, 'tools.json');
  const tools = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  for (const name of names) {
    if (!ensure[name]) throw new Error(`unknown tool ${name}`);
    tools[name] = ensure[name]();
  }
  fs.writeFileSync(file, `${JSON.stringify(tools, null, 2)}\n`);
  return tools;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const tools = ensureTools(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
    for (const [name, where] of Object.entries(tools)) console.log(`[tools] ${name}: ${where}`);
  } catch (error) {
    console.error(`[tools] ${error.message}`);
    process.exit(1);
  }
}
