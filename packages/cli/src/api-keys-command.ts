// `bytebound keys create|list|revoke`: the operator's API key commands. They work on the server's
// own database (DATA_DIR / DATABASE_URL, the same configuration as the server) and print a new
// key once: only its hash and its encrypted secret are stored.
import { createApiKey, isApiKeyScope, listApiKeys, revokeApiKey, type ApiKeyScope, type ApiKeySummary } from '@bytebound/server/api-keys/api-key-store';
import { loadDataKey } from '@bytebound/server/api-keys/data-key';
import { checkDataKey } from '@bytebound/server/api-keys/data-key-check';
import { API_KEY_SCOPES } from '@bytebound/server/constants';
import { withServerDatabase } from './server-database.ts';

class UsageError extends Error {}

type Flags = { values: Map<string, string[]>; positional: string[]; switches: Set<string> };

function parseFlags(args: string[], withValue: readonly string[], switches: readonly string[]): Flags {
  const flags: Flags = { values: new Map(), positional: [], switches: new Set() };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      flags.positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    if (switches.includes(name) && eq === -1) {
      flags.switches.add(name);
      continue;
    }
    if (!withValue.includes(name)) throw new UsageError(`unknown option '--${name}'`);
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    flags.values.set(name, [...(flags.values.get(name) ?? []), value]);
  }
  return flags;
}

const single = (flags: Flags, name: string): string | undefined => flags.values.get(name)?.at(-1);

function table(keys: ApiKeySummary[]): string {
  if (keys.length === 0) return 'No API keys.\n';
  const rows = [
    ['ID', 'CUSTOMER', 'NAME', 'PREFIX', 'SCOPES', 'CREATED', 'LAST USED', 'STATUS'],
    ...keys.map((k) => [k.id, k.customerId, k.name, `${k.prefix}...`, k.scopes.join(','), k.createdAt, k.lastUsedAt ?? 'never', k.revokedAt ? `revoked ${k.revokedAt}` : 'active']),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return `${rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ')).join('\n')}\n`;
}

/** Runs create, list or revoke; returns the exit code (0 done, 1 usage or failure). */
export async function runApiKeysCommand(sub: 'create' | 'list' | 'revoke', args: string[]): Promise<number> {
  try {
    if (sub === 'create') {
      const flags = parseFlags(args, ['customer', 'name', 'scope'], []);
      const customerId = single(flags, 'customer');
      const name = single(flags, 'name');
      if (!customerId) throw new UsageError('missing --customer <id>');
      if (!name) throw new UsageError('missing --name <name>');
      if (flags.positional.length > 0) throw new UsageError(`unexpected argument '${flags.positional[0]}'`);
      const scopes: ApiKeyScope[] = [];
      for (const scope of (flags.values.get('scope') ?? []).flatMap((s) => s.split(','))) {
        if (!isApiKeyScope(scope)) throw new UsageError(`unknown scope '${scope}': one of ${API_KEY_SCOPES.join(', ')}`);
        scopes.push(scope);
      }
      const created = await withServerDatabase(async (db, config) => {
        // A key sealed with a data key the servers do not hold could never check an HMAC signature.
        const dataKey = loadDataKey({ dataKey: config.dataKey, dataDir: config.dataDir });
        await checkDataKey(db, dataKey);
        return createApiKey(db, dataKey, { customerId, name, scopes });
      });
      process.stdout.write(`${created.key}\n`);
      process.stderr.write(
        `Created API key ${created.id} for customer ${created.customerId} (${created.name}; scopes: ${created.scopes.join(', ')}).\n` +
          'This is the only time the key is shown: store it now.\n',
      );
      return 0;
    }
    if (sub === 'list') {
      const flags = parseFlags(args, ['customer'], ['json']);
      if (flags.positional.length > 0) throw new UsageError(`unexpected argument '${flags.positional[0]}'`);
      const keys = await withServerDatabase((db) => listApiKeys(db, single(flags, 'customer')));
      process.stdout.write(flags.switches.has('json') ? `${JSON.stringify(keys, null, 2)}\n` : table(keys));
      return 0;
    }
    const flags = parseFlags(args, [], []);
    const [id, extra] = flags.positional;
    if (!id) throw new UsageError('missing the id of the key to revoke (bytebound keys list shows it)');
    if (extra) throw new UsageError(`unexpected argument '${extra}'`);
    const keyId = id.replace(/^bb_live_/, '').split('_')[0]!;
    const found = await withServerDatabase((db) => revokeApiKey(db, keyId));
    if (!found) {
      process.stderr.write(`bytebound keys: no API key with id ${keyId}\n`);
      return 1;
    }
    process.stdout.write(`Revoked API key ${keyId}: running servers refuse requests with it within a second.\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`bytebound keys ${sub}: ${error.message}\n(bytebound keys --help shows the options)\n`);
      return 1;
    }
    process.stderr.write(`bytebound keys ${sub}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
