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
    // A binary file or text in another encoding is not compiled as a text in an unknown language.
    const binary = join(dir, 'tool.bin');
    writeFileSync(binary, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00, ...Buffer.from(TEMPLATES.gdpr.content)]));
    const fromBinary = cli([binary]);
    expect(fromBinary.status).toBe(1);
    expect(fromBinary.stdout).toBe('');
    expect(fromBinary.stderr).toBe(`bytebound compile: ${binary} is not text: it holds NUL bytes, as a binary file does\n`);
    const latin1 = join(dir, 'latin1.txt');
    writeFileSync(latin1, Buffer.from(`${TEMPLATES.gdpr.content} Données personnelles.`, 'latin1'));
    expect(cli([latin1]).stderr).toBe(`bytebound compile: ${latin1} is not UTF-8 text: save it as UTF-8 and try again\n`);
    expect(cli(['-', '--format']).stderr).toContain('--format needs a value');
  }, 60_000);
});
