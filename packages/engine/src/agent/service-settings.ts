// The settings and secrets a hosting or secrets service's command line stores on the service, and
// where: the values on the line, what comes in on its input and the files it names. `vercel env add`,
// `netlify env:set` and `env:import`, `fly secrets set` and `import`, `heroku config:set`, `railway
// variables --set` and `variable set`, `wrangler secret put` and `bulk`, `doppler secrets set` and
// `upload`, `vault kv put` and `vault write` (to the Vault server its address names), `firebase
// functions:config:set` and `functions:secrets:set`. Their reading commands (`vercel env pull`, `fly
// secrets list`, `heroku config:get`, `vault kv get`) and logins store nothing. classify.ts gives the
// readers of the command's input, of the files it names and of its environment.
import { hostOf } from './destinations.ts';
import { FIREBASE_VALUE_OPTIONS, FLY_VALUE_OPTIONS, NETLIFY_VALUE_OPTIONS, RAILWAY_VALUE_OPTIONS, VERCEL_VALUE_OPTIONS, WRANGLER_VALUE_OPTIONS } from './hosting-deploys.ts';
import { type CommandSources, lastValue, wordsOf } from './option-words.ts';

/** What a setting command stores (the line's words and what it reads), the service it goes to, whether the connection is encrypted, and the call in words. */
export type ServiceSetting = { sent: string[]; host: string; encrypted: boolean; summary: string };


/** A setting stored over an encrypted connection to `host`: the line's words and the texts it reads. */
function stored(args: readonly string[], host: string, command: string, ...texts: string[]): ServiceSetting {
  return { sent: [args.join(' '), ...texts], host, encrypted: true, summary: `${command} to ${host}` };
}

/** Vercel CLI's options that take the next word as a value (hosting-deploys.ts's), with `env add`'s. */
const VERCEL_ENV_OPTIONS = new Set([...VERCEL_VALUE_OPTIONS, '--value', '--value-file', '--git-branch']);

/**
 * `vercel env add NAME [environment] [branch]` and `env update` (`vc`): to api.vercel.com, the value
 * on its input (`< url.txt`, `cat f |`: Vercel CLI's own examples for `env add`), on the line
 * (`--value`) or in `--value-file`'s file (its newer non-interactive options).
 */
function vercelEnv(args: readonly string[], sources: CommandSources): ServiceSetting | null {
  const words = wordsOf(args, VERCEL_ENV_OPTIONS);
  const [command, sub] = words.operands;
  if (command !== 'env' || (sub !== 'add' && sub !== 'update')) return null;
  const file = lastValue(words, '--value-file');
  return stored(args, 'api.vercel.com', `vercel env ${sub}`, sources.input(), file === undefined ? '' : sources.read(file));
}

/** Netlify CLI's options that take the next word as a value (hosting-deploys.ts's), with its `env:` commands'. */
const NETLIFY_ENV_OPTIONS = new Set([...NETLIFY_VALUE_OPTIONS, '--scope']);

/** `netlify env:set KEY VALUE` (`ntl`): to api.netlify.com, the value on the line; `netlify env:import FILE`, the .env file's variables. */
function netlifyEnv(args: readonly string[], sources: CommandSources): ServiceSetting | null {
  const [command, file] = wordsOf(args, NETLIFY_ENV_OPTIONS).operands;
  if (command === 'env:set') return stored(args, 'api.netlify.com', 'netlify env:set');
  if (command === 'env:import') return stored(args, 'api.netlify.com', 'netlify env:import', file === undefined ? '' : sources.read(file));
  return null;
}

/**
 * `fly secrets set NAME=VALUE ...` (`flyctl`): to api.fly.io, the values on the line, and its input
 * for a `NAME=-` (flyctl's secrets/set.go reads that secret from stdin); `fly secrets import`, the
 * NAME=VALUE lines on its input.
 */
function flySecrets(args: readonly string[], sources: CommandSources): ServiceSetting | null {
  const [command, sub, ...pairs] = wordsOf(args, FLY_VALUE_OPTIONS).operands;
  if (command !== 'secrets') return null;
  if (sub === 'import') return stored(args, 'api.fly.io', 'fly secrets import', sources.input());
  if (sub !== 'set') return null;
  return stored(args, 'api.fly.io', 'fly secrets set', pairs.some((pair) => pair.endsWith('=-')) ? sources.input() : '');
}

