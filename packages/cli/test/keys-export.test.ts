import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../src/commands/keys.ts';

async function exportKeys(home: string): Promise<{ code: number; out: string }> {
  const previous = process.env.BYTEBOUND_HOME;
  process.env.BYTEBOUND_HOME = home;
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await run(['export']), out };
  } finally {
    write.mockRestore();
    if (previous === undefined) delete process.env.BYTEBOUND_HOME;
    else process.env.BYTEBOUND_HOME = previous;
  }
}

describe('bytebound keys export', () => {
  const homes: string[] = [];
  afterEach(() => {
    for (const h of homes.splice(0)) fs.rmSync(h, { recursive: true, force: true });
  });

  it('creates the local key once (mode 0600) and prints its public JWK set, the same each time', async () => {
    const home = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bb-home-')), '.bytebound');
    homes.push(path.dirname(home));
    const first = await exportKeys(home);
    expect(first.code).toBe(0);
    const jwks = JSON.parse(first.out);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect([...keyRingFromJwks(jwks).keys()]).toEqual([jwks.keys[0].kid]);
    expect(fs.statSync(path.join(home, 'signing-key.pem')).mode & 0o777).toBe(0o600);
    expect((await exportKeys(home)).out).toBe(first.out);
  });

  it('prints its usage for --help after any subcommand, exit 0', async () => {
    for (const args of [['--help'], ['create', '--help'], ['list', '-h'], ['revoke', '--help']]) {
      let out = '';
      const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        out += String(chunk);
        return true;
      });
      try {
        expect(await run(args)).toBe(0);
      } finally {
        write.mockRestore();
      }
      expect(out).toMatch(/^Usage: bytebound keys <export\|create\|list\|revoke>/);
    }
  });
});

describe('the Bytebound home', () => {
  it('is never relative to the working directory: an empty HOME falls back to the account’s home, a relative BYTEBOUND_HOME is resolved', async () => {
    const { byteboundHome } = await import('../src/commands/keys.ts');
    vi.stubEnv('BYTEBOUND_HOME', '');
    vi.stubEnv('HOME', '');
    try {
      expect(path.isAbsolute(byteboundHome())).toBe(true);
      expect(byteboundHome()).toBe(path.join(os.userInfo().homedir, '.bytebound'));
      vi.stubEnv('BYTEBOUND_HOME', 'relative-home');
      expect(byteboundHome()).toBe(path.resolve('relative-home'));
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
