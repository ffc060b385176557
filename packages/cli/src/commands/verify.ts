// `bytebound verify <file> --keys <JWK set file or URL>`: checks a proof bundle, an inclusion
// proof, a consistency proof or a whole exported audit log offline. Exit 0 valid, 1 not.
import fs from 'node:fs';
import type { Checkpoint } from '@bytebound/engine/checkpoint';
import { type KeyRing, keyRingFromJwks } from '@bytebound/engine/signing-keys';
import { verifyFile } from '@bytebound/engine/verify';

export const summary = 'verify a proof bundle, an inclusion proof or an exported audit log';

const HELP = `Usage: bytebound verify <file> --keys <jwks.json | https://host/api/v1/keys> [--since <checkpoint.json>] [--json]

Verifies, with public keys only, one of:
  a proof bundle ({decision, envelope}), the decision API's answer (POST /api/v1/decide),
  or a bare DSSE envelope,
  an inclusion proof (GET /api/v1/audit/proof/:id),
  a consistency proof (GET /api/v1/audit/consistency),
  an exported audit log (GET /api/v1/audit/export).
<file> may be - for standard input. --since takes a checkpoint you saved earlier
(GET /api/v1/audit/checkpoint): an export must contain that very tree, so history was
neither rewritten nor truncated since. Exit code 0: valid; 1: not valid or unreadable.
`;

/** How long fetching a key set may take, the answer's body included. */
const KEYS_FETCH_TIMEOUT_MS = 10_000;

async function readKeys(source: string): Promise<KeyRing> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    try {
      const response = await fetch(source, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(KEYS_FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`it answered ${response.status}`);
      text = await response.text();
    } catch (error) {
      throw new Error(`could not fetch the keys from ${source}: ${whyFetchFailed(error)}`);
    }
  } else {
    text = fs.readFileSync(source, 'utf8');
  }
  let jwks: unknown;
  try {
    jwks = JSON.parse(text);
  } catch {
    throw new Error(`${source} is not JSON`);
  }
  return keyRingFromJwks(jwks);
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved now',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection closed before the answer was complete',
};

/** fetch says only "fetch failed": the reason is in its cause. */
function whyFetchFailed(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no complete answer within ${KEYS_FETCH_TIMEOUT_MS / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code && NETWORK_ERRORS[cause.code]) return NETWORK_ERRORS[cause.code]!;
  if (cause?.message) return cause.code ? `${cause.message} (${cause.code})` : cause.message;
  return (error as Error).message;
}

export async function run(args: string[]): Promise<number> {
  let file: string | undefined;
  let keys: string | undefined;
  let json = false;
  let since: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--help' || a === '-h') {
      process.stdout.write(HELP);
      return 0;
    } else if (a === '--keys' || a === '--since' || a.startsWith('--keys=') || a.startsWith('--since=')) {
      const [name, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, args[++i]];
      if (!inline || inline.startsWith('--')) {
        process.stderr.write(`bytebound verify: ${name} needs a value: ${name === '--keys' ? 'a JWK set file or URL' : 'a checkpoint file'}\n\n${HELP}`);
        return 1;
      }
      if (name === '--keys') keys = inline;
      else since = inline;
    } else if (a === '--json') json = true;
    else if (a.startsWith('--')) {
      process.stderr.write(`bytebound verify: unknown option ${a}\n\n${HELP}`);
      return 1;
    } else if (file === undefined) file = a;
    else {
      process.stderr.write(`bytebound verify: one file at a time (got ${file} and ${a})\n`);
      return 1;
    }
  }
  if (!file || !keys) {
    process.stderr.write(`bytebound verify: ${file ? '--keys <JWK set file or URL> is required' : 'which file?'}\n\n${HELP}`);
    return 1;
  }
  let value: unknown;
  let ring: KeyRing;
  let trustedCheckpoints: Checkpoint[] = [];
  try {
    const text = file === '-' ? fs.readFileSync(0, 'utf8') : fs.readFileSync(file, 'utf8');
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error(`${file} is not JSON`);
    }
    ring = await readKeys(keys);
    if (since) {
      try {
        trustedCheckpoints = [JSON.parse(fs.readFileSync(since, 'utf8')) as Checkpoint];
      } catch (error) {
        throw new Error(`--since ${since}: ${error instanceof SyntaxError ? 'not JSON' : (error as Error).message}`);
      }
    }
  } catch (error) {
    process.stderr.write(`bytebound verify: ${(error as Error).message}\n`);
    return 1;
  }
  const result = verifyFile(value, ring, { trustedCheckpoints });
  if (json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    const notes = (result.notes ?? []).map((n) => `  note ${n}\n`).join('');
    if (result.ok) {
      process.stdout.write(`VALID ${result.kind}: ${file}\n${result.passed.map((p) => `  ok  ${p}\n`).join('')}${notes}`);
    } else {
      const lines = result.failures.map((f) => `  FAIL ${f.check}${f.entry ? ` [${f.entry}]` : ''}: ${f.message}\n`);
      process.stdout.write(`INVALID ${result.kind}: ${file}\n${lines.join('')}${notes}`);
    }
  }
  return result.ok ? 0 : 1;
}
