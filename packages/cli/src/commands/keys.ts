// `bytebound keys export`: prints the public JWK set of the local signing key (created on first
// use under BYTEBOUND_HOME, default ~/.bytebound, with mode 0600). `keys create|list|revoke`
// manage the server's API keys (api-keys-command.ts, loaded only when used).
import path from 'node:path';
import { LOCAL_SIGNING_KEY_FILE } from '@bytebound/engine/agent/config';
import { userHome } from '@bytebound/engine/agent/own-files';
import { readOrCreateKeyFile } from '@bytebound/engine/key-file';
import { makeFolder } from '@bytebound/engine/make-folder';
import { type SigningKey, generateSigningKey, parseSigningKey, privateKeyPem } from '@bytebound/engine/signing-keys';

export const summary = 'manage API keys and export the local signing keys';

const HELP = `Usage: bytebound keys <export|create|list|revoke> [options]

  export   print the public JWK set of the local signing key ($BYTEBOUND_HOME or ~/.bytebound)
  create   --customer <id> --name <name> [--scope <decide|arbiters|receptionist> ...]
           create an API key for a customer and print it once (default: every scope)
  list     [--customer <id>] [--json]   list API keys (never their secrets)
  revoke   <key id>                     revoke a key at once

  create, list and revoke use the server's database: DATA_DIR (default ./data) or DATABASE_URL.
`;


export function byteboundHome(): string {
  return process.env.BYTEBOUND_HOME ? path.resolve(process.env.BYTEBOUND_HOME) : path.join(userHome(), '.bytebound');
}


/** The local signing key, created on first use (directory 0700, key file 0600). */
export function localSigningKey(home = byteboundHome()): SigningKey {
  const file = path.join(home, LOCAL_SIGNING_KEY_FILE);
  makeFolder(home, 0o700);
  // A hook started at the same moment may have created it first: then its key is the one.
  return parseSigningKey(readOrCreateKeyFile(file, () => privateKeyPem(generateSigningKey())));
}

export async function run(args: string[]): Promise<number> {
  const [sub] = args;
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  if (sub === 'create' || sub === 'list' || sub === 'revoke') {
    const { runApiKeysCommand } = await import('../api-keys-command.ts');
    return runApiKeysCommand(sub, args.slice(1));
  }
  if (sub !== 'export') {
    process.stderr.write(`bytebound keys: ${sub ? `unknown subcommand '${sub}'` : 'which subcommand?'}\n\n${HELP}`);
    return 1;
  }
  try {
    const key = localSigningKey();
    process.stdout.write(`${JSON.stringify({ keys: [key.publicJwk] }, null, 2)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`bytebound keys: ${(error as Error).message}\n`);
    return 1;
  }
}