/** Heroku CLI's options that take the next word as a value, for `config:set`. */
const HEROKU_VALUE_OPTIONS = new Set(['--app', '-a', '--remote', '-r']);

/** `heroku config:set KEY=VALUE ...` (and its alias `config:add`): to api.heroku.com, the values on the line. */
function herokuConfig(args: readonly string[]): ServiceSetting | null {
  const command = wordsOf(args, HEROKU_VALUE_OPTIONS).operands[0];
  return command === 'config:set' || command === 'config:add' ? stored(args, 'api.heroku.com', `heroku ${command}`) : null;
}

/** Railway CLI's options that take the next word as a value (hosting-deploys.ts's), with its variables command's. */
const RAILWAY_VARIABLE_OPTIONS = new Set([...RAILWAY_VALUE_OPTIONS, '--set', '--set-from-stdin']);
/** Railway CLI's variables command and its aliases. */
const RAILWAY_VARIABLES = new Set(['variables', 'variable', 'vars', 'var']);

/**
 * `railway variables --set KEY=VALUE` and `railway variable set KEY=VALUE` (its 4.x subcommand; the
 * aliases `variables`, `vars`, `var`): to backboard.railway.app, the values on the line, and its
 * input for `--set-from-stdin KEY` or `set KEY --stdin` (checked in railwayapp's variables.rs and
 * Railway's CLI reference). Listing and deleting store nothing.
 */
function railwayVariables(args: readonly string[], sources: CommandSources): ServiceSetting | null {
  const words = wordsOf(args, RAILWAY_VARIABLE_OPTIONS);
  const [command, sub] = words.operands;
  if (!RAILWAY_VARIABLES.has(command ?? '')) return null;
  const fromStdin = lastValue(words, '--set-from-stdin') !== undefined || (sub === 'set' && words.flags.has('--stdin'));
  if (sub !== 'set' && lastValue(words, '--set') === undefined && !fromStdin) return null;
  return stored(args, 'backboard.railway.app', 'railway variables set', fromStdin ? sources.input() : '');
}

/**
 * `wrangler secret put NAME` (and `pages secret put`, `versions secret put`, Wrangler 1's `secret:put`):
 * to api.cloudflare.com, the value on its input; `wrangler secret bulk [FILE]`, the file's JSON or .env
 * pairs, else its input (Cloudflare's Wrangler command reference).
 */
function wranglerSecret(args: readonly string[], sources: CommandSources): ServiceSetting | null {
  const operands = wordsOf(args, WRANGLER_VALUE_OPTIONS).operands;
  const words = operands[0] === 'pages' || operands[0] === 'versions' ? operands.slice(1) : operands;
  const [command, verb, file] = words[0]?.startsWith('secret:') ? ['secret', words[0].slice('secret:'.length), words[1]] : words;
  if (command !== 'secret') return null;
  if (verb === 'put') return stored(args, 'api.cloudflare.com', 'wrangler secret put', sources.input());
  if (verb === 'bulk') return stored(args, 'api.cloudflare.com', 'wrangler secret bulk', file === undefined ? sources.input() : sources.read(file));
  return null;
}

/** Doppler CLI's options that take the next word as a value: its global ones. */
const DOPPLER_VALUE_OPTIONS = new Set([
  '--project', '-p', '--config', '-c', '--token', '-t', '--configuration', '--scope', '--api-host', '--dashboard-host', '--timeout',
  '--dns-resolver-address', '--dns-resolver-proto', '--dns-resolver-timeout',
]);

/**
 * `doppler secrets set KEY=VALUE ...` (or `KEY VALUE`): to api.doppler.com, the values on the line,
 * and its input, where a KEY alone takes its value (Doppler's secrets-setting guide); `doppler secrets
 * upload FILE`, the .env, JSON or YAML file's secrets.
 */
function dopplerSecrets(args: readonly string[], sources: CommandSources): ServiceSetting | null {
  const [command, sub, file] = wordsOf(args, DOPPLER_VALUE_OPTIONS).operands;
  if (command !== 'secrets') return null;
  if (sub === 'set') return stored(args, 'api.doppler.com', 'doppler secrets set', sources.input());
  if (sub === 'upload') return stored(args, 'api.doppler.com', 'doppler secrets upload', file === undefined ? '' : sources.read(file));
  return null;
}

