// Spawns the real `bytebound analyze` command.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '@bytebound/compiler/templates';

const bin = join(import.meta.dirname, '../../bin/bytebound.mjs');
const dir = mkdtempSync(join(tmpdir(), 'bytebound-analyze-'));
const cli = (args: string[], input?: string) => spawnSync(process.execPath, [bin, 'analyze', ...args], { input, encoding: 'utf8', timeout: 60_000 });

describe('bytebound analyze', () => {
  it('prints the jurisdiction, regulation and norms as JSON', () => {
    const file = join(dir, 'gdpr.txt');
    writeFileSync(file, TEMPLATES.gdpr.content);
    const r = cli([file, '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ jurisdiction: 'EU', regulation: 'GDPR', confidence: 0.95, wordCount: expect.any(Number), warnings: [], suggestions: [], note: null });
    expect(out.norms[0]).toMatchObject({ article: 'GDPR Art. 17(1)', regulation: 'GDPR', modality: 'right', subject: 'data subject', action: 'delete', target: 'personal', deadline: 'without undue delay' });
    expect(Object.keys(out.norms[0])).toEqual(['article', 'regulation', 'modality', 'subject', 'action', 'target', 'deadline', 'condition', 'exceptions', 'quote', 'span']);
    // The JSON names the same articles, in the same order, as the readable summary.
    const summary = cli([file]).stdout;
    const articles = [...summary.matchAll(/^\d+\. (.+?): /gm)].map((m) => m[1]);
    expect(out.norms.map((n: { article: string }) => n.article)).toEqual(articles);
    // Each quote is where its span says in the text.
    for (const n of out.norms as Array<{ quote: string; span: [number, number] }>) expect(TEMPLATES.gdpr.content.slice(...n.span)).toBe(n.quote);
  }, 60_000);
  it('reads stdin with - and prints a readable summary without --json', () => {
    const r = cli(['-'], TEMPLATES.ccpa.content);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Jurisdiction: US-CA {2}Regulation: CCPA/);
    expect(r.stdout).toMatch(/CCPA § 1798\.105\(a\): right of the consumer to delete personal data/);
  }, 60_000);
  it('fails with a clear message and exit 1 on bad input', () => {
    const missing = cli([join(dir, 'nope.txt')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/file not found/);
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '  \n');
    expect(cli([empty]).stderr).toMatch(/the input is empty/);
    const big = join(dir, 'big.txt');
    writeFileSync(big, 'a'.repeat(1_100_000));
    const tooBig = cli([big]);
    expect(tooBig.status).toBe(1);
    expect(tooBig.stderr).toMatch(/1 MB limit/);
    const binary = join(dir, 'tool.bin');
    writeFileSync(binary, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x00, 0x41, 0x42]));
    const fromBinary = cli([binary]);
    expect(fromBinary.status).toBe(1);
    expect(fromBinary.stderr).toBe(`bytebound analyze: ${binary} is not text: it holds NUL bytes, as a binary file does\n`);
    const flag = cli(['--frobnicate']);
    expect(flag.status).toBe(1);
    expect(flag.stderr).toMatch(/unknown option '--frobnicate'/);
  }, 60_000);
});
