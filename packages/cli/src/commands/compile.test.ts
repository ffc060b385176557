// Spawns the real `bytebound compile` command.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '@bytebound/compiler/bytebound-format';
import { TEMPLATES } from '@bytebound/compiler/templates';

const bin = join(import.meta.dirname, '../../bin/bytebound.mjs');
const dir = mkdtempSync(join(tmpdir(), 'bytebound-compile-'));
const cli = (args: string[], input?: string) => spawnSync(process.execPath, [bin, 'compile', ...args], { input, encoding: 'utf8', timeout: 60_000 });

describe('bytebound compile', () => {
  it('compiles a file to bytebound on stdout, the summary and stages on stderr', () => {
    const file = join(dir, 'gdpr.txt');
    writeFileSync(file, TEMPLATES.gdpr.content);
    const r = cli([file]);
    expect(r.status).toBe(0);
    const policy = parsePolicy(r.stdout);
    expect(policy.regulations.map((x) => x.id)).toEqual(['GDPR']);
    expect(r.stderr).toMatch(/^GDPR \(EU, confidence 0\.95\): \d+ norms, \d+ rules -> bytebound \(\.bb\)/);
    expect(r.stderr).toMatch(/stages: validating [\d.]+ ms, parsing [\d.]+ ms, analyzing [\d.]+ ms, generating [\d.]+ ms, optimizing [\d.]+ ms, finalizing [\d.]+ ms/);
  }, 60_000);

  it('writes another format to --out from stdin, with the chosen enforcement and without tests', () => {
    const out = join(dir, 'ccpa.js');
    const r = cli(['-', '--format', 'javascript', '--out', out, '--enforcement', 'permissive', '--no-tests'], TEMPLATES.ccpa.content);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    const js = readFileSync(out, 'utf8');
    expect(js).toContain('export function decide(request)');
    expect(js).toContain('const ENFORCEMENT = "permissive";');
    expect(js).not.toContain('registerTests');
    const withTests = cli(['-', '--format=javascript'], TEMPLATES.ccpa.content);
    expect(withTests.stdout).toContain('export function registerTests(test, assert)');
  }, 60_000);

  it('fails with a clear message and exit 1 on bad input', () => {
    const missing = cli([join(dir, 'nope.txt')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/file not found/);
    const unknownFormat = cli(['-', '--format', 'cobol'], TEMPLATES.sox.content);
    expect(unknownFormat.status).toBe(1);
    expect(unknownFormat.stderr).toContain("Unknown output format 'cobol': choose one of rego, cedar, rust, javascript, bytebound, sql, wasm.");
    const short = cli(['-'], 'GDPR');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('validating failed: Legal text must be at least 10 characters long.');
    expect(cli(['-', '--enforcement', 'lenient'], TEMPLATES.sox.content).stderr).toContain('enforcementLevel must be one of strict, moderate, permissive.');
    expect(cli(['-', '--jurisdiction', 'MARS'], TEMPLATES.sox.content).stderr).toContain("Unknown jurisdiction 'MARS'");
    expect(cli(['-'], '   ').stderr).toContain('the input is empty');
    expect(cli(['-', '--format']).stderr).toContain('--format needs a value');
  }, 60_000);
});