/** Vault's address option (`-address=URL`, `-address URL`, `--address=URL`): its value. */
const VAULT_ADDRESS = /^--?address(?:=(.*))?$/;

/** The Vault server a command line names with `-address` (the last one), or undefined. */
function vaultAddress(args: readonly string[]): string | undefined {
  let address: string | undefined;
  for (let k = 0; k < args.length; k++) {
    const m = VAULT_ADDRESS.exec(args[k]!);
    if (m) address = m[1] ?? args[++k];
  }
  return address;
}

/**
 * `vault kv put|patch PATH k=v ...` and `vault write PATH k=v ...`: to the Vault server, the values on
 * the line, the files `k=@file` and a whole `@data.json` name, and its input for `k=-` or `-` (Vault's
 * CLI reads a value starting with `@` from that file and `-` from stdin). Where: the host of
 * `-address`, else of VAULT_ADDR in the environment it runs with, else a destination named
 * `$VAULT_ADDR`, as a URL in a variable the line does not set is (the Vault CLI's own default is a
 * server on this machine, but the agent's shell may set VAULT_ADDR where the hook does not see it).
 */
function vaultWrite(args: readonly string[], sources: CommandSources): ServiceSetting | null {
  const operands = args.filter((a) => !a.startsWith('-') || a === '-');
  const [command, verb] = operands;
  const writes = command === 'write' ? 1 : command === 'kv' && (verb === 'put' || verb === 'patch') ? 2 : 0;
  if (writes === 0) return null;
  const texts: string[] = [];
  let input = false;
  for (const operand of operands.slice(writes)) {
    const value = operand.includes('=') ? operand.slice(operand.indexOf('=') + 1) : operand;
    if (value.startsWith('@')) texts.push(sources.read(value.slice(1)));
    else if (value === '-') input = true;
  }
  if (input) texts.push(sources.input());
  const address = vaultAddress(args) || sources.env().VAULT_ADDR || undefined;
  const host = address === undefined ? '$VAULT_ADDR' : (hostOf(address) ?? address);
  const summary = `vault ${operands.slice(0, writes).join(' ')} to ${host}`;
  return { sent: [args.join(' '), ...texts], host, encrypted: address !== undefined && /^https:/i.test(address), summary };
}

/** Firebase CLI's options that take the next word as a value (hosting-deploys.ts's), with `functions:secrets:set`'s. */
const FIREBASE_SECRET_OPTIONS = new Set([...FIREBASE_VALUE_OPTIONS, '--data-file']);

/**
 * `firebase functions:config:set key=value ...`: to cloudfunctions.googleapis.com, the values on the
 * line; `firebase functions:secrets:set NAME`, to secretmanager.googleapis.com, the value on its input or in `--data-file`'s file.
 */
function firebaseSettings(args: readonly string[], sources: CommandSources): ServiceSetting | null {
  const words = wordsOf(args, FIREBASE_SECRET_OPTIONS);
  const command = words.operands[0];
  if (command === 'functions:config:set') return stored(args, 'cloudfunctions.googleapis.com', 'firebase functions:config:set');
  if (command !== 'functions:secrets:set') return null;
  const file = lastValue(words, '--data-file');
  return stored(args, 'secretmanager.googleapis.com', 'firebase functions:secrets:set', file === undefined ? sources.input() : sources.read(file));
}

/** The roads by program name: what each setting command stores. */
const SERVICE_SETTINGS = new Map<string, (args: readonly string[], sources: CommandSources) => ServiceSetting | null>([
  ['vercel', vercelEnv],
  ['vc', vercelEnv],
  ['netlify', netlifyEnv],
  ['ntl', netlifyEnv],
  ['fly', flySecrets],
  ['flyctl', flySecrets],
  ['heroku', herokuConfig],
  ['railway', railwayVariables],
  ['wrangler', wranglerSecret],
  ['doppler', dopplerSecrets],
  ['vault', vaultWrite],
  ['firebase', firebaseSettings],
]);

/** What a hosting or secrets service's command stores there (`program` its name, `args` its words, `sources` what it reads); null for any other command, or one of theirs that stores nothing. */
export function serviceSetting(program: string, args: readonly string[], sources: CommandSources): ServiceSetting | null {
  return SERVICE_SETTINGS.get(program)?.(args, sources) ?? null;
}
