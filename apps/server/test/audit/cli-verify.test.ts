import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/test-app.ts';
import { bearer, newKey } from '../api-keys/key-helpers.ts';
import { signedDecision } from './fixtures.ts';

const CLI = path.resolve(import.meta.dirname, '../../../../packages/cli/bin/bytebound.mjs');

function bytebound(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('bytebound verify on files the server produced', () => {
  let t: TestApp;
  let dir: string;
  let jwks: string;
  const files: Record<string, string> = {};

  const save = (name: string, body: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, body);
    return file;
  };

  beforeAll(async () => {
    t = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bytebound-verify-'));
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await t.app.audit.append(signedDecision(i, { signer: t.app.signingKey }), { customerId: 'cust-verify' })).bundleId);
    // The owner's key: bundle payloads are readable by their customer only.
    const owner = bearer((await newKey(t, 'cust-verify')).key);
    jwks = save('jwks.json', (await t.app.inject('/api/v1/keys')).body);
    files.bundle = save('bundle.json', (await t.app.inject({ url: `/api/v1/audit/bundles/${ids[4]}`, headers: owner })).body);
    files.inclusion = save('inclusion.json', (await t.app.inject({ url: `/api/v1/audit/proof/${ids[7]}`, headers: owner })).body);
    files.consistency = save('consistency.json', (await t.app.inject('/api/v1/audit/consistency?from=5&to=12')).body);
    files.export = save('export.json', (await t.app.inject({ url: '/api/v1/audit/export', headers: owner })).body);
    // The decision API's answer, saved as it came.
    const request = { action: 'share', timing: 'pre-action', target: 'personal', attributes: { destination: 'third-country' } };
    files.decision = save('decision.json', (await t.app.inject({ method: 'POST', url: '/api/v1/decide', headers: owner, payload: { arbiters: ['gdpr'], request } })).body);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['bundle', 'decision', 'inclusion', 'consistency', 'export'])('accepts the %s file: exit 0', async (name) => {
    const result = await bytebound('verify', files[name]!, '--keys', jwks);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^VALID (proof-bundle|inclusion-proof|consistency-proof|audit-export)/);
  });

  it('rejects a bundle whose verdict was changed, naming the check: exit 1', async () => {
    const bundle = JSON.parse(fs.readFileSync(files.bundle!, 'utf8'));
    const payload = JSON.parse(Buffer.from(bundle.envelope.payload, 'base64').toString());
    payload.decision = 'ALLOW';
    payload.exitCode = 0;
    bundle.envelope.payload = Buffer.from(JSON.stringify(payload)).toString('base64');
    const result = await bytebound('verify', save('tampered-bundle.json', JSON.stringify(bundle)), '--keys', jwks);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^INVALID proof-bundle/);
    expect(result.stdout).toMatch(/FAIL signature: signature by key \S+ does not verify/);
  });

  it("checks the decision API's answer as saved, and says which of its fields no signature covers", async () => {
    const result = await bytebound('verify', files.decision!, '--keys', jwks);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}ok {2}bundle id is the SHA-256 of the payload$/m);
    expect(result.stdout).toMatch(/^ {2}ok {2}decision matches the signed payload$/m);
    expect(result.stdout).toMatch(/^ {2}note not signed, so not checked: decisionId, auditIndex, arbiters \(GET \/api\/v1\/audit\/proof\/<bundleId> proves/m);
    const answer = JSON.parse(fs.readFileSync(files.decision!, 'utf8'));
    const allowed = await bytebound('verify', save('allowed-decision.json', JSON.stringify({ ...answer, decision: 'ALLOW', exitCode: 0 })), '--keys', jwks);
    expect(allowed.code).toBe(1);
    expect(allowed.stdout).toMatch(/^INVALID proof-bundle/);
    expect(allowed.stdout).toMatch(/FAIL decision: the decision differs from the signed payload/);
  });

  it('rejects an export with one entry removed and one changed, naming the entries: exit 1', async () => {
    const log = JSON.parse(fs.readFileSync(files.export!, 'utf8'));
    log.entries[3].leafHash = log.entries[2].leafHash;
    const result = await bytebound('verify', save('tampered-export.json', JSON.stringify(log)), '--keys', jwks);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAIL leaf \[entry 3 \(bundle [0-9a-f]{64}\)\]: the leaf hash is not the hash of the bundle/);
    log.entries.splice(5, 1);
    const removed = await bytebound('verify', save('shortened-export.json', JSON.stringify(log)), '--keys', jwks);
    expect(removed.code).toBe(1);
    expect(removed.stdout).toMatch(/FAIL completeness/);
  });

  it('rejects a consistency proof against a forged checkpoint and keys of another server', async () => {
    const proof = JSON.parse(fs.readFileSync(files.consistency!, 'utf8'));
    proof.to.root = proof.from.root;
    const forged = await bytebound('verify', save('forged.json', JSON.stringify(proof)), '--keys', jwks);
    expect(forged.code).toBe(1);
    expect(forged.stdout).toMatch(/FAIL checkpoint: to: signature of the checkpoint of size 12 does not verify/);
    const home = path.join(dir, 'home');
    const otherKeys = save('other-jwks.json', (await new Promise<string>((resolve) => execFile(process.execPath, [CLI, 'keys', 'export'], { env: { ...process.env, BYTEBOUND_HOME: home } }, (_e, out) => resolve(out)))));
    const wrongKeys = await bytebound('verify', files.inclusion!, '--keys', otherKeys);
    expect(wrongKeys.code).toBe(1);
    expect(wrongKeys.stdout).toMatch(/not in the given key set/);
  });

  it('checks an export against a checkpoint saved earlier (--since)', async () => {
    const saved = save('saved-checkpoint.json', (await t.app.inject('/api/v1/audit/checkpoint?size=8')).body);
    expect((await bytebound('verify', files.export!, '--keys', jwks, '--since', saved)).code).toBe(0);
    const older = JSON.parse(fs.readFileSync(files.export!, 'utf8'));
    older.entries = older.entries.slice(0, 5);
    older.checkpoint = (await t.app.inject('/api/v1/audit/checkpoint?size=5')).json();
    older.checkpoints = [older.checkpoint];
    const olderFile = save('older-export.json', JSON.stringify(older));
    expect((await bytebound('verify', olderFile, '--keys', jwks)).code).toBe(0);
    const stale = await bytebound('verify', olderFile, '--keys', jwks, '--since', saved);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/FAIL completeness \[trusted checkpoint of size 8\]/);
  });

  it('fetches the keys from the server URL', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const result = await bytebound('verify', files.inclusion!, '--keys', `${address}/api/v1/keys`);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/leaf 7 is in the tree of size 12/);
  });

  it('says why the keys could not be fetched, and gives up on a server that does not answer in 10 s: exit 1', async () => {
    // Refused: a port nothing listens on any more.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    // Silent: reads the request and never answers. Dripping: sends its headers, then a byte a second.
    const silent = net.createServer((socket) => socket.resume());
    const dripping = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => response.write(' '), 1_000);
      response.on('close', () => clearInterval(drip));
    });
    const urlOf = async (server: net.Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/keys`;
    };
    try {
      const [refused, hung, slow] = await Promise.all([
        bytebound('verify', files.bundle!, '--keys', `http://127.0.0.1:${closedPort}/keys`),
        bytebound('verify', files.bundle!, '--keys', await urlOf(silent)),
        bytebound('verify', files.bundle!, '--keys', await urlOf(dripping)),
      ]);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/could not fetch the keys from http:\/\/127\.0\.0\.1:\d+\/keys: the connection was refused/) });
      expect(hung).toMatchObject({ code: 1, stderr: expect.stringMatching(/could not fetch the keys from .*: no complete answer within 10 s/) });
      expect(slow).toMatchObject({ code: 1, stderr: expect.stringMatching(/could not fetch the keys from .*: no complete answer within 10 s/) });
    } finally {
      dripping.closeAllConnections();
      await Promise.all([silent, dripping].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  }, 30_000);

  it('says what is wrong with its input: exit 1', async () => {
    for (const args of [['--since'], ['--since='], ['--keys', jwks, '--since', '--json'], ['--keys=']]) {
      const result = await bytebound('verify', files.export!, ...(args[0] === '--keys' || args[0] === '--keys=' ? args : ['--keys', jwks, ...args]));
      expect(result, args.join(' ')).toMatchObject({ code: 1, stderr: expect.stringMatching(/--(since|keys) needs a value/) });
    }
    expect(await bytebound('verify', files.bundle!)).toMatchObject({ code: 1, stderr: expect.stringMatching(/--keys .* is required/) });
    expect(await bytebound('verify', path.join(dir, 'missing.json'), '--keys', jwks)).toMatchObject({ code: 1, stderr: expect.stringMatching(/ENOENT|no such file/) });
    expect(await bytebound('verify', jwks, '--keys', jwks)).toMatchObject({ code: 1, stdout: expect.stringMatching(/^INVALID unknown/) });
  });
});
