// What a hosting or secrets service's command stores there (service-settings.ts), and the hook
// judging it: a setting or secret that holds a person's address, on the line, on the command's
// input or in a file it names, is blocked, naming the service it goes to; a role mailbox, a file
// with nothing personal, and the tools' reading commands and logins are allowed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandSources } from '../../src/agent/option-words.ts';
import { serviceSetting } from '../../src/agent/service-settings.ts';
import { hookIn } from './hook-in-folder.ts';

// The hook reads VAULT_ADDR from the environment it runs with: these tests name the server themselves.
delete process.env.VAULT_ADDR;

const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-settings-'));
const put = (file: string, text: string) => fs.writeFileSync(path.join(cwd, file), text);
put('customers.csv', 'name,email\nJane,jane.doe@acme-corp.com\n');
put('leads.env', '# the CRM admin\nADMIN_EMAIL=jane.doe@acme-corp.com\n');
put('secrets.json', JSON.stringify({ ADMIN_EMAIL: 'jane.doe@acme-corp.com' }));
put('config.env', 'LOG_LEVEL=info\nREGION=eu-west-1\n');
put('settings.json', JSON.stringify({ LOG_LEVEL: 'info', FEATURE_FLAGS: 'beta' }));

const { bash, expectBlocked } = hookIn(cwd);

