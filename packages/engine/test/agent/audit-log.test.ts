import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendDecision, exportAuditLog, readAuditLog } from '../../src/agent/audit-log.ts';
import { generateSigningKey, keyRingFromJwks, parseSigningKey } from '../../src/signing-keys.ts';
import { verifyFile } from '../../src/verify.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const decision = { decision: 'ALLOW' as const, exitCode: 0 as const, reasons: [], applied_policies: [], article: null };
const context = { event: 'PreToolUse', tool: 'Bash', summary: 'npm (local)', found: '', destinations: [], sessionId: 's' };

describe('the local audit log', () => {
  it('exports a log that verifies with the public key, and fails with another key', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-audit-'));
    const key = generateSigningKey();
    for (let i = 0; i < 12; i++) appendDecision(home, key, { decision, latency_us: 1, context });
    const exported = exportAuditLog(home, key);
    expect(exported.entries).toHaveLength(12);
    expect(exported.checkpoints).toHaveLength(1);
    const ring = new Map([[key.keyId, key.publicKey]]);
    expect(verifyFile(exported, ring).ok).toBe(true);
    const other = generateSigningKey();
    expect(verifyFile(exported, new Map([[key.keyId, other.publicKey]])).ok).toBe(false);
  });

  it('stays one consistent tree when many hook processes append at once', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-audit-'));
    const event = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' } });
    const runs = Array.from({ length: 8 }, () =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [path.join(root, 'packages/cli/bin/bytebound.mjs'), 'hook'], { env: { ...process.env, BYTEBOUND_HOME: home }, stdio: ['pipe', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.stdin.end(event);
        child.on('close', (code) => resolve({ code, stderr }));
      }),
    );
    const results = await Promise.all(runs);
    // A hook that blocked says why on stderr: shown if one did.
    expect(results.map((r) => r.code), results.map((r) => r.stderr).join('')).toEqual(Array(8).fill(0));
    const lines = readAuditLog(home);
    expect(lines.map((l) => l.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Every process signed with the one local key, created once despite the race.
    const key = parseSigningKey(fs.readFileSync(path.join(home, 'signing-key.pem'), 'utf8'));
    expect(verifyFile(exportAuditLog(home, key), keyRingFromJwks({ keys: [key.publicJwk] })).ok).toBe(true);
  }, 60_000);

  it('after an entry is edited to a shorter line, keeps appending without padding, and verifying says which entry changed', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-audit-'));
    const key = generateSigningKey();
    for (let i = 0; i < 3; i++) appendDecision(home, key, { decision, latency_us: 1, context });
    const log = path.join(home, 'audit', 'log.jsonl');
    const lines = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
    const edited = JSON.parse(lines[1]!);
    edited.envelope.signatures[0].sig = edited.envelope.signatures[0].sig.slice(0, 10);
    fs.writeFileSync(log, `${[lines[0], JSON.stringify(edited), lines[2]].join('\n')}\n`);
    appendDecision(home, key, { decision, latency_us: 1, context });
    const text = fs.readFileSync(log, 'utf8');
    expect(text).not.toContain('\u0000');
    const exported = exportAuditLog(home, key);
    expect(exported.entries.map((e) => e.index)).toEqual([0, 1, 2, 3]);
    const result = verifyFile(exported, new Map([[key.keyId, key.publicKey]]));
    expect(result.ok).toBe(false);
    expect(result.failures.map((f) => [f.check, f.entry?.startsWith('entry 1 ')])).toEqual([
      ['signature', true],
      ['leaf', true],
    ]);
  });
});
