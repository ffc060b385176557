import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendDecision, exportAuditLog, readAuditLog } from '../../src/agent/audit-log.ts';
import { decisionOfEnvelope } from '../../src/proof-bundle.ts';
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

  it('signs what each decision was about: the export carries it in the signed payload, and no edit changes it unnoticed', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-audit-'));
    const key = generateSigningKey();
    const sent = { event: 'PreToolUse', tool: 'Bash', summary: 'curl POST to api.acme-analytics.io', found: '1 email address', destinations: ['api.acme-analytics.io (US)'], sessionId: 's' };
    appendDecision(home, key, { decision, latency_us: 1, context });
    appendDecision(home, key, { decision: { ...decision, decision: 'DENY', exitCode: 2 }, latency_us: 1, context: sent });
    expect(readAuditLog(home).map((l) => l.context)).toEqual([context, sent]);
    const ring = new Map([[key.keyId, key.publicKey]]);
    const exported = exportAuditLog(home, key);
    expect(verifyFile(exported, ring).ok).toBe(true);
    expect(decisionOfEnvelope(exported.entries[1]!.envelope!).context).toEqual(sent);

    // Someone hides where the data went. A context written beside the envelope is not what is read:
    const log = path.join(home, 'audit', 'log.jsonl');
    const lines = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
    const hidden = { ...sent, destinations: ['localhost (local)'], found: '' };
    const beside = { ...JSON.parse(lines[1]!), context: hidden };
    fs.writeFileSync(log, `${[lines[0], JSON.stringify(beside)].join('\n')}\n`);
    expect(readAuditLog(home)[1]!.context).toEqual(sent);
    // and one written into the payload breaks its signature.
    const edited = JSON.parse(lines[1]!);
    const payload = JSON.parse(Buffer.from(edited.envelope.payload, 'base64').toString('utf8'));
    edited.envelope.payload = Buffer.from(JSON.stringify({ ...payload, context: hidden })).toString('base64');
    fs.writeFileSync(log, `${[lines[0], JSON.stringify(edited)].join('\n')}\n`);
    expect(readAuditLog(home)[1]!.context).toEqual(hidden);
    const result = verifyFile(exportAuditLog(home, key), ring);
    expect(result.ok).toBe(false);
    expect(result.failures.map((f) => [f.check, f.entry?.startsWith('entry 1 ')])).toContainEqual(['signature', true]);
  });

  it('reads the context of a line written before it was signed from beside the envelope, and exports the line without it', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-audit-'));
    const key = generateSigningKey();
    appendDecision(home, key, { decision, latency_us: 1, context });
    const log = path.join(home, 'audit', 'log.jsonl');
    const line = JSON.parse(fs.readFileSync(log, 'utf8'));
    const { context: _signed, ...unsignedPayload } = JSON.parse(Buffer.from(line.envelope.payload, 'base64').toString('utf8'));
    // An older hook's line: no context in the payload, the context beside the envelope.
    const older = { ...line, envelope: { ...line.envelope, payload: Buffer.from(JSON.stringify(unsignedPayload)).toString('base64') }, context: { ...context, summary: 'older' } };
    fs.writeFileSync(log, `${JSON.stringify(older)}\n`);
    expect(readAuditLog(home).map((l) => l.context?.summary)).toEqual(['older']);
    expect(Object.keys(exportAuditLog(home, key).entries[0]!)).not.toContain('context');
  });

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