describe('the hook and what a service’s settings command stores', () => {
  it.each([
    // Vercel: the value on its input (a redirect, a pipe), on the line, in --value-file's file.
    ['vercel env add from a file', 'vercel env add LEADS production < customers.csv', 'api.vercel.com'],
    ['vc env add from a pipe', 'cat customers.csv | vc env add LEADS preview', 'api.vercel.com'],
    ['vercel env add --value', 'npx vercel env add ADMIN_EMAIL production --value jane.doe@acme-corp.com --yes', 'api.vercel.com'],
    ['vercel env update --value-file', 'vercel env update LEADS production --value-file customers.csv', 'api.vercel.com'],
    // Netlify: a value on the line (after an option that takes one), a .env file imported.
    ['netlify env:set', 'netlify env:set --context production ADMIN_EMAIL jane.doe@acme-corp.com', 'api.netlify.com'],
    ['ntl env:import', 'ntl env:import leads.env', 'api.netlify.com'],
    // Fly: pairs on the line, a `NAME=-` read from its input, `secrets import` of its input.
    ['fly secrets set', 'fly secrets set ADMIN_EMAIL=jane.doe@acme-corp.com -a acme-crm', 'api.fly.io'],
    ['flyctl secrets set NAME=-', 'flyctl secrets set LEADS=- < customers.csv', 'api.fly.io'],
    ['fly secrets import', 'cat leads.env | fly secrets import --stage', 'api.fly.io'],
    // Heroku, and its alias.
    ['heroku config:set', 'heroku config:set ADMIN_EMAIL=jane.doe@acme-corp.com -a acme-crm', 'api.heroku.com'],
    ['heroku config:add', 'heroku config:add -a acme-crm ADMIN_EMAIL=jane.doe@acme-corp.com', 'api.heroku.com'],
    // Railway: the legacy --set, the 4.x subcommand, values from its input.
    ['railway variables --set', 'railway variables --service api --set "ADMIN_EMAIL=jane.doe@acme-corp.com"', 'backboard.railway.app'],
    ['railway variable set', 'railway variable set ADMIN_EMAIL=jane.doe@acme-corp.com --skip-deploys', 'backboard.railway.app'],
    ['railway variables --set-from-stdin', 'railway variables --set-from-stdin LEADS < customers.csv', 'backboard.railway.app'],
    ['railway variable set --stdin', 'cat customers.csv | railway variable set LEADS --stdin', 'backboard.railway.app'],
    // Wrangler: a secret on its input, a bulk file (JSON or .env), bulk from its input, Pages' secrets, Wrangler 1's spelling.
    ['wrangler secret put', 'wrangler secret put LEADS < customers.csv', 'api.cloudflare.com'],
    ['npx wrangler secret put --env', 'cat customers.csv | npx wrangler secret put LEADS --env production', 'api.cloudflare.com'],
    ['wrangler secret bulk of a JSON file', 'wrangler secret bulk secrets.json', 'api.cloudflare.com'],
    ['wrangler secret bulk from its input', 'wrangler secret bulk < leads.env', 'api.cloudflare.com'],
    ['wrangler pages secret put', 'wrangler pages secret put LEADS --project-name acme-crm < customers.csv', 'api.cloudflare.com'],
    ['wrangler secret:bulk', 'wrangler secret:bulk secrets.json', 'api.cloudflare.com'],
    // Doppler: pairs on the line, a value on its input, an uploaded file.
    ['doppler secrets set', 'doppler secrets set ADMIN_EMAIL=jane.doe@acme-corp.com', 'api.doppler.com'],
    ['doppler secrets set from its input', 'doppler secrets set LEADS --project crm --config prd < customers.csv', 'api.doppler.com'],
    ['doppler secrets upload', 'doppler secrets upload leads.env -p crm -c prd', 'api.doppler.com'],
    // Vault: to the server the line or its environment names, else to `$VAULT_ADDR`; a `k=@file`, a whole `@file`, a `k=-`.
    ['vault kv put to an unset VAULT_ADDR', 'vault kv put -mount=secret leads data=@customers.csv', '$VAULT_ADDR'],
    ['vault kv put -address', 'vault kv put -address=https://vault.acme-corp.com:8200 secret/leads admin=jane.doe@acme-corp.com', 'vault.acme-corp.com'],
    ['vault write to the line’s VAULT_ADDR', 'VAULT_ADDR=https://vault.acme-corp.com vault write secret/leads @secrets.json', 'vault.acme-corp.com'],
    ['vault kv patch to an exported VAULT_ADDR', 'export VAULT_ADDR=https://vault.acme-corp.com; vault kv patch secret/leads data=- < customers.csv', 'vault.acme-corp.com'],
    // Firebase: functions config on the line, a functions secret from a file.
    ['firebase functions:config:set', 'firebase functions:config:set admin.email=jane.doe@acme-corp.com', 'cloudfunctions.googleapis.com'],
    ['firebase functions:secrets:set --data-file', 'firebase functions:secrets:set LEADS --data-file customers.csv', 'secretmanager.googleapis.com'],
  ])('blocks personal data stored by %s', (_road, command, host) => {
    expectBlocked(command, host);
  });

  it.each([
    // A role's mailbox, and settings with nothing personal.
    ['heroku config:set SUPPORT_EMAIL=support@acme-corp.com -a acme-crm'],
    ['netlify env:set SUPPORT_EMAIL support@acme-corp.com'],
    ['fly secrets set MAIL_FROM=noreply@acme-corp.com'],
    ['doppler secrets set SUPPORT_EMAIL=support@acme-corp.com'],
    ['vercel env add LOG_LEVEL production < config.env'],
    ['netlify env:import config.env'],
    ['wrangler secret bulk settings.json'],
    ['vault kv put secret/app @settings.json'],
    // An input flyctl does not read: no `NAME=-`.
    ['fly secrets set LOG_LEVEL=info < customers.csv'],
    // Reading commands, and logins.
    ['vercel env pull .env.local'],
    ['vercel env ls production'],
    ['fly secrets list -a acme-crm'],
    ['heroku config -a acme-crm'],
    ['heroku config:get ADMIN_EMAIL -a acme-crm'],
    ['railway variables --kv'],
    ['netlify env:list'],
    ['wrangler secret list'],
    ['doppler secrets get ADMIN_EMAIL --plain'],
    ['vault kv get -mount=secret leads'],
    ['firebase functions:config:get'],
    ['vercel login'],
    ['heroku login'],
    ['wrangler login'],
    ['doppler login'],
    ['vault login -method=oidc'],
  ])('allows %s', (command) => {
    expect(bash(command)).toMatchObject({ exitCode: 0, stderr: '' });
  });
});

/** Sources that give `input` as the command's input, `files` by name, and `env` as its environment; `reads` counts what was read. */
function sourcesOf(input = '', files: Record<string, string> = {}, env: Record<string, string> = {}) {
  const reads = { input: 0, files: [] as string[] };
  const sources: CommandSources = {
    input: () => {
      reads.input++;
      return input;
    },
    read: (file) => {
      reads.files.push(file);
      return files[file] ?? '';
    },
    env: () => env,
  };
  return { sources, reads };
}

