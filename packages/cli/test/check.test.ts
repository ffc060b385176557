// `bytebound check`: the real command, spawned as a user runs it. Exit 0 allow, 2 block, and 2 on
// every error with the reason in the JSON and on stderr (fail secure).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printPolicy } from '@bytebound/compiler/bytebound-format';
import { decideRequest } from '@bytebound/compiler/evaluate';
import { buildPolicy } from '@bytebound/compiler/policy/build-policy';
import { afterAll, describe, expect, it } from 'vitest';

const bin = path.resolve(import.meta.dirname, '../bin/bytebound.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-check-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const policy = buildPolicy([], { enforcementLevel: 'strict', regulations: ['GDPR'] });
const policyFile = path.join(dir, 'gdpr.bb');
fs.writeFileSync(policyFile, printPolicy(policy));

function write(name: string, content: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

function check(args: string[], stdin?: string) {
  const result = spawnSync(process.execPath, [bin, 'check', ...args], { input: stdin, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, json: () => JSON.parse(result.stdout) };
}

const transfer = { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country', legalBasis: 'consent' } };
const withSafeguards = { ...transfer, attributes: { ...transfer.attributes, safeguards: true } };

describe('bytebound check', { timeout: 120_000 }, () => {
  it('blocks with exit code 2 and prints the decision the reference evaluator gives', () => {
    const result = check(['--policy', policyFile, '--request', write('transfer.json', JSON.stringify(transfer))]);
    expect(result.code).toBe(2);
    const expected = decideRequest(policy, transfer);
    expect(result.json()).toMatchObject({ decision: 'DENY', exitCode: 2, article: expected.article, applied_policies: expected.applied_policies });
    expect(result.json().article).toBe('GDPR Art. 44');
    expect(result.stderr).toBe('');
  });

  it('allows with exit code 0, reading the request from stdin', () => {
    const result = check(['--policy', policyFile, '--request', '-'], JSON.stringify(withSafeguards));
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({ decision: 'ALLOW', exitCode: 0, applied_policies: decideRequest(policy, withSafeguards).applied_policies });
  });

  it('fails secure on every error: exit 2, a DENY that says why, and the reason on stderr', () => {
    const request = write('ok.json', JSON.stringify(withSafeguards));
    const altered = write('altered.bb', printPolicy(policy).replace('GDPR Art. 44', 'GDPR Art. 45'));
    const cases: [string[], string | undefined, RegExp][] = [
      [['--policy', path.join(dir, 'missing.bb'), '--request', request], undefined, /policy file not found: .*missing\.bb/],
      [['--policy', policyFile, '--request', path.join(dir, 'missing.json')], undefined, /request file not found/],
      [['--policy', policyFile, '--request', '-'], '{ not json', /malformed request: not valid JSON/],
      [['--policy', policyFile, '--request', '-'], JSON.stringify({ ...transfer, action: 'teleport' }), /malformed request: action is not one of create, read, /],
      // A value nested 10,000 levels deep is refused, not walked (that would exhaust the stack).
      [['--policy', policyFile, '--request', '-'], `{"action":${'['.repeat(10_000)}${']'.repeat(10_000)},"timing":"pre-action","target":"personal"}`, /malformed request: action must be one of .*, not a list/],
      [['--policy', write('bad.bb', 'bytebound 1\nnonsense'), '--request', request], undefined, /the policy does not load: line \d+/],
      [['--policy', altered, '--request', request], undefined, /the policy does not load: .*digest does not match/],
      [['--request', request], undefined, /usage: missing --policy/],
    ];
    for (const [args, stdin, reason] of cases) {
      const result = check(args, stdin);
      expect(result.code).toBe(2);
      const decision = result.json();
      expect(decision).toMatchObject({ decision: 'DENY', exitCode: 2, applied_policies: [], article: null });
      expect(decision.reasons[0].text).toMatch(reason);
      expect(result.stderr).toMatch(reason);
    }
  });
});