describe('what each settings command stores', () => {
  it('reads its input only where the command takes a value from it', () => {
    const withPair = sourcesOf('data');
    expect(serviceSetting('fly', ['secrets', 'set', 'A=-'], withPair.sources)?.sent).toContain('data');
    const without = sourcesOf('data');
    expect(serviceSetting('fly', ['secrets', 'set', 'A=b'], without.sources)?.sent).not.toContain('data');
    expect(without.reads.input).toBe(0);
    const railway = sourcesOf('data');
    expect(serviceSetting('railway', ['variables', '--set', 'A=b'], railway.sources)?.host).toBe('backboard.railway.app');
    expect(railway.reads.input).toBe(0);
  });

  it('reads the file a bulk command names, else its input', () => {
    const file = sourcesOf('piped', { 'secrets.json': 'filed' });
    expect(serviceSetting('wrangler', ['secret', 'bulk', 'secrets.json'], file.sources)?.sent).toContain('filed');
    expect(file.reads.input).toBe(0);
    expect(serviceSetting('wrangler', ['versions', 'secret', 'bulk'], sourcesOf('piped').sources)?.sent).toContain('piped');
    expect(serviceSetting('doppler', ['secrets', 'upload', '-p', 'crm', 'secrets.json'], file.sources)?.sent).toContain('filed');
    expect(serviceSetting('netlify', ['env:import', '--replace-existing', 'secrets.json'], file.sources)?.sent).toContain('filed');
    expect(serviceSetting('firebase', ['functions:secrets:set', 'S', '--data-file', 'secrets.json'], file.sources)?.host).toBe('secretmanager.googleapis.com');
  });

  it('reads the files and input a Vault write names, and finds its server', () => {
    const { sources, reads } = sourcesOf('piped', { 'a.json': 'A', 'b.txt': 'B' });
    const put = serviceSetting('vault', ['kv', 'put', '-mount', 'secret', 'app', '@a.json', 'b=@b.txt', 'c=-', 'd=plain'], sources);
    expect(put?.sent.slice(1)).toEqual(['A', 'B', 'piped']);
    expect(reads.files).toEqual(['a.json', 'b.txt']);
    const at = (args: string[], env: Record<string, string> = {}) => {
      const view = serviceSetting('vault', ['write', 'secret/app', 'k=v', ...args], sourcesOf('', {}, env).sources);
      return view && { host: view.host, encrypted: view.encrypted };
    };
    expect(at(['-address=https://vault.acme.io:8200'])).toEqual({ host: 'vault.acme.io', encrypted: true });
    expect(at(['-address', 'http://10.0.0.5:8200'])).toEqual({ host: '10.0.0.5', encrypted: false });
    expect(at(['--address=https://a.acme.io'], { VAULT_ADDR: 'https://b.acme.io' })).toEqual({ host: 'a.acme.io', encrypted: true });
    expect(at([], { VAULT_ADDR: 'https://b.acme.io' })).toEqual({ host: 'b.acme.io', encrypted: true });
    expect(at([])).toEqual({ host: '$VAULT_ADDR', encrypted: false });
  });

  it('stores nothing for the tools’ other commands', () => {
    const none = sourcesOf('data').sources;
    for (const [program, ...args] of [
      ['vercel', 'env', 'pull'], ['vercel', 'env', 'rm', 'A'], ['vercel', 'deploy'], ['netlify', 'env:get', 'A'], ['netlify', 'env:clone', '--to', 'x'],
      ['fly', 'secrets', 'unset', 'A'], ['fly', 'deploy'], ['heroku', 'config:unset', 'A'], ['heroku', 'apps'], ['railway', 'variables', 'delete', 'A'],
      ['railway', 'up'], ['wrangler', 'secret', 'delete', 'A'], ['wrangler', 'deploy'], ['doppler', 'secrets', 'download'], ['doppler', 'run', '--', 'node', 'x'],
      ['vault', 'kv', 'get', 'x'], ['vault', 'read', 'x'], ['vault', 'status'], ['firebase', 'deploy'], ['gh', 'secret', 'set', 'A'],
    ] as string[][]) {
      expect(serviceSetting(program!, args, none), `${program} ${args.join(' ')}`).toBeNull();
    }
  });
});

describe('reading long adversarial input', () => {
  // Linear work on a few hundred kilobytes takes milliseconds; a parser that backtracked would run past the test's timeout.
  const long = 'a'.repeat(300_000);
  const dashes = '-'.repeat(300_000);

  it('reads command lines of 300 KB', () => {
    const { sources } = sourcesOf();
    expect(serviceSetting('vault', ['kv', 'put', `-address${long}`, `${long}=@`, `${'='.repeat(300_000)}`, dashes], sources)?.host).toBe('$VAULT_ADDR');
    expect(serviceSetting('vault', ['write', `-address=${long}`, 'k=v'], sources)?.host).toBe(long);
    expect(serviceSetting('fly', ['secrets', 'set', ...Array<string>(30_000).fill('A=b')], sources)?.host).toBe('api.fly.io');
    expect(serviceSetting('railway', ['variables', `--set=${long}`], sources)?.host).toBe('backboard.railway.app');
    expect(serviceSetting('wrangler', [`secret:${long}`], sources)).toBeNull();
  });
});
